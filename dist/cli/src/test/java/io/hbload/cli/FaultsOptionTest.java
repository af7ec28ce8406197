package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code --faults} and {@code --fail-if-recovery-exceeds} as bad input: one line naming what is
 * wrong, exit 2, before any operation (what a run on HBase does with them is FaultsCommandIT's).
 */
class FaultsOptionTest {
  private static CommandOutput exec(String... args) {
    return CommandOutput.of(HbloadCommand.commandLine(), args);
  }

  @Test
  void aMisspeltFaultIsOneLineWithTheNameMeant() {
    CommandOutput o = exec("run", "basic", "-w", "c", "--faults", "at 1s flsh; every 2 flush");
    assertThat(o.exit()).isEqualTo(2);
    assertThat(o.errLines())
        .containsExactly(
            "hbload run: property hbload.faults: unknown fault 'flsh' (did you mean flush?); known:"
                + " restart-regionserver, kill-regionserver, restart-meta-regionserver,"
                + " move-regions, move-region, flush,"
                + " compact, major-compact, split, balancer, restart-master (or ChaosMonkey's action"
                + " class names)");
    assertThat(o.out()).isEmpty();
  }

  @Test
  void aFaultPastTheRunsEndAndALimitWithoutFaultsAreBadInput() {
    CommandOutput late =
        exec("run", "basic", "-w", "c", "-p", "maxexecutiontime=5", "--faults", "at 10s flush");
    assertThat(late.exit()).isEqualTo(2);
    assertThat(late.err())
        .contains("'at 10s flush' would fire after the run ends (maxexecutiontime 5 s)");
    CommandOutput alone = exec("run", "basic", "-w", "c", "--fail-if-recovery-exceeds", "30s");
    assertThat(alone.exit()).isEqualTo(2);
    assertThat(alone.err()).contains("a recovery limit needs faults (--faults) to recover from");
  }

  @Test
  void aBindingThatCannotCarryOutFaultsIsBadInputBeforeItsFirstOperation() {
    CommandOutput o =
        exec("run", "memory", "-w", "c", "-p", "operationcount=10", "--faults", "at 1s flush");
    assertThat(o.exit()).isEqualTo(2);
    assertThat(o.errLines())
        .last()
        .isEqualTo(
            "hbload run: property hbload.faults: the memory binding cannot carry out faults (hbase"
                + " can)");
    assertThat(o.err()).doesNotContain("loading").doesNotContain("Exception");
    assertThat(o.out()).isEmpty();
  }

  @Test
  void commandsThatRunNoFaultsYetRefuseThem() {
    CommandOutput o =
        exec("suite", "basic", "-w", "c", "--out", "/nonexistent/suite", "--faults", "at 1s flush");
    assertThat(o.exit()).isEqualTo(2);
    assertThat(o.err())
        .contains("--faults (hbload.faults) is not supported by hbload suite yet")
        .doesNotContain("Exception");
  }

  @Test
  void aShardedRunRefusesFaultsThatEveryShardWouldFire() {
    CommandOutput o = exec("run", "basic", "-w", "c", "--shard", "0/2", "--faults", "at 1s flush");
    assertThat(o.exit()).isEqualTo(2);
    assertThat(o.errLines())
        .containsExactly(
            "hbload run: property hbload.faults: faults run from one client for now, not with"
                + " hbload.shard 0/2");
  }

  @Test
  void helpSaysWhatFaultsThereAre() {
    CommandOutput o = exec("run", "--help");
    assertThat(o.out())
        .contains("--faults=SPEC", "restart-regionserver", "--fail-if-recovery-exceeds=DURATION");
  }
}
