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
 */
public record StatusSnapshot(
    long epochMillis,
    long elapsedMillis,
    long totalOperations,
    long previousTotalOperations,
    long intervalMillis,
    long remainingOperations,
    IntervalView interval) {
}
