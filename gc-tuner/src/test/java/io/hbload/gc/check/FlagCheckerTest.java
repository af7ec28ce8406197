package io.hbload.gc.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hbload.gc.ByteSize;
import io.hbload.gc.HostResources;
import io.hbload.gc.Jdks;
import io.hbload.gc.JvmOption;
import io.hbload.gc.TuningInput;
import io.hbload.gc.TuningResult;
import io.hbload.gc.tune.GcTuner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --check} on real JVMs: the machine's JDK 17 and Temurin 25 (skipped with the reason when
 * absent). Each run starts one JVM for a second or two with {@code -version}, so nothing heavy
 * runs.
 */
class FlagCheckerTest {
  @TempDir Path dir;

  private static Path need(Optional<Path> java, String what) {
    assumeTrue(java.isPresent(), what + " is not installed here; this check cannot run");
    return java.get();
  }

  private static TuningResult tune(String heap, int cpus, int jdk, long bucketCache) {
    return GcTuner.tune(
        TuningInput.builder()
            .heap(heap)
            .cpus(cpus)
            .jdk(jdk)
            .bucketCacheBytes(bucketCache)
            .gcLogFile("/var/log/hbase/gc-regionserver.log")
            .build());
  }

  private void assertAllTook(CheckReport r, TuningResult tuned) {
    assertThat(r.findings()).as(String.join(" ", r.command())).isEmpty();
    assertThat(r.exitCode()).isZero();
    assertThat(r.checks()).allSatisfy(c -> assertThat(c.ok()).as(c.toString()).isTrue());
    assertThat(r.ok()).isTrue();
    // every emitted flag with a HotSpot name was looked up (except what was omitted on purpose)
    long omittedFlags = r.omitted().stream().filter(o -> o.startsWith("-X")).count();
    assertThat(r.checks().size() + omittedFlags).isEqualTo(tuned.options().size());
  }

  /**
   * The post's 100 GB / 40 CPU options: -Xms100g cannot be committed on this box, so it is left out
   * and said so.
   */
  @Test
  void postOptionsTakeOnJdk17() {
    Path java = need(Jdks.jdk17(), "JDK 17");
    TuningResult tuned = tune("100g", 40, 17, 0);
    long mem = HostResources.totalMemoryBytes();
    assumeTrue(
        mem > 0 && mem < 100 * ByteSize.GIB,
        "this machine has 100g or more: -Xms100g would be kept");
    CheckReport r = FlagChecker.check(java, tuned, mem, dir);
    assertAllTook(r, tuned);
    assertThat(r.omitted())
        .anyMatch(o -> o.startsWith("-Xms100g: larger than this machine's memory"));
    assertThat(r.command())
        .doesNotContain("-Xms100g")
        .contains("-Xmx100g", "-XX:+UnlockExperimentalVMOptions");
    assertThat(r.checks())
        .anyMatch(c -> c.option().equals("-XX:G1NewSizePercent=1") && "1".equals(c.actual()))
        .anyMatch(c -> c.option().equals("-XX:ParallelGCThreads=28") && "28".equals(c.actual()))
        .anyMatch(c -> c.option().equals("-XX:-ResizePLAB") && "false".equals(c.actual()))
        .anyMatch(
            c -> "MaxHeapSize".equals(c.flagName()) && c.actual().equals(Long.toString(100L << 30)))
        .anyMatch(c -> c.option().startsWith("-Xlog:") && c.ok());
  }

  @Test
  void smallHeapWithBucketCacheTakesOnJdk17IncludingXms() {
    Path java = need(Jdks.jdk17(), "JDK 17");
    TuningResult tuned = tune("1g", 4, 17, 2 * ByteSize.GIB);
    CheckReport r = FlagChecker.check(java, tuned, HostResources.totalMemoryBytes(), dir);
    assertAllTook(r, tuned);
    assertThat(r.checks())
        .anyMatch(c -> "InitialHeapSize".equals(c.flagName()) && c.ok())
        .anyMatch(
            c ->
                "MaxDirectMemorySize".equals(c.flagName())
                    && c.actual().equals(Long.toString(4L << 30)));
  }

  /**
   * What the CLI runs: the check in a scratch directory of its own, rendered, and the directory
   * gone afterwards.
   */
  @Test
  void tempDirCheckRendersAndCleansUpOnJdk17() {
    Path java = need(Jdks.jdk17(), "JDK 17");
    CheckReport r =
        TempDirCheck.run(java, tune("2g", 4, 17, ByteSize.GIB), HostResources.totalMemoryBytes());
    assertThat(r.ok()).as(r.render()).isTrue();
    assertThat(r.render())
        .startsWith("# check: " + java + " (JDK 17), exit 0: OK")
        .contains(
            "#   ok   -Xms2g -> InitialHeapSize = 2147483648 (origin command line)\n",
            "#   ok   -XX:MaxDirectMemorySize=4g -> MaxDirectMemorySize = 4294967296")
        .doesNotContain("FAIL", "finding:");
    Matcher scratch = Pattern.compile("replaced by (\\S+)/gc-check\\.log").matcher(r.render());
    assertThat(scratch.find()).as(r.render()).isTrue();
    assertThat(Path.of(scratch.group(1))).doesNotExist();
  }

  @Test
  void optionsTakeOnTemurin25() {
    Path java = need(Jdks.temurin25(), "Temurin 25 (/usr/lib/jvm/temurin-25-jdk-amd64)");
    for (TuningResult tuned :
        List.of(tune("64g", 40, 25, 8 * ByteSize.GIB), tune("2g", 2, 25, 0))) {
      CheckReport r = FlagChecker.check(java, tuned, HostResources.totalMemoryBytes(), dir);
      assertAllTook(r, tuned);
      assertThat(r.actualFeature()).isEqualTo(25);
    }
  }

  /**
   * The checker must be able to fail: G1NewSizePercent without the unlock is rejected by the real
   * JVM.
   */
  @Test
  void detectsAMissingUnlockOnJdk17() {
    Path java = need(Jdks.jdk17(), "JDK 17");
    TuningResult good = tune("64g", 40, 17, 0);
    List<JvmOption> broken = new ArrayList<>(good.options());
    broken.removeIf(o -> o.text().equals("-XX:+UnlockExperimentalVMOptions"));
    TuningResult bad =
        new TuningResult(
            good.input(), broken, good.explanations(), good.warnings(), good.derived());
    CheckReport r = FlagChecker.check(java, bad, 16 * ByteSize.GIB, dir);
    assertThat(r.ok()).isFalse();
    assertThat(r.exitCode()).isNotZero();
    assertThat(r.findings())
        .anyMatch(f -> f.contains("must be enabled via -XX:+UnlockExperimentalVMOptions"));
  }

  /**
   * JDK 8 logging flags on JDK 25: the Print* flags are unrecognized, and the version mismatch is
   * reported.
   */
  @Test
  void detectsJdk8OptionsOnTemurin25() {
    Path java = need(Jdks.temurin25(), "Temurin 25 (/usr/lib/jvm/temurin-25-jdk-amd64)");
    CheckReport r =
        FlagChecker.check(java, tune("2g", 2, 8, 0), HostResources.totalMemoryBytes(), dir);
    assertThat(r.ok()).isFalse();
    assertThat(r.findings())
        .anyMatch(f -> f.contains("computed for JDK 8 but"))
        .anyMatch(f -> f.contains("Unrecognized VM option"));
  }
}
