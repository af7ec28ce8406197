package io.hbload.core.exec;

/**
 * What a worker calls once per operation slot of its quota: YCSB's CoreWorkload ({@link WorkloadOps}) or a
 * session's own operations ({@link OwnOperations}). Each call issues at most one operation through the worker's
 * {@link io.hbload.core.measure.MeasuredBinding}, which records it.
 *
 * <p>Thread-confined to its worker; implementations should allocate nothing of their own in steady state.
 */
public interface WorkerOperations {
  /** Load phase: the next record of this worker's share. */
  void load(long intendedStartNanos);

  /** Run phase: the next operation. */
  void transaction(long intendedStartNanos);
}
