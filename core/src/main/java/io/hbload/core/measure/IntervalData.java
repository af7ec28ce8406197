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
  final Histogram[] service;
  final Histogram[] intended;
  final long[] returns;
  long operations;

  /** Sized to the run's measures. */
  IntervalData(LatencyNames names) {
    this.service = new Histogram[names.slots()];
    this.intended = new Histogram[names.slots()];
    this.returns = new long[names.measures().count() * Status.MAX_IDS];
  }

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
