package io.hbload.core.exec;

/**
 * A session's own operations ({@link OwnOperations}, hbload pe) on a {@link BlockingLoop}, which calls it once per
 * operation of its quota instead of issuing an {@link io.hbload.core.source.OperationSource}'s steps. Each call issues
 * at most one operation through the worker's {@link io.hbload.core.measure.MeasuredBinding}, which records it. (PE's
 * side door until its commands become an operation source of their own.)
 *
 * <p>Thread-confined to its worker; implementations should allocate nothing of their own in steady state.
 */
public interface WorkerOperations {
  /** Load phase: the next record of this worker's share. */
  void load(long intendedStartNanos);

  /** Run phase: the next operation. */
  void transaction(long intendedStartNanos);
}
