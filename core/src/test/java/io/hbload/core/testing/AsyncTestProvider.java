package io.hbload.core.testing;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.binding.BindingSession;
import java.util.function.IntFunction;

/**
 * A binding provider for tests of the pipelined engine: it declares async support, and its sessions
 * (from {@link #asyncOnly}, or the subclass's own) hand out async bindings only, so a test sees the
 * pipelined path or a failure, never a silent fall-back to blocking workers.
 */
public abstract class AsyncTestProvider implements BindingProvider {
  @Override
  public String name() {
    return "test-async";
  }

  @Override
  public String description() {
    return "async test binding";
  }

  @Override
  public boolean supportsAsync() {
    return true;
  }

  /**
   * A session giving worker {@code i} the async binding {@code bindings.apply(i)} and refusing
   * blocking ones.
   */
  protected static BindingSession asyncOnly(IntFunction<AsyncBinding> bindings) {
    return asyncOnly(bindings, () -> {});
  }

  /** {@link #asyncOnly(IntFunction)} that runs {@code onClose} when the session closes. */
  protected static BindingSession asyncOnly(IntFunction<AsyncBinding> bindings, Runnable onClose) {
    return new BindingSession() {
      @Override
      public Binding newBinding(int workerIndex) throws BindingException {
        throw new BindingException("async only");
      }

      @Override
      public AsyncBinding newAsyncBinding(int workerIndex) {
        return bindings.apply(workerIndex);
      }

      @Override
      public void close() {
        onClose.run();
      }
    };
  }
}
