package io.hbload.gc.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ParallelGcThreadsRuleTest {

  @Test
  void postFigure40CpusGives28Threads() {
    assertThat(ParallelGcThreadsRule.parallelGcThreads(40)).isEqualTo(28);
  }

  /**
   * Every cell of docs/g1-tuner.md section 2, measured on 17 and 25 with
   * -XX:ActiveProcessorCount=N.
   */
  @ParameterizedTest(name = "{0} CPUs -> ParallelGCThreads {1}, ConcGCThreads {2}")
  @CsvSource({
    "1,1,1",
    "4,4,1",
    "6,6,2",
    "8,8,2",
    "9,8,2",
    "10,9,2",
    "12,10,3",
    "16,13,3",
    "20,15,4",
    "24,18,5",
    "32,23,6",
    "40,28,7",
    "48,33,8",
    "56,38,10",
    "64,43,11",
    "80,53,13",
    "96,63,16",
    "128,83,21",
    "256,163,41"
  })
  void matchesHotSpotMeasurements(int cpus, int parallel, int conc) {
    assertThat(ParallelGcThreadsRule.parallelGcThreads(cpus)).isEqualTo(parallel);
    assertThat(ParallelGcThreadsRule.concGcThreads(parallel)).isEqualTo(conc);
  }

  @Test
  void smallMachinesUseEveryCpuNotThePostFormula() {
    for (int n = 1; n <= 8; n++) {
      assertThat(ParallelGcThreadsRule.parallelGcThreads(n)).isEqualTo(n);
      // the post's formula, applied below 8, would oversubscribe: 3 + 0.625 n > n for n < 8
      // (docs/g1-tuner.md says "less than n"; the arithmetic says more)
      if (n < 8) {
        assertThat(8 + (n - 8) * 5.0 / 8).isGreaterThan(n);
      }
    }
    assertThat(ParallelGcThreadsRule.decision(4)).contains("n = 4 (n <= 8)");
    assertThat(ParallelGcThreadsRule.decision(40)).contains("8 + (40 - 8) * 5 / 8 = 28");
  }
}
