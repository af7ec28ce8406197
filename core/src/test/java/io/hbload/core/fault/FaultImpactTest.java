package io.hbload.core.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.config.FaultAction;
import io.hbload.core.config.ScheduledFault;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * Fault costs read from synthetic 1 s series whose answers are known: every figure is checked
 * exactly, so a change in the rules shows here.
 */
class FaultImpactTest {
  private static final long T0 = 1_700_000_000_000L;
  private static final long MS = 1_000_000L;

  /** 100 ops/s, 99 of them at 2 ms and one at 3 ms: a quiet second. */
  private static FaultImpact.Interval quiet(int second) {
    return second(second, 100, 0, 2, 3);
  }

  /**
   * A second of {@code ok + errors} operations: all but one at {@code typicalMillis}, one at {@code
   * maxMillis} (none when both counts are 0).
   */
  private static FaultImpact.Interval second(
      int second, long ok, long errors, long typicalMillis, long maxMillis) {
    Histogram h = new Histogram(3);
    long n = ok + errors;
    if (n > 0) {
      h.recordValueWithCount(typicalMillis * MS, n - 1);
      h.recordValue(maxMillis * MS);
    }
    return FaultImpact.Interval.of(T0 + second * 1000L, T0 + (second + 1) * 1000L, ok, errors, h);
  }

  /** A second of 100 operations, 5 of them at 40 ms: its own p99 is 20 times a quiet one's. */
  private static FaultImpact.Interval hiccup(int second) {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(2 * MS, 95);
    h.recordValueWithCount(40 * MS, 5);
    return FaultImpact.Interval.of(T0 + second * 1000L, T0 + (second + 1) * 1000L, 100, 0, h);
  }

  /** {@code millis} as an interval's histogram records it: three significant digits. */
  private static Offset<Long> recorded(long millis) {
    return Offset.offset(millis * MS / 1000);
  }

  /** {@code millis} as the series keeps it: microseconds at two significant digits. */
  private static Offset<Long> kept(long millis) {
    return Offset.offset(millis * MS / 100);
  }

  private static InjectedFault fault(int number, long injectedMillis, long endedMillis) {
    return new InjectedFault(
        number,
        new ScheduledFault(Duration.ofSeconds(5), false, FaultAction.RESTART_REGIONSERVER),
        T0 + injectedMillis,
        T0 + injectedMillis,
        T0 + endedMillis,
        "stopped rs1",
        null);
  }

  @Test
  void aKnownOutageAndItsRecoveryAreFoundExactly() {
    List<FaultImpact.Interval> series = new ArrayList<>();
    for (int s = 0; s < 5; s++) {
      series.add(quiet(s));
    }
    // injected at 5.2 s: the rest of second 5 is a stall, 6 and 7 serve nothing or mostly errors,
    // 8 serves again but slowly, 9 is still short of throughput; from 10 on it is quiet again
    series.add(second(5, 20, 0, 900, 1200));
    series.add(second(6, 0, 0, 0, 0));
    series.add(second(7, 10, 40, 2500, 4000));
    series.add(second(8, 100, 0, 5, 1500));
    series.add(second(9, 90, 0, 2, 4));
    for (int s = 10; s < 25; s++) {
      series.add(quiet(s));
    }
    FaultImpact.Cost c =
        FaultImpact.of(series, List.of(fault(1, 5200, 9000)), FaultImpact.Settings.DEFAULT).get(0);
    assertThat(c.baselineIntervals()).isEqualTo(5);
    // 495 of the baseline's 500 operations at 2 ms, 5 at 3 ms: the 495th is the p99
    assertThat(c.baselineP99Nanos()).isCloseTo(2 * MS, kept(2));
    assertThat(c.baselineOpsPerSec()).isEqualTo(100.0);
    // second 5: 20 of 20 succeeded, so it had service, though far too slowly
    assertThat(c.secondsWithoutService()).isEqualTo(2.0);
    assertThat(c.recoveryMillis()).as("from 5.2 s to the start of second 10").isEqualTo(4800L);
    assertThat(c.worstLatencyNanos()).isCloseTo(4000 * MS, recorded(4000));
    // seconds 5-9 together: 260 operations, the 258th slowest of which is one of 7 s's 2.5 s ones
    assertThat(c.windowP99Nanos()).isCloseTo(2500 * MS, kept(2500));
  }

  @Test
  void oneSlowSecondAmongSteadyOnesDoesNotHoldTheRecoveryBack() {
    List<FaultImpact.Interval> series = new ArrayList<>();
    for (int s = 0; s < 10; s++) {
      series.add(quiet(s));
    }
    series.add(second(10, 0, 0, 0, 0));
    for (int s = 11; s < 30; s++) {
      // a hiccup in second 14: its own p99 is 20 times the baseline's, but its 5 slow operations
      // are 0.5 % of the ten seconds' and do not move their p99
      series.add(s == 14 ? hiccup(s) : quiet(s));
    }
    FaultImpact.Cost c =
        FaultImpact.of(series, List.of(fault(1, 10_000, 10_000)), FaultImpact.Settings.DEFAULT)
            .get(0);
    assertThat(series.get(14).p99Nanos()).isGreaterThanOrEqualTo(40 * MS);
    assertThat(c.recoveryMillis()).isEqualTo(1000L);
    assertThat(c.secondsWithoutService()).isEqualTo(1.0);
  }

  @Test
  void nothingHappeningIsNoSecondWithoutServiceAndAnImmediateRecovery() {
    List<FaultImpact.Interval> series = new ArrayList<>();
    for (int s = 0; s < 20; s++) {
      series.add(quiet(s));
    }
    List<FaultImpact.Cost> costs =
        FaultImpact.of(
            series,
            List.of(fault(1, 3000, 3100), fault(2, 6500, 6600)),
            FaultImpact.Settings.DEFAULT);
    for (FaultImpact.Cost c : costs) {
      assertThat(c.secondsWithoutService()).isZero();
      assertThat(c.recoveryMillis()).isZero();
      assertThat(c.windowP99Nanos()).isCloseTo(2 * MS, kept(2));
      assertThat(c.worstLatencyNanos()).isCloseTo(3 * MS, recorded(3));
    }
    // the second fault's baseline starts after the first one's action returned (3.1 s)
    assertThat(costs.get(1).baselineIntervals()).isEqualTo(2);
  }

  @Test
  void aFaultThatNeverSettlesDidNotRecoverAndItsWindowRunsToTheEnd() {
    List<FaultImpact.Interval> series = new ArrayList<>();
    for (int s = 0; s < 5; s++) {
      series.add(quiet(s));
    }
    for (int s = 5; s < 30; s++) {
      // every ninth second a slow one: never 10 steady seconds in a row whose p99 is the baseline's
      series.add(s % 9 == 0 ? second(s, 100, 0, 50, 80) : quiet(s));
    }
    series.add(second(30, 0, 100, 1000, 2000));
    FaultImpact.Cost c =
        FaultImpact.of(series, List.of(fault(1, 5000, 5000)), FaultImpact.Settings.DEFAULT).get(0);
    assertThat(c.recovered()).isFalse();
    assertThat(c.recoveryMillis()).isNull();
    assertThat(c.endedSteady()).as("the last second had no service").isFalse();
    assertThat(
            new FaultReport(
                    "t", T0, FaultImpact.Settings.DEFAULT, Duration.ofHours(1), series, List.of(c))
                .slowRecoveries())
        .containsExactly("fault 1 restart-regionserver (at 5s) did not recover");
    assertThat(c.worstLatencyNanos()).isCloseTo(2000 * MS, recorded(2000));
    assertThat(c.secondsWithoutService()).isEqualTo(1.0);
  }

  @Test
  void aFaultTooCloseToTheEndIsNotJudgedRatherThanNotRecovered() {
    List<FaultImpact.Interval> series = new ArrayList<>();
    for (int s = 0; s < 20; s++) {
      series.add(quiet(s));
    }
    FaultImpact.Cost c =
        FaultImpact.of(series, List.of(fault(1, 12_000, 12_000)), FaultImpact.Settings.DEFAULT)
            .get(0);
    assertThat(c.recovered()).isFalse();
    assertThat(c.endedSteady()).isTrue();
    assertThat(c.secondsWithoutService()).isZero();
    FaultReport report =
        new FaultReport(
            "t", T0, FaultImpact.Settings.DEFAULT, Duration.ofSeconds(30), series, List.of(c));
    assertThat(report.slowRecoveries()).isEmpty();
    assertThat(report.unjudgedRecoveries())
        .containsExactly(
            "fault 1 restart-regionserver (at 5s) could not be judged: the run ended before 10"
                + " steady intervals");
  }

  @Test
  void aFaultAtTheStartHasNoBaselineAndNoRecoveryIsJudged() {
    List<FaultImpact.Interval> series = new ArrayList<>();
    for (int s = 0; s < 20; s++) {
      series.add(quiet(s));
    }
    FaultImpact.Cost c =
        FaultImpact.of(series, List.of(fault(1, 0, 100)), FaultImpact.Settings.DEFAULT).get(0);
    assertThat(c.baselineIntervals()).isZero();
    assertThat(c.recovered()).isFalse();
  }

  @Test
  void theRecoveryGateNamesTheFaultThatTookTooLong() {
    List<FaultImpact.Interval> series = new ArrayList<>();
    for (int s = 0; s < 5; s++) {
      series.add(quiet(s));
    }
    for (int s = 5; s < 8; s++) {
      series.add(second(s, 0, 0, 0, 0));
    }
    for (int s = 8; s < 20; s++) {
      series.add(quiet(s));
    }
    List<FaultImpact.Cost> costs =
        FaultImpact.of(series, List.of(fault(1, 5000, 5000)), FaultImpact.Settings.DEFAULT);
    FaultReport within =
        new FaultReport(
            "t", T0, FaultImpact.Settings.DEFAULT, Duration.ofSeconds(3), series, costs);
    assertThat(within.slowRecoveries()).isEmpty();
    FaultReport tooLong =
        new FaultReport(
            "t", T0, FaultImpact.Settings.DEFAULT, Duration.ofMillis(2999), series, costs);
    assertThat(tooLong.slowRecoveries())
        .containsExactly("fault 1 restart-regionserver (at 5s) took 3.0 s to recover");
    assertThat(tooLong.unjudgedRecoveries()).isEmpty();
    assertThat(
            new FaultReport("t", T0, FaultImpact.Settings.DEFAULT, null, series, costs)
                .slowRecoveries())
        .isEmpty();
  }
}
