package io.hbload.gc.tune;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.gc.ByteSize;
import io.hbload.gc.Explanation;
import io.hbload.gc.JdkRelease;
import io.hbload.gc.JvmOption;
import io.hbload.gc.TuningInput;
import io.hbload.gc.TuningResult;
import io.hbload.gc.jdk.FlagStatus;
import io.hbload.gc.jdk.FlagTable;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class GcTunerTest {

  private static TuningResult tune(String heap, int cpus, int jdk) {
    return GcTuner.tune(TuningInput.builder().heap(heap).cpus(cpus).jdk(jdk).build());
  }

  @Test
  void reproducesThePostsFinalOptionsOnJdk8() {
    TuningResult r = tune("100g", 40, 8);
    assertThat(r.optionTexts())
        .startsWith(
            "-XX:+UseG1GC",
            "-Xms100g",
            "-Xmx100g",
            "-XX:MaxGCPauseMillis=100",
            "-XX:+ParallelRefProcEnabled",
            "-XX:-ResizePLAB",
            "-XX:ParallelGCThreads=28",
            "-XX:+UnlockExperimentalVMOptions",
            "-XX:G1NewSizePercent=1");
    assertThat(r.derived().parallelGcThreads()).isEqualTo(28);
    assertThat(r.derived().concGcThreads()).isEqualTo(7);
  }

  @ParameterizedTest(name = "{0}g -> G1NewSizePercent={1}")
  @CsvSource({"32,3", "64,2", "100,1"})
  void postsHeapPointsAtDefaultRate(long heapGib, int pct) {
    for (int jdk : JdkRelease.VERIFIED) {
      TuningResult r = tune(heapGib + "g", 40, jdk);
      assertThat(r.derived().g1NewSizePercent()).isEqualTo(pct);
      assertThat(r.optionTexts()).contains("-XX:G1NewSizePercent=" + pct);
    }
  }

  /**
   * Every JDK: no flag the table marks absent, unlock before experimental, logging in the JDK's own
   * dialect.
   */
  @ParameterizedTest(name = "JDK {0}")
  @ValueSource(ints = {8, 11, 17, 21, 25})
  void eachJdksFlagSet(int feature) {
    JdkRelease jdk = JdkRelease.of(feature);
    for (String heap : List.of("1g", "8g", "32g", "100g", "1t")) {
      TuningResult r = tune(heap, 40, feature);
      List<String> texts = r.optionTexts();
      boolean unlocked = false;
      for (JvmOption o : r.options()) {
        if (o.text().startsWith("-XX:")) {
          FlagStatus s = FlagTable.status(jdk, o.flagName());
          assertThat(s).as(o.text() + " on " + jdk).isNotEqualTo(FlagStatus.ABSENT);
          if (s == FlagStatus.EXPERIMENTAL) {
            assertThat(unlocked).as("unlock before " + o.text()).isTrue();
          }
          unlocked |= o.text().equals("-XX:+UnlockExperimentalVMOptions");
        }
      }
      if (feature == 8) {
        assertThat(texts)
            .contains("-XX:+ParallelRefProcEnabled", "-XX:+PrintGCDetails")
            .noneMatch(t -> t.startsWith("-Xlog:"));
      } else {
        assertThat(texts)
            .noneMatch(t -> t.startsWith("-XX:+Print") || t.startsWith("-Xloggc"))
            .doesNotContain("-XX:+ParallelRefProcEnabled")
            .anyMatch(t -> t.startsWith("-Xlog:gc*"));
        assertThat(r.explanations())
            .anyMatch(
                e -> e.rule().equals("parallel-ref-proc") && e.decision().contains("JDK-8205043"));
      }
      assertThat(texts)
          .contains("-XX:-ResizePLAB", "-Xms" + heap, "-Xmx" + heap, "-XX:MaxGCPauseMillis=100");
      // experimental unlock is only there when something needs it
      assertThat(texts.contains("-XX:+UnlockExperimentalVMOptions"))
          .isEqualTo(texts.stream().anyMatch(t -> t.startsWith("-XX:G1NewSizePercent")));
    }
  }

  @ParameterizedTest(name = "{0} CPUs")
  @ValueSource(ints = {1, 2, 4, 6, 8})
  void smallMachinesGetOneThreadPerCpu(int cpus) {
    TuningResult r = tune("16g", cpus, 17);
    assertThat(r.optionTexts()).contains("-XX:ParallelGCThreads=" + cpus);
    TuningResult r8 = tune("16g", cpus, 8);
    // on JDK 8 ParallelRefProcEnabled only helps with more than one GC thread
    assertThat(r8.optionTexts().contains("-XX:+ParallelRefProcEnabled")).isEqualTo(cpus > 1);
  }

  @Test
  void smallHeapKeepsTheJvmDefaultAndWarnsAboutMslab() {
    TuningResult r = tune("4g", 4, 17);
    assertThat(r.optionTexts())
        .noneMatch(t -> t.contains("G1NewSizePercent") || t.contains("Unlock"));
    assertThat(r.derived().g1NewSizePercent()).isEqualTo(5);
    assertThat(r.derived().regionSizeBytes()).isEqualTo(2 * ByteSize.MIB);
    assertThat(r.warnings()).anyMatch(w -> w.contains("MSLAB") && w.contains("humongous"));
    assertThat(r.explanations()).anyMatch(e -> e.decision().contains("never raised"));
  }

  @Test
  void hugeHeapStaysAtOnePercentWith32MRegionsAndNoCompressedOops() {
    TuningResult r = tune("1t", 128, 21);
    assertThat(r.optionTexts())
        .contains("-Xmx1t", "-XX:G1NewSizePercent=1", "-XX:ParallelGCThreads=83");
    assertThat(r.derived().regionSizeBytes()).isEqualTo(32 * ByteSize.MIB);
    assertThat(r.warnings()).anyMatch(w -> w.contains("compressed-oops"));
    assertThat(r.warnings()).noneMatch(w -> w.contains("MSLAB"));
  }

  @Test
  void warnsAboutCompressedOopsJustAbove31g() {
    assertThat(tune("32g", 16, 17).warnings())
        .anyMatch(w -> w.contains("compressed-oops") && w.contains("31g"));
    assertThat(tune("31g", 16, 17).warnings()).noneMatch(w -> w.contains("compressed-oops"));
  }

  @Test
  void warnsWhenHeapExceedsMachineMemory() {
    TuningResult r =
        GcTuner.tune(
            TuningInput.builder()
                .heap("100g")
                .cpus(40)
                .jdk(17)
                .machineMemoryBytes(64 * ByteSize.GIB)
                .build());
    assertThat(r.warnings()).anyMatch(w -> w.contains("larger than this machine's memory (64.0g)"));
    assertThat(tune("100g", 40, 17).warnings()).noneMatch(w -> w.contains("machine's memory"));
  }

  @Test
  void bucketCacheSetsMaxDirectMemorySize() {
    TuningResult r =
        GcTuner.tune(
            TuningInput.builder()
                .heap("15g")
                .cpus(16)
                .jdk(17)
                .bucketCacheBytes(16 * ByteSize.GIB)
                .build());
    assertThat(r.optionTexts()).contains("-XX:MaxDirectMemorySize=32g");
    assertThat(r.derived().maxDirectMemoryBytes()).isEqualTo(32 * ByteSize.GIB);
    assertThat(tune("15g", 16, 17).optionTexts()).noneMatch(t -> t.contains("MaxDirectMemorySize"));
  }

  @Test
  void measuredRateChangesTheFloor() {
    // a 2.5 GB/s machine wants a 256M Eden on 32g: 0.78 -> 1
    TuningResult r =
        GcTuner.tune(
            TuningInput.builder()
                .heap("32g")
                .cpus(40)
                .jdk(17)
                .evacuationRate(2.5, "measured")
                .build());
    assertThat(r.derived().g1NewSizePercent()).isEqualTo(1);
    assertThat(r.explanations()).anyMatch(e -> e.decision().contains("rate measured"));
  }

  @Test
  void everyRuleExplainsItselfWithASource() {
    TuningResult r = tune("32g", 40, 17);
    assertThat(r.explanations())
        .extracting(Explanation::rule)
        .contains(
            "use-g1",
            "fixed-heap",
            "pause-goal",
            "parallel-ref-proc",
            "resize-plab",
            "parallel-gc-threads",
            "g1-new-size-percent",
            "max-direct-memory",
            "gc-logging",
            "region-size",
            "compressed-oops");
    assertThat(r.explanations()).allMatch(e -> !e.source().isBlank() && !e.decision().isBlank());
  }

  @Test
  void unverifiedReleaseFromABinaryIsFlagged() {
    TuningResult r = tune("32g", 8, 22);
    assertThat(r.warnings()).anyMatch(w -> w.contains("not one of the verified releases"));
    assertThat(r.optionTexts()).anyMatch(t -> t.startsWith("-Xlog:"));
  }
}
