package io.hbload.core.source;

import io.hbload.core.binding.AsyncWorkerClient;
import io.hbload.core.measure.Measure;

/**
 * A call issued on a pipelined worker's async client {@code A}: it returns once the call is issued,
 * and its outcome comes later through the worker's completion. The loop stamps and records it.
 *
 * @param <A> the async client type the call needs (YCSB's {@link
 *     io.hbload.core.binding.AsyncBinding}, or a workload's own)
 */
public abstract class PipelinedStep<A extends AsyncWorkerClient> extends Step {
  protected PipelinedStep(Measure measure) {
    super(measure);
  }

  /**
   * Issues the call for the slot's operation and completes slot {@code s.index} through {@code
   * done} exactly once, on any thread, possibly before returning. Does not throw: a failure
   * completes with an error status.
   */
  public abstract void issue(A client, OperationSlot<?> s, AsyncWorkerClient.Completion done);
}
