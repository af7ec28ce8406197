package io.hbload.core.fault;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What each fault cost the clients, read from the phase's interval series (1 s intervals): the
 * baseline is the intervals before the fault and after the previous fault's action returned; from
 * the interval the fault was injected in, an interval is <em>without service</em> when nothing
 * succeeded in it or more than half of its operations failed, and the fault has <em>recovered</em>
 * at the start of the first run of {@link Settings#stableIntervals} consecutive intervals each with
 * service, a p99 within {@link Settings#p99Factor} of the baseline p99 and a success rate of at
 * least {@link Settings#throughputFraction} of the baseline's. The fault's window runs from its
 * injection to its recovery (at least the injection's interval), or to the end of the series when
 * it did not recover. Baseline figures are medians over the baseline's intervals, so one slow
 * second before the fault does not move them. Pure and stateless.
 */
public final class FaultImpact {
  private FaultImpact() {}

  /**
   * One interval of the phase, as the reporter collected it.
   *
   * @param successes operations that returned OK
   * @param errors operations that returned anything else
   * @param p99Nanos p99 latency of every operation in the interval (from its intended start when
   *     the run is paced); 0 when none completed
   * @param maxNanos the longest operation of the interval, 0 when none completed
   */
  public record Interval(
      long startEpochMillis,
      long endEpochMillis,
      long successes,
      long errors,
      long p99Nanos,
      long maxNanos) {

    /** Successes per second. */
    public double successRate() {
      return successes * 1000.0 / Math.max(1, endEpochMillis - startEpochMillis);
    }

    /** Nothing succeeded, or more than half of what completed failed. */
    public boolean withoutService() {
      return successes == 0 || errors > successes;
    }
  }

  /**
   * When a fault counts as recovered: {@code stableIntervals} consecutive intervals with p99 at
   * most {@code p99Factor} times the baseline's and successes at least {@code throughputFraction}
   * of the baseline's rate.
   */
  public record Settings(double p99Factor, double throughputFraction, int stableIntervals) {
    /** 1.5x the baseline p99, 95 % of its throughput, for 10 intervals (seconds). */
    public static final Settings DEFAULT = new Settings(1.5, 0.95, 10);
  }

  /**
   * What one fault cost.
   *
   * @param baselineIntervals how many intervals the baseline has; 0: none (the fault came first, or
   *     right after another), and no recovery is judged
   * @param baselineP99Nanos the median of the baseline intervals' p99
   * @param baselineOpsPerSec the median of the baseline intervals' success rates
   * @param peakP99Nanos the highest interval p99 in the fault's window
   * @param worstLatencyNanos the longest operation in the fault's window
   * @param secondsWithoutService the length of the intervals without service in the window
   * @param recoveryMillis from the injection to the recovery; null when it did not recover
   * @param endedSteady the series ended within a steady stretch too short to count: whether the
   *     fault recovered is not known (a fault too close to the run's end), rather than "did not
   *     recover"
   */
  public record Cost(
      InjectedFault fault,
      int baselineIntervals,
      long baselineP99Nanos,
      double baselineOpsPerSec,
      long peakP99Nanos,
      long worstLatencyNanos,
      double secondsWithoutService,
      Long recoveryMillis,
      boolean endedSteady) {

    public boolean recovered() {
      return recoveryMillis != null;
    }
  }

  /** The cost of each of {@code faults} (in the order they fired) in {@code series} (in order). */
  public static List<Cost> of(
      List<Interval> series, List<InjectedFault> faults, Settings settings) {
    List<Cost> out = new ArrayList<>();
    long previousEnd = Long.MIN_VALUE;
    for (InjectedFault f : faults) {
      out.add(cost(series, f, previousEnd, settings));
      previousEnd =
          Math.max(previousEnd, f.ended() ? f.endedEpochMillis() : f.injectedEpochMillis());
    }
    return out;
  }

  private static Cost cost(
      List<Interval> series, InjectedFault f, long previousEnd, Settings settings) {
    long injected = f.injectedEpochMillis();
    List<Interval> baseline = new ArrayList<>();
    int first = series.size();
    for (int i = 0; i < series.size(); i++) {
      Interval in = series.get(i);
      if (in.endEpochMillis() <= injected) {
        if (in.startEpochMillis() >= previousEnd) {
          baseline.add(in);
        }
      } else if (first == series.size()) {
        first = i;
      }
    }
    long baseP99 = median(baseline.stream().mapToDouble(Interval::p99Nanos).toArray()).longValue();
    double baseRate = median(baseline.stream().mapToDouble(Interval::successRate).toArray());
    int recovered = -1;
    int stable = 0;
    if (!baseline.isEmpty()) {
      for (int i = first; i < series.size(); i++) {
        Interval in = series.get(i);
        boolean good =
            !in.withoutService()
                && in.p99Nanos() <= settings.p99Factor() * baseP99
                && in.successRate() >= settings.throughputFraction() * baseRate;
        stable = good ? stable + 1 : 0;
        if (stable == settings.stableIntervals()) {
          recovered = i - stable + 1;
          break;
        }
      }
    }
    // the window: from the injection's interval to the recovery, at least that interval
    int end =
        recovered < 0 ? series.size() : Math.max(recovered, Math.min(first + 1, series.size()));
    long peakP99 = 0;
    long worst = 0;
    long withoutMillis = 0;
    for (int i = first; i < end; i++) {
      Interval in = series.get(i);
      peakP99 = Math.max(peakP99, in.p99Nanos());
      worst = Math.max(worst, in.maxNanos());
      if (in.withoutService()) {
        withoutMillis += in.endEpochMillis() - in.startEpochMillis();
      }
    }
    Long recoveryMillis =
        recovered < 0 ? null : Math.max(0, series.get(recovered).startEpochMillis() - injected);
    return new Cost(
        f,
        baseline.size(),
        baseP99,
        baseRate,
        peakP99,
        worst,
        withoutMillis / 1000.0,
        recoveryMillis,
        recovered < 0 && stable > 0);
  }

  private static Double median(double[] values) {
    if (values.length == 0) {
      return 0.0;
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }
}
