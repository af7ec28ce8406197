package io.hbload.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FaultScheduleParserTest {
  private static FaultSchedule parse(String text) {
    return FaultScheduleParser.parse("hbload.faults", text, null, 0);
  }

  @Test
  void theIssuesExampleIsFourTypedEntriesInTimeOrder() {
    FaultSchedule s =
        parse(
            "at 30s restart-regionserver; at 90s move-regions; every 60s flush; at 120s major-compact");
    assertThat(s.faults())
        .containsExactly(
            new ScheduledFault(Duration.ofSeconds(30), false, FaultAction.RESTART_REGIONSERVER),
            new ScheduledFault(Duration.ofSeconds(60), true, FaultAction.FLUSH),
            new ScheduledFault(Duration.ofSeconds(90), false, FaultAction.MOVE_REGIONS),
            new ScheduledFault(Duration.ofSeconds(120), false, FaultAction.MAJOR_COMPACT));
    assertThat(s.describe())
        .isEqualTo(
            "at 30s restart-regionserver; every 60s flush; at 90s move-regions; at 120s major-compact");
    assertThat(s.recoveryLimit()).isNull();
  }

  @Test
  void chaosMonkeysClassNamesAreAliasesWithOrWithoutTheirPackage() {
    FaultSchedule s =
        parse(
            "at 1s RestartRandomRsAction; at 2s org.apache.hadoop.hbase.chaos.actions.FlushTableAction;"
                + " at 3s MoveRandomRegionOfTableAction; at 4s CompactTableAction;"
                + " at 5s SplitRandomRegionOfTableAction; at 6s ForceBalancerAction;"
                + " at 7s RestartActiveMasterAction; at 8s MoveRegionsOfTableAction");
    assertThat(s.faults().stream().map(f -> f.action().shortName()))
        .containsExactly(
            "restart-regionserver",
            "flush",
            "move-region",
            "compact",
            "split",
            "balancer",
            "restart-master",
            "move-regions");
  }

  @Test
  void aRepeatedFaultFiresEveryPeriodAndAOneOffOnce() {
    ScheduledFault every = new ScheduledFault(Duration.ofSeconds(3), true, FaultAction.FLUSH);
    assertThat(every.firing(0)).isEqualTo(Duration.ofSeconds(3));
    assertThat(every.firing(2)).isEqualTo(Duration.ofSeconds(9));
    ScheduledFault once = new ScheduledFault(Duration.ofMillis(1500), false, FaultAction.SPLIT);
    assertThat(once.firing(0)).isEqualTo(Duration.ofMillis(1500));
    assertThat(once.firing(1)).isNull();
    assertThat(once.describe()).isEqualTo("at 1.5s split");
  }

  @Test
  void aFileHoldsOneEntryALineWithComments(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("faults.txt");
    Files.writeString(
        file, "# a restart, then flushes\nat 5s restart-regionserver\n\nevery 10s flush # often\n");
    FaultSchedule s = parse("@" + file);
    assertThat(s.describe()).isEqualTo("at 5s restart-regionserver; every 10s flush");
  }

  @Test
  void blankIsNoFaultsAndALimitIsKept() {
    assertThat(parse(null)).isSameAs(FaultSchedule.NONE);
    assertThat(parse("  ")).isSameAs(FaultSchedule.NONE);
    FaultSchedule s =
        FaultScheduleParser.parse("hbload.faults", "at 5s flush", Duration.ofSeconds(30), 0);
    assertThat(s.recoveryLimit()).isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void anUnknownNameIsOneLineWithTheClosestAndTheKnownNames() {
    assertThatThrownBy(() -> parse("at 5s restart-regionsever"))
        .isInstanceOf(SpecException.class)
        .hasMessage(
            "property hbload.faults: unknown fault 'restart-regionsever' (did you mean"
                + " restart-regionserver or restart-meta-regionserver?); known:"
                + " restart-regionserver, kill-regionserver, restart-meta-regionserver,"
                + " move-regions, move-region, flush, compact, major-compact, split, balancer,"
                + " restart-master (or ChaosMonkey's action class names)")
        .hasMessageNotContaining("\n");
  }

  @Test
  void everyProblemIsReportedAtOnce() {
    assertThatThrownBy(() -> parse("at five flush; sometimes 5s flush; at 5s; every 0s flush"))
        .isInstanceOfSatisfying(
            SpecException.class,
            e ->
                assertThat(e.problems())
                    .containsExactly(
                        "property hbload.faults: 'five' in 'at five flush' is not a duration (use"
                            + " e.g. 30s, 2m)",
                        "property hbload.faults: 'sometimes 5s flush' starts with 'sometimes': use"
                            + " 'at' or 'every'",
                        "property hbload.faults: 'at 5s' is not a fault (write 'at 30s"
                            + " restart-regionserver' or 'every 60s flush')",
                        "property hbload.faults: 'every 0s flush': a fault cannot repeat every 0 s"));
  }

  @Test
  void aFaultPastATimeBoxedRunsEndIsBadInput() {
    assertThatThrownBy(() -> FaultScheduleParser.parse("hbload.faults", "at 30s flush", null, 20))
        .hasMessage(
            "property hbload.faults: 'at 30s flush' would fire after the run ends"
                + " (maxexecutiontime 20 s)");
    assertThat(FaultScheduleParser.parse("hbload.faults", "at 19s flush", null, 20).isEmpty())
        .isFalse();
  }

  @Test
  void aMissingFileAndALimitWithoutFaultsAreBadInput(@TempDir Path dir) {
    assertThatThrownBy(() -> parse("@" + dir.resolve("none.txt")))
        .hasMessageStartingWith("property hbload.faults: cannot read the fault file ");
    assertThatThrownBy(
            () -> FaultScheduleParser.parse("hbload.faults", null, Duration.ofSeconds(30), 0))
        .hasMessage(
            "property hbload.faults: a recovery limit needs faults (--faults) to recover from");
  }
}
