package io.hbload.core.binding;

/**
 * A YCSB binding's state for one run, shared by all workers: a connection, a server-side metrics
 * reader; it makes each worker's {@link Binding} (or {@link AsyncBinding}), on which YCSB's
 * CoreWorkload runs. Opened once by {@link BindingProvider#open}, closed after every worker's
 * cleanup. Thread-safe.
 */
public interface BindingSession extends RunSession {
  /** The binding for one worker thread; called on that thread before its first operation. */
  Binding newBinding(int workerIndex) throws BindingException;

  /**
   * True when workers should drive {@link #newAsyncBinding} even with one operation in flight (a
   * binding setting chose its async client). With {@code hbload.inflight} above 1 the engine uses
   * it whatever this says.
   */
  default boolean async() {
    return false;
  }

  /**
   * The async binding for one worker thread, called on that thread before its first operation; only
   * for providers that {@linkplain BindingProvider#supportsAsync() support} it.
   */
  default AsyncBinding newAsyncBinding(int workerIndex) throws BindingException {
    throw new BindingException("this binding has no async interface (hbload.inflight must be 1)");
  }
}
