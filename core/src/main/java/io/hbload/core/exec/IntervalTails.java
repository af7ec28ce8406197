package io.hbload.core.exec;

import io.hbload.core.measure.IntervalView;
import io.hbload.core.measure.Measure;
import io.hbload.core.measure.Measures;
import io.hbload.core.server.ServerSeries;
import io.hbload.core.server.TailOutliers;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Each measured interval's p99.9 as the reporter ticks, for the {@link TailOutliers} the servers
 * may explain: the service time of every operation type the engine schedules, merged into one
 * reused histogram. Confined to the reporter thread; one allocation per interval kept.
 */
final class IntervalTails {
  private final List<TailOutliers.Interval> intervals = new ArrayList<>();
  private final Histogram merged = new Histogram(3);

  private final Measures measures;

  /** Over the latencies of {@code measures}, a run's. */
  IntervalTails(Measures measures) {
    this.measures = measures;
    merged.setAutoResize(true);
  }

  /** Adds one interval (a measured one: the warm-up's are cleared when it ends). */
  void add(IntervalView view) {
    merged.reset();
    for (IntervalView.Latency l : view.latencies()) {
      if (measures.named(l.name()) != null && Measure.scheduled(l.name())) {
        merged.add(l.service());
      }
    }
    if (merged.getTotalCount() > 0) {
      intervals.add(
          new TailOutliers.Interval(
              view.startEpochMillis(), view.endEpochMillis(), merged.getValueAtPercentile(99.9)));
    }
  }

  /** Forgets what was added so far (the warm-up ended). */
  void clear() {
    intervals.clear();
  }

  /** Measured intervals kept so far. */
  int size() {
    return intervals.size();
  }

  /**
   * The outliers of the intervals kept; {@code coldStart}: the phase had no warm-up, so its first
   * interval is the client's own cold start.
   */
  TailOutliers find(ServerSeries series, ServerSeries host, boolean coldStart) {
    return TailOutliers.find(intervals, series, host, coldStart);
  }
}
