package io.hbload.core.exec;

import io.hbload.core.fault.FaultImpact;
import io.hbload.core.measure.IntervalView;
import io.hbload.core.measure.Measure;
import io.hbload.core.measure.Measures;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The measured intervals as fault analysis reads them, kept as the reporter ticks while a phase has
 * faults: per interval the operations that succeeded and that failed, and the p99 and maximum of
 * their latency from the intended start (service time when not paced), every scheduled operation
 * type merged in one reused histogram and kept compressed. A tick much shorter than the sample
 * interval (the one at the start, the last one) is left out: a second's worth of nothing is not an
 * outage. Confined to the reporter thread; one small record per interval kept.
 */
final class FaultSeries {
  private final List<FaultImpact.Interval> intervals = new ArrayList<>();
  private final Histogram merged = new Histogram(3);
  private final Measures measures;
  private final long minMillis;

  /**
   * Over the latencies of {@code measures}, a run's; intervals shorter than {@code minMillis} out.
   */
  FaultSeries(Measures measures, long minMillis) {
    this.measures = measures;
    this.minMillis = minMillis;
    merged.setAutoResize(true);
  }

  void add(IntervalView view) {
    if (view.endEpochMillis() - view.startEpochMillis() < minMillis) {
      return;
    }
    merged.reset();
    long ok = 0;
    long failed = 0;
    for (IntervalView.Latency l : view.latencies()) {
      if (!Measure.scheduled(l.name())) {
        continue;
      }
      long n = l.intended().getTotalCount();
      // an outcome's latency goes under the measure's own name only when it succeeded
      if (measures.named(l.name()) != null) {
        ok += n;
      } else {
        failed += n;
      }
      merged.add(l.intended());
    }
    intervals.add(
        FaultImpact.Interval.of(
            view.startEpochMillis(), view.endEpochMillis(), ok, failed, merged));
  }

  /** Forgets what was added so far (the warm-up ended). */
  void clear() {
    intervals.clear();
  }

  List<FaultImpact.Interval> intervals() {
    return List.copyOf(intervals);
  }
}
