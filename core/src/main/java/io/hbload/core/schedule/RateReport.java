package io.hbload.core.schedule;

import java.util.List;

/**
 * What a paced phase offered against what its schedule asked, per sample interval (a second, or the
 * status interval when shorter), from the start of measuring: the operations the schedule made due
 * in the interval (this client's share), the operations that completed, and the backlog (due so far
 * minus completed so far: what the store owes, never dropped), with the latency the objective
 * reads. When an objective ({@code --slo}) was given, the first interval that broke it and the rate
 * the whole run's schedule asked for then: the load at which the store stopped coping. A result
 * figure ({@link io.hbload.core.result.RunResult#figure}); immutable.
 *
 * @param schedule the target as written
 * @param slo the objective as written, or null
 * @param intervals in time order
 * @param brokenAt index into {@code intervals} of the first interval that broke the objective, or
 *     -1 (none, or no objective)
 * @param brokenBy what broke it there (e.g. {@code p99 31.2ms >= 10ms}), or null
 */
public record RateReport(
    String schedule, String slo, List<Interval> intervals, int brokenAt, String brokenBy) {

  public RateReport {
    intervals = List.copyOf(intervals);
  }

  /**
   * One interval.
   *
   * @param startSeconds from the start of measuring
   * @param endSeconds from the start of measuring
   * @param intendedOpsPerSec this client's operations due in the interval, per second
   * @param achievedOpsPerSec operations completed in it, per second
   * @param backlog operations due by its end that had not completed
   * @param scheduleOpsPerSec the whole run's schedule over the interval (every shard), per second
   * @param latencyNanos per objective limit, the interval's percentile it names (0 when nothing
   *     completed); empty without an objective
   * @param sloBroken whether the interval broke the objective (false without one)
   */
  public record Interval(
      double startSeconds,
      double endSeconds,
      double intendedOpsPerSec,
      double achievedOpsPerSec,
      long backlog,
      double scheduleOpsPerSec,
      long[] latencyNanos,
      boolean sloBroken) {}

  /** The first interval that broke the objective, if any. */
  public Interval broken() {
    return brokenAt < 0 ? null : intervals.get(brokenAt);
  }

  /**
   * The first interval from which the objective never held again to the end of the run, or null (it
   * held in the last interval, or there is none): unlike the first break, which one GC pause or
   * cold start can make, this is where the store stopped coping for good.
   */
  public Interval brokenForGood() {
    int k = intervals.size();
    while (k > 0 && intervals.get(k - 1).sloBroken()) {
      k--;
    }
    return k == intervals.size() ? null : intervals.get(k);
  }

  /** The largest backlog of any interval. */
  public long maxBacklog() {
    return intervals.stream().mapToLong(Interval::backlog).max().orElse(0);
  }
}
