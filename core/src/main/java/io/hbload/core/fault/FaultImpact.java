package io.hbload.core.fault;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.DataFormatException;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.IntCountsHistogram;

/**
 * What each fault cost the clients, read from the phase's interval series (1 s intervals): the
 * baseline is the intervals before the fault and after the previous fault's action returned; from
 * the interval the fault was injected in, an interval is <em>without service</em> when nothing
 * succeeded in it or more than half of its operations failed, and the fault has <em>recovered</em>
 * at the start of the first {@link Settings#stableIntervals} consecutive intervals each with
 * service and a success rate of at least {@link Settings#throughputFraction} of the baseline's, and
 * whose latencies together have a p99 within {@link Settings#p99Factor} of the baseline's p99. The
 * p99s are of the intervals' latencies merged (the baseline's, the steady stretch's, the fault
 * window's), not of one second's: a single second's p99 is a handful of operations at a modest
 * rate, and would call a healthy system unrecovered for its ordinary hiccups. The fault's window
 * runs from its injection to its recovery (at least the injection's interval), or to the end of the
 * series when it did not recover. Pure and stateless.
 */
public final class FaultImpact {
  private FaultImpact() {}

  /** The significant digits latencies are kept at: 1 % is finer than any rule here asks. */
  private static final int DIGITS = 2;

  /**
   * One interval of the phase, as the reporter collected it. Its latencies are kept compressed, in
   * microseconds at two significant digits (a few hundred bytes a second), so that a long run's
   * series stays small; {@link #latencies} decodes them.
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
      long maxNanos,
      byte[] compressedMicros) {

    /** An interval whose operations took {@code latencyNanos}. */
    public static Interval of(
        long startEpochMillis,
        long endEpochMillis,
        long successes,
        long errors,
        AbstractHistogram latencyNanos) {
      IntCountsHistogram micros = new IntCountsHistogram(DIGITS);
      for (HistogramIterationValue v : latencyNanos.recordedValues()) {
        micros.recordValueWithCount(
            Math.max(1, v.getValueIteratedTo() / 1000), v.getCountAtValueIteratedTo());
      }
      ByteBuffer buffer = ByteBuffer.allocate(micros.getNeededByteBufferCapacity());
      int length = micros.encodeIntoCompressedByteBuffer(buffer);
      boolean any = latencyNanos.getTotalCount() > 0;
      return new Interval(
          startEpochMillis,
          endEpochMillis,
          successes,
          errors,
          any ? latencyNanos.getValueAtPercentile(99) : 0,
          any ? latencyNanos.getMaxValue() : 0,
          Arrays.copyOf(buffer.array(), length));
    }

    /** The interval's latencies, in microseconds. */
    public IntCountsHistogram latencies() {
      try {
        return IntCountsHistogram.decodeFromCompressedByteBuffer(
            ByteBuffer.wrap(compressedMicros), 2);
      } catch (DataFormatException e) {
        throw new IllegalStateException("an interval's latencies do not decode", e);
      }
    }

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
   * @param baselineP99Nanos the p99 of the baseline intervals' latencies together
   * @param baselineOpsPerSec the median of the baseline intervals' success rates
   * @param windowP99Nanos the p99 of the fault window's latencies together
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
      long windowP99Nanos,
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
    long baseP99 = p99Nanos(merged(baseline));
    double baseRate = median(baseline.stream().mapToDouble(Interval::successRate).toArray());
    int recovered = -1;
    int stable = 0;
    if (!baseline.isEmpty()) {
      // the last stableIntervals intervals, merged: one added and the oldest taken out per step
      IntCountsHistogram window = new IntCountsHistogram(DIGITS);
      List<IntCountsHistogram> inWindow = new ArrayList<>();
      for (int i = first; i < series.size(); i++) {
        Interval in = series.get(i);
        IntCountsHistogram latencies = in.latencies();
        window.add(latencies);
        inWindow.add(latencies);
        if (inWindow.size() > settings.stableIntervals()) {
          window.subtract(inWindow.remove(0));
        }
        boolean served =
            !in.withoutService() && in.successRate() >= settings.throughputFraction() * baseRate;
        stable = served ? stable + 1 : 0;
        if (stable >= settings.stableIntervals()
            && p99Nanos(window) <= settings.p99Factor() * baseP99) {
          recovered = i - settings.stableIntervals() + 1;
          break;
        }
      }
    }
    // the window: from the injection's interval to the recovery, at least that interval
    int end =
        recovered < 0 ? series.size() : Math.max(recovered, Math.min(first + 1, series.size()));
    List<Interval> faultWindow = series.subList(first, end);
    long worst = 0;
    long withoutMillis = 0;
    for (Interval in : faultWindow) {
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
        p99Nanos(merged(faultWindow)),
        worst,
        withoutMillis / 1000.0,
        recoveryMillis,
        recovered < 0 && stable > 0);
  }

  private static IntCountsHistogram merged(List<Interval> intervals) {
    IntCountsHistogram out = new IntCountsHistogram(DIGITS);
    intervals.forEach(i -> out.add(i.latencies()));
    return out;
  }

  /** The p99 of latencies kept in microseconds, in nanoseconds; 0 for none. */
  private static long p99Nanos(IntCountsHistogram micros) {
    return micros.getTotalCount() == 0 ? 0 : micros.getValueAtPercentile(99) * 1000;
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
