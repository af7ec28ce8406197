package io.hbload.mapreduce.task;

/**
 * The counters each map task keeps up to date while it runs, which the driver sums into its status
 * line: Hadoop aggregates them over the job's running and finished attempts (a killed attempt's
 * counts go with it).
 */
public enum ShardCounter {
  /** load/run: operations done so far. */
  OPERATIONS,
  /** load/run: operations whose outcome was not OK. */
  ERRORS,
  /** dfsio: files written or read. */
  FILES,
  /** dfsio: bytes written or read. */
  BYTES
}
