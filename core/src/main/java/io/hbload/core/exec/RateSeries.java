package io.hbload.core.exec;

import io.hbload.core.config.Execution;
import io.hbload.core.config.RateSchedule;
import io.hbload.core.config.ShardSpec;
import io.hbload.core.config.Slo;
import io.hbload.core.measure.IntervalView;
import io.hbload.core.measure.Measure;
import io.hbload.core.measure.Measures;
import io.hbload.core.schedule.RateCurve;
import io.hbload.core.schedule.RateReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * The schedule against what was done, kept as the reporter ticks while a paced phase runs with a
 * schedule or an objective: per interval the operations this client's share of the curve made due,
 * those that completed, the backlog, and the objective's percentiles of the scheduled operations'
 * latency (every type merged in reused histograms). Operations due are counted from the curve
 * itself, not from what the workers did, so that a store that falls behind shows a growing backlog
 * whatever the workers managed to send. A tick much shorter than the sample interval (the one at
 * the start) is left out. Confined to the reporter thread; one small record per interval kept.
 */
final class RateSeries {
  private final List<RateReport.Interval> intervals = new ArrayList<>();
  private final RateSchedule schedule;
  private final RateCurve curve;
  private final ShardSpec shard;
  private final long operations;
  private final Slo slo;
  private final Measures measures;
  private final long minNanos;
  private final Histogram intended = new Histogram(3);
  private final Histogram service = new Histogram(3);

  private long startNanos;
  private long lastNanos;
  private long dueBefore;
  private long completed;

  /** Operations of ticks too short to keep, counted in the interval that takes their time in. */
  private long carried;

  private int brokenAt = -1;
  private String brokenBy;

  /**
   * For {@code execution}'s target from {@code startNanos} (the phase's start on its clock); ticks
   * under {@code minNanos} are left out.
   */
  RateSeries(Execution execution, Measures measures, long startNanos, long minNanos) {
    this.schedule = execution.target();
    this.curve = RateCurve.of(schedule);
    this.shard = execution.shard();
    this.operations = execution.operations();
    this.slo = execution.slo();
    this.measures = measures;
    this.minNanos = minNanos;
    this.intended.setAutoResize(true);
    this.service.setAutoResize(true);
    restart(startNanos);
  }

  /** Measuring starts again at {@code nanos} (the warm-up ended and the schedule with it). */
  void restart(long nanos) {
    intervals.clear();
    startNanos = nanos;
    lastNanos = nanos;
    dueBefore = 0;
    completed = 0;
    carried = 0;
    brokenAt = -1;
    brokenBy = null;
  }

  /**
   * This client's operations due by {@code seconds}: the curve's operations 0 .. N(t) numbered over
   * every shard, of which this shard takes every count-th from its index; capped at its operation
   * count when it has one.
   */
  long dueBy(double seconds) {
    long all = (long) Math.floor(curve.dueBy(seconds) + 1e-9);
    long mine = all < shard.index() ? 0 : (all - shard.index()) / shard.count() + 1;
    if (seconds <= 0) {
      mine = 0;
    }
    return operations > 0 ? Math.min(mine, operations) : mine;
  }

  /** The interval {@code view} that ended at {@code nowNanos}. */
  void add(IntervalView view, long nowNanos) {
    completed += view.operations();
    long length = nowNanos - lastNanos;
    if (length < minNanos) {
      // the start's empty tick, or one right after the warm-up's end: its time and operations go
      // to the next interval (which starts where this one did)
      carried += view.operations();
      return;
    }
    long done = view.operations() + carried;
    carried = 0;
    double from = (lastNanos - startNanos) / 1e9;
    double to = (nowNanos - startNanos) / 1e9;
    double seconds = length / 1e9;
    lastNanos = nowNanos;
    long due = dueBy(to);
    long dueIn = due - dueBefore;
    dueBefore = due;
    long[] latencies = latencies(view);
    String why = slo == null ? null : broken(latencies, done, dueIn);
    RateReport.Interval in =
        new RateReport.Interval(
            from,
            to,
            dueIn / seconds,
            done / seconds,
            Math.max(0, due - completed),
            (curve.dueBy(to) - curve.dueBy(from)) / seconds,
            latencies,
            why != null);
    intervals.add(in);
    if (why != null && brokenAt < 0) {
      brokenAt = intervals.size() - 1;
      brokenBy = why;
    }
  }

  private long[] latencies(IntervalView view) {
    if (slo == null) {
      return new long[0];
    }
    intended.reset();
    service.reset();
    for (IntervalView.Latency l : view.latencies()) {
      // scheduled operations that succeeded: an outcome's latency goes under the measure's own
      // name only when it succeeded
      if (Measure.scheduled(l.name()) && measures.named(l.name()) != null) {
        intended.add(l.intended());
        service.add(l.service());
      }
    }
    long[] out = new long[slo.limits().size()];
    for (int i = 0; i < out.length; i++) {
      Slo.Limit limit = slo.limits().get(i);
      Histogram h = limit.service() ? service : intended;
      out[i] = h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(limit.percentile());
    }
    return out;
  }

  /**
   * What broke the objective in an interval, or null: a limit reached, or operations due and none
   * completed (a store that stopped answering has no latency to judge, and is not coping).
   */
  private String broken(long[] latencies, long done, long due) {
    if (done == 0) {
      return due > 0 ? "no operation completed while " + due + " were due" : null;
    }
    for (int i = 0; i < latencies.length; i++) {
      Slo.Limit limit = slo.limits().get(i);
      if (latencies[i] >= limit.limitNanos()) {
        return String.format(
            Locale.ROOT,
            "%s %.3fms >= %s",
            limit.text().substring(0, limit.text().indexOf('<')),
            latencies[i] / 1e6,
            limit.text().substring(limit.text().indexOf('<') + 1));
      }
    }
    return null;
  }

  RateReport report() {
    return new RateReport(
        schedule.text(), slo == null ? null : slo.text(), intervals, brokenAt, brokenBy);
  }
}
