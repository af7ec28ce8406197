package io.hbload.core.schedule;

import static io.hbload.core.TestWorkloads.workloadFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hbload.core.export.IntendedLatencyNote;
import io.hbload.core.export.JsonResult;
import io.hbload.core.export.ReportRecord;
import io.hbload.core.export.YcsbReport;
import io.hbload.core.result.RunResult;
import io.hbload.core.testing.ServiceQueueProvider;
import io.hbload.core.time.EventClock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;

/**
 * Rate schedules end to end on virtual time ({@link EventClock}), through the Java API: the rate
 * realized in each 1 s interval follows a ramp and steps within 1 % on the basic binding, and past
 * a capacity the test imposes (calls of exactly 1 ms on two workers: 2,000 ops/s) the backlog grows
 * by what the schedule asks beyond it, is kept to the end, and the objective breaks in the first
 * interval of the step that exceeds it, at that step's rate. Deterministic, in a few seconds of
 * real time; the timeout fails a run whose clock deadlocked instead of hanging.
 */
@Timeout(value = 120, threadMode = ThreadMode.SEPARATE_THREAD)
class RateSchedulePhaseTest {
  private final EventClock clock = new EventClock();

  @Test
  void theRealizedRateFollowsARampWithinOnePercentInEveryInterval() {
    RunResult r =
        clock.run(
            () ->
                workloadFile("c")
                    .binding("basic")
                    .recordCount(1000)
                    .threads(4)
                    .target("ramp:500..2500/10s")
                    .clock(clock)
                    .run());
    assertThat(r.completed()).isTrue();
    RateReport rates = r.figure(RateReport.class).orElseThrow();
    assertThat(rates.schedule()).isEqualTo("ramp:500..2500/10s");
    List<RateReport.Interval> full = full(rates);
    assertThat(full).hasSize(10);
    for (int i = 0; i < full.size(); i++) {
      RateReport.Interval in = full.get(i);
      // the ramp's mean over second i: 500 + 200 (i + 0.5)
      double asked = 500 + 200 * (i + 0.5);
      assertThat(in.scheduleOpsPerSec()).as("second %d", i).isCloseTo(asked, within(1e-6));
      assertThat(in.intendedOpsPerSec()).isCloseTo(asked, within(asked * 0.01));
      assertThat(in.achievedOpsPerSec()).as("second %d", i).isCloseTo(asked, within(asked * 0.01));
      assertThat(in.backlog()).isLessThanOrEqualTo(4);
    }
    // 500 t + 100 t² over 10 s: every operation due was done, none dropped
    assertThat(r.operations()).isBetween(14_990L, 15_001L);
  }

  @Test
  void pastCapacityTheBacklogGrowsAndTheObjectiveBreaksAtTheStepThatExceedsIt() {
    RunResult r =
        clock.run(
            () ->
                workloadFile("c")
                    .binding("basic")
                    .property("basicdb.simulatedelay", "1")
                    .property("basicdb.randomizedelay", "false")
                    .recordCount(1000)
                    .threads(2)
                    .target("1000@4s,1500@4s,3000@4s")
                    .slo("p99<10ms")
                    .clock(clock)
                    .run());
    assertThat(r.completed()).isTrue();
    RateReport rates = r.figure(RateReport.class).orElseThrow();
    List<RateReport.Interval> full = full(rates);
    assertThat(full).hasSize(12);
    for (int i = 0; i < 8; i++) { // under capacity: on schedule, no backlog, 1 ms calls
      RateReport.Interval in = full.get(i);
      double asked = i < 4 ? 1000 : 1500;
      assertThat(in.achievedOpsPerSec()).as("second %d", i).isCloseTo(asked, within(asked * 0.01));
      assertThat(in.backlog()).isLessThanOrEqualTo(2);
      assertThat(in.latencyNanos()[0]).isLessThan(2_000_000);
    }
    for (int i = 8; i < 12; i++) { // 3,000 asked of a store that does 2,000
      RateReport.Interval in = full.get(i);
      assertThat(in.intendedOpsPerSec()).isCloseTo(3000, within(30.0));
      assertThat(in.achievedOpsPerSec()).as("second %d", i).isCloseTo(2000, within(20.0));
      assertThat(in.backlog()).as("second %d", i).isCloseTo(1000L * (i - 7), within(25L));
    }
    assertThat(rates.maxBacklog()).isBetween(3975L, 4025L);
    // the objective breaks in the first second of the 3,000 step: from intended start, latency
    // there grows to half a second
    assertThat(rates.brokenAt()).isEqualTo(rates.intervals().indexOf(full.get(8)));
    assertThat(rates.broken().scheduleOpsPerSec()).isEqualTo(3000);
    assertThat(rates.brokenBy()).startsWith("p99 ").endsWith("ms >= 10ms");
    assertThat(rates.brokenForGood()).as("it never held again").isSameAs(rates.broken());

    List<ReportRecord> lines = YcsbReport.records(r);
    assertThat(lines)
        .contains(
            new ReportRecord("RATE", "Schedule", "1000@4s,1500@4s,3000@4s"),
            new ReportRecord("RATE", "SLO", "p99<10ms"),
            new ReportRecord(
                "RATE", "Interval(s)", "Intended(ops/sec) Achieved(ops/sec) Backlog p99(ms)"),
            new ReportRecord("RATE", "SLOBrokenAt(s)", "9"),
            new ReportRecord("RATE", "SLOBrokenAtRate(ops/sec)", 3000L),
            new ReportRecord("RATE", "SLONeverHeldAgainFrom(s)", "9"),
            new ReportRecord("RATE", "SLONeverHeldAgainFromRate(ops/sec)", 3000L));
    assertThat(lines.stream().filter(l -> l.measurement().equals("SLOBrokenBy")).findFirst())
        .get()
        .extracting(l -> l.value().toString())
        .asString()
        .endsWith(": this store stops coping at ~3000 ops/s");
    assertThat(IntendedLatencyNote.lines(r, IntendedLatencyNote.DEFAULT_WARN_FACTOR))
        .singleElement()
        .asString()
        .contains("callers at the schedule 1000@4s,1500@4s,3000@4s ([RATE]) waited longer");
    String json = JsonResult.render(r);
    assertThat(json)
        .contains("\"targetSchedule\": \"1000@4s,1500@4s,3000@4s\"")
        .contains("\"rate\": {\"schedule\": \"1000@4s,1500@4s,3000@4s\", \"slo\": \"p99<10ms\"")
        .contains("\"sloBroken\": {\"interval\": ");
  }

  /**
   * The pipelined loop on a server of known capacity (one FIFO server, 0.5 ms a call: 2,000 ops/s):
   * a ramp 1,000 to 3,000 ops/s over 4 s is followed while under capacity; from 2 s, where it
   * passes 2,000, the queue grows as 250 (t - 2)² and the objective breaks in the interval 2-3 s,
   * whose mean asked rate is 2,250 ops/s.
   */
  @Test
  void onThePipelinedLoopARampPastCapacityBreaksTheObjectiveWhereItPassesIt() {
    RunResult r =
        clock.run(
            () ->
                workloadFile("c")
                    .binding(new ServiceQueueProvider(1, 500_000))
                    .recordCount(1000)
                    .threads(1)
                    .property("hbload.inflight", "2048")
                    .target("ramp:1000..3000/4s")
                    .slo("p99<10ms")
                    .clock(clock)
                    .run());
    RateReport rates = r.figure(RateReport.class).orElseThrow();
    List<RateReport.Interval> full = full(rates);
    assertThat(full).hasSize(4);
    for (int i = 0; i < 2; i++) {
      RateReport.Interval in = full.get(i);
      double asked = 1000 + 500 * (i + 0.5);
      assertThat(in.achievedOpsPerSec()).as("second %d", i).isCloseTo(asked, within(asked * 0.01));
      assertThat(in.latencyNanos()[0]).isLessThan(10_000_000);
    }
    assertThat(full.get(2).achievedOpsPerSec()).isCloseTo(2000, within(20.0));
    // 250 (t - 2)²: 250 owed at 3 s, 1,000 at 4 s
    assertThat(full.get(2).backlog()).isCloseTo(250L, within(10L));
    assertThat(full.get(3).backlog()).isCloseTo(1000L, within(20L));
    assertThat(rates.broken()).isSameAs(full.get(2));
    assertThat(rates.broken().scheduleOpsPerSec()).isCloseTo(2250, within(1e-6));
  }

  /** After a warm-up the schedule starts again from its beginning, and so does its report. */
  @Test
  void afterTheWarmupTheScheduleAndItsReportStartAgain() {
    RunResult r =
        clock.run(
            () ->
                workloadFile("c")
                    .binding("basic")
                    .recordCount(100)
                    .threads(2)
                    .target("1000@3s,2000@2s")
                    .property("hbload.warmup", "1s")
                    .clock(clock)
                    .run());
    List<RateReport.Interval> full = full(r.figure(RateReport.class).orElseThrow());
    assertThat(full).hasSize(5);
    assertThat(full.get(0).startSeconds()).isZero();
    for (int i = 0; i < 5; i++) {
      double asked = i < 3 ? 1000 : 2000;
      assertThat(full.get(i).achievedOpsPerSec())
          .as("second %d", i)
          .isCloseTo(asked, within(asked * 0.01));
    }
    // 1000·3 + 2000·2; at the warm-up's and the end's very instants a worker may do one more
    // (same-instant wake-ups run in the system's order): at most one per worker at each
    assertThat(r.operations()).isBetween(6990L, 7004L);
  }

  @Test
  void aConstantTargetKeepsTodaysReport() {
    RunResult r =
        clock.run(
            () ->
                workloadFile("c")
                    .binding("basic")
                    .recordCount(100)
                    .threads(2)
                    .target(1000)
                    .operationCount(2000)
                    .clock(clock)
                    .run());
    assertThat(r.operations()).isEqualTo(2000);
    assertThat(r.figure(RateReport.class)).isEmpty();
    assertThat(YcsbReport.records(r)).noneMatch(l -> l.metric().equals("RATE"));
    assertThat(JsonResult.render(r)).doesNotContain("\"rate\"").doesNotContain("targetSchedule");
  }

  /** The intervals of a whole second (not the start's empty tick nor the stop's short one). */
  private static List<RateReport.Interval> full(RateReport r) {
    return r.intervals().stream()
        .filter(i -> Math.abs(i.endSeconds() - i.startSeconds() - 1) < 1e-6)
        .toList();
  }
}
