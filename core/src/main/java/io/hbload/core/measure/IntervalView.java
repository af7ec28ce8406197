package io.hbload.core.measure;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * All workers' measurements for one reporting interval, merged: what a status line and one block of
 * the HdrHistogram log show. Valid until the next collection; the reporter thread owns it.
 *
 * @param operations operations completed in the interval
 * @param latencies every measurement seen so far in the run (possibly empty in this interval)
 */
public record IntervalView(
    long startEpochMillis, long endEpochMillis, long operations, List<Latency> latencies) {

  /**
   * One measurement's interval histograms (nanoseconds); intended is service when not throttled.
   */
  public record Latency(String name, Histogram service, Histogram intended) {}
}
