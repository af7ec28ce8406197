package io.hbload.cli.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SuiteEtaTest {
  private long nowNanos;

  private void at(double seconds) {
    nowNanos = (long) (seconds * 1e9);
  }

  /**
   * The durations alone before any run has finished; then each run's cost beyond its duration,
   * averaged over the finished runs, is added to every run left.
   */
  @Test
  void theEstimateStartsAtTheDurationsAndLearnsEachRunsCostAroundIt() {
    SuiteEta eta = new SuiteEta(0, 4, Duration.ofSeconds(60), () -> nowNanos);
    at(2);
    assertThat(eta.starting(true))
        .isEqualTo("hbload suite: step 1 of 4, 2.0 s elapsed, about 4 min 0 s left");
    at(72); // 60 s of run and 10 s around it
    eta.finished();
    assertThat(eta.starting(true))
        .isEqualTo("hbload suite: step 2 of 4, 1 min 12 s elapsed, about 3 min 30 s left");
    at(136); // 4 s around it: 7 s on average
    eta.finished();
    assertThat(eta.starting(true))
        .isEqualTo("hbload suite: step 3 of 4, 2 min 16 s elapsed, about 2 min 14 s left");
  }

  /** The load's length is unknown before it ends: its line counts the runs after it only. */
  @Test
  void theLoadIsLeftOutOfTheEstimateAndSaysSo() {
    SuiteEta eta = new SuiteEta(1, 2, Duration.ofSeconds(30), () -> nowNanos);
    assertThat(eta.starting(false))
        .isEqualTo("hbload suite: step 1 of 3, 0.0 s elapsed, about 1 min 0 s left after the load");
    at(500); // a long load does not count as a run's cost
    eta.finished();
    assertThat(eta.starting(true))
        .isEqualTo("hbload suite: step 2 of 3, 8 min 20 s elapsed, about 1 min 0 s left");
  }
}
