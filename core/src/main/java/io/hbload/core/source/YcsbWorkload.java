package io.hbload.core.source;

import io.hbload.core.binding.BindingSession;

/**
 * YCSB's CoreWorkload on a YCSB binding: each worker's client is the binding its session makes, and
 * its operations a {@link YcsbSource}.
 */
public record YcsbWorkload(BindingSession session) implements BindingWorkload {
  @Override
  public BindingSession bindings() {
    return session;
  }

  @Override
  public <S extends Step> OperationSource<S> source(YcsbSteps<S> steps, PhaseContext phase) {
    return new YcsbSource<>(steps, phase);
  }
}
