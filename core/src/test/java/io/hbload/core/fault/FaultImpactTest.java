package io.hbload.core.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.config.FaultAction;
import io.hbload.core.config.ScheduledFault;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Fault costs read from synthetic 1 s series whose answers are known: every figure is checked
 * exactly, so a change in the rules shows here.
 */
class FaultImpactTest {
  private static final long T0 = 1_700_000_000_000L;
  private static final long MS = 1_000_000L;

  /** 100 ops/s, p99 2 ms, worst 3 ms: a quiet second. */
  private static FaultImpact.Interval quiet(int second) {
    return new FaultImpact.Interval(
        T0 + second * 1000L, T0 + (second + 1) * 1000L, 100, 0, 2 * MS, 3 * MS);
  }

  private static FaultImpact.Interval second(
      int second, long ok, long errors, long p99Millis, long maxMillis) {
    return new FaultImpact.Interval(
        T0 + second * 1000L, T0 + (second + 1) * 1000L, ok, errors, p99Millis * MS, maxMillis * MS);
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
    assertThat(c.baselineP99Nanos()).isEqualTo(2 * MS);
    assertThat(c.baselineOpsPerSec()).isEqualTo(100.0);
    // second 5: 20 of 20 succeeded, so it had service, though far too slowly
    assertThat(c.secondsWithoutService()).isEqualTo(2.0);
    assertThat(c.recoveryMillis()).as("from 5.2 s to the start of second 10").isEqualTo(4800L);
    assertThat(c.worstLatencyNanos()).isEqualTo(4000 * MS);
    assertThat(c.peakP99Nanos()).isEqualTo(2500 * MS);
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
      assertThat(c.peakP99Nanos()).isEqualTo(2 * MS);
      assertThat(c.worstLatencyNanos()).isEqualTo(3 * MS);
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
      // every tenth second a slow one: never 10 good seconds in a row
      series.add(s % 9 == 0 ? second(s, 100, 0, 50, 80) : quiet(s));
    }
    series.add(second(30, 0, 100, 1000, 2000));
    FaultImpact.Cost c =
        FaultImpact.of(series, List.of(fault(1, 5000, 5000)), FaultImpact.Settings.DEFAULT).get(0);
    assertThat(c.recovered()).isFalse();
    assertThat(c.recoveryMillis()).isNull();
    assertThat(c.endedSteady()).as("the last second had no service").isFalse();
    assertThat(c.worstLatencyNanos()).isEqualTo(2000 * MS);
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
    assertThat(
            new FaultReport(
                    "t",
                    T0,
                    FaultImpact.Settings.DEFAULT,
                    Duration.ofSeconds(30),
                    series,
                    List.of(c))
                .slowRecoveries())
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
    assertThat(
            new FaultReport("t", T0, FaultImpact.Settings.DEFAULT, null, series, costs)
                .slowRecoveries())
        .isEmpty();
  }
}
