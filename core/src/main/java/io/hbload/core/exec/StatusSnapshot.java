package io.hbload.core.exec;

import io.hbload.core.measure.IntervalView;

/**
 * Progress at one reporting tick.
 *
 * @param elapsedMillis since the phase started
 * @param totalOperations completed so far
 * @param previousTotalOperations completed at the previous tick
 * @param intervalMillis length of the interval this tick closes
 * @param remainingOperations still to do, 0 when the phase has no operation count
 * @param interval merged measurements of the interval
 * @param statusDue whether this tick closes a status interval ({@code status.interval}): ticks come
 *     at the sample interval (1 s or finer), so that the HdrHistogram log and the report's series
 *     are readable; the status line and the progress line speak only at status ticks. The ticks at
 *     the start and at the end are always due
 */
public record StatusSnapshot(
    long epochMillis,
    long elapsedMillis,
    long totalOperations,
    long previousTotalOperations,
    long intervalMillis,
    long remainingOperations,
    IntervalView interval,
    boolean statusDue) {

  /** A tick that is also a status tick. */
  public StatusSnapshot(
      long epochMillis,
      long elapsedMillis,
      long totalOperations,
      long previousTotalOperations,
      long intervalMillis,
      long remainingOperations,
      IntervalView interval) {
    this(
        epochMillis,
        elapsedMillis,
        totalOperations,
        previousTotalOperations,
        intervalMillis,
        remainingOperations,
        interval,
        true);
  }
}
