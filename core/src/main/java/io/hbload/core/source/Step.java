package io.hbload.core.source;

import io.hbload.core.measure.Measure;

/**
 * One call of an operation, typed by the client it runs on: a {@link BlockingStep} makes it on a
 * blocking worker's client, a {@link PipelinedStep} issues it on a pipelined worker's. A step runs
 * itself, so a loop needs no switch over kinds of call and knows no workload: YCSB's read and PE's
 * check-and-put are run the same way. Each is recorded under its {@link #measure}. Immutable and
 * stateless, or bound to the one worker's source that made it.
 */
public abstract class Step {
  /** What the call is recorded under; a field, read on the hot path without a call. */
  public final Measure measure;

  protected Step(Measure measure) {
    this.measure = measure;
  }

  @Override
  public String toString() {
    return measure.reportName();
  }
}
