package io.hbload.core.source;

import io.hbload.core.binding.Status;
import io.hbload.core.binding.WorkerClient;
import io.hbload.core.measure.Measure;

/**
 * A call made on a blocking worker's client {@code C}: it returns when the call is over. The loop
 * times it and records its outcome.
 *
 * @param <C> the client type the call needs (YCSB's {@link io.hbload.core.binding.Binding}, or a
 *     workload's own)
 */
public abstract class BlockingStep<C extends WorkerClient> extends Step {
  protected BlockingStep(Measure measure) {
    super(measure);
  }

  /**
   * Makes the call for the slot's operation and returns its outcome, or null when there is none to
   * record yet (a call a workload batches: neither recorded nor counted). Must not throw for a
   * failed call: an outcome says so.
   */
  public abstract Status call(C client, OperationSlot<?> s);
}
