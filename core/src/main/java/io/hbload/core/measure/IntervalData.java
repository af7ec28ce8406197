package io.hbload.core.measure;

import io.hbload.core.binding.Status;
import java.util.Arrays;
import org.HdrHistogram.Histogram;

/**
 * One worker's measurements for one reporting interval: latency histograms per slot (nanoseconds,
 * service time and time from the intended start), outcome counts per measure and status, and the
 * number of operations. Histograms are created on first use and then reused across intervals, so
 * steady state allocates nothing. Owned by one writer at a time; handed between writer and reader
 * by {@link WorkerRecorder}.
 */
public final class IntervalData {
  final Histogram[] service = new Histogram[LatencyNames.SLOTS];
  final Histogram[] intended = new Histogram[LatencyNames.SLOTS];
  final long[] returns = new long[Measure.COUNT * Status.MAX_IDS];
  long operations;

  /** Three significant digits, auto-resizing: small until long latencies show up. */
  static Histogram newHistogram() {
    Histogram h = new Histogram(3);
    h.setAutoResize(true);
    return h;
  }

  void reset() {
    for (Histogram h : service) {
      if (h != null) {
        h.reset();
      }
    }
    for (Histogram h : intended) {
      if (h != null) {
        h.reset();
      }
    }
    Arrays.fill(returns, 0);
    operations = 0;
  }

  public long operations() {
    return operations;
  }
}
