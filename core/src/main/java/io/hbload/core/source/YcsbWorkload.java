package io.hbload.core.source;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingSession;
import java.util.SplittableRandom;

/**
 * YCSB's CoreWorkload on a YCSB binding: each worker's client is the binding its session makes, and
 * its operations a {@link YcsbSource} whose steps are YCSB's calls ({@link YcsbSteps}), drawn by
 * operation number from the phase's seed (not from the worker's own stream, which it ignores).
 */
public record YcsbWorkload(BindingSession session) implements Workload<Binding, AsyncBinding> {
  @Override
  public boolean async() {
    return session.async();
  }

  @Override
  public Binding newClient(int workerIndex) throws BindingException {
    return session.newBinding(workerIndex);
  }

  @Override
  public AsyncBinding newAsyncClient(int workerIndex) throws BindingException {
    return session.newAsyncBinding(workerIndex);
  }

  @Override
  public OperationSource<BlockingStep<Binding>> blocking(
      int workerIndex, PhaseContext phase, Binding client, SplittableRandom random) {
    return new YcsbSource<>(YcsbSteps.BLOCKING, phase);
  }

  @Override
  public OperationSource<PipelinedStep<AsyncBinding>> pipelined(
      int workerIndex, PhaseContext phase, AsyncBinding client, SplittableRandom random) {
    return new YcsbSource<>(YcsbSteps.PIPELINED, phase);
  }
}
