package io.hbload.gc.gclog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hbload.gc.ByteSize;
import io.hbload.gc.Jdks;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Generates a real G1 log on the machine's JDK 17: a RegionServer-like allocation pattern (an LRU
 * of 64 KB "blocks" plus short-lived small arrays) for about 3 seconds in a 256 MB heap, with one
 * GC worker so the run stays on one core. Then the reader must find young pauses and a plausible
 * evacuation rate.
 */
class RealGcLogTest {
  private static final String PROGRAM =
      """
            import java.util.*;
            public class Alloc {
                public static void main(String[] a) {
                    LinkedHashMap<Integer, byte[]> lru = new LinkedHashMap<>(1024, 0.75f, true) {
                        protected boolean removeEldestEntry(Map.Entry<Integer, byte[]> e) { return size() > 800; }
                    };
                    Random r = new Random(42);
                    long end = System.nanoTime() + 3_000_000_000L;
                    long sink = 0;
                    int key = 0;
                    while (System.nanoTime() < end) {
                        for (int i = 0; i < 1000; i++) {
                            byte[] b = new byte[64 + r.nextInt(2048)];
                            sink += b.length;
                        }
                        lru.put(key++ % 5000, new byte[64 * 1024]);
                    }
                    System.out.println(sink + " " + lru.size());
                }
            }
            """;

  @TempDir Path dir;

  @Test
  void readsAPlausibleRateFromARealJdk17Log() throws IOException, InterruptedException {
    Optional<Path> java = Jdks.jdk17();
    assumeTrue(
        java.isPresent(), "no JDK 17 on this machine (looked in /usr/lib/jvm and java.home)");
    Path src = Files.writeString(dir.resolve("Alloc.java"), PROGRAM);
    Path log = dir.resolve("gc.log");
    List<String> cmd =
        List.of(
            java.get().toString(),
            "-XX:+UseG1GC",
            "-Xms256m",
            "-Xmx256m",
            "-XX:ParallelGCThreads=1",
            "-XX:ConcGCThreads=1",
            "-XX:MaxGCPauseMillis=100",
            "-Xlog:gc*:file=" + log + ":time,uptime,level,tags",
            src.toString());
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("program finished").isTrue();
    assertThat(p.exitValue()).as(out).isZero();

    GcLog gc = GcLogReader.read(log);
    assertThat(gc.format()).isEqualTo(GcLog.Format.UNIFIED);
    assertThat(gc.regionBytes()).isEqualTo(ByteSize.MIB); // 256m / 2048 -> 1M on 17
    assertThat(gc.pauses()).hasSizeGreaterThanOrEqualTo(EvacuationSummary.MIN_PAUSES);
    assertThat(gc.pauses())
        .allSatisfy(
            y -> {
              assertThat(y.edenBytes()).isBetween(ByteSize.MIB, 256 * ByteSize.MIB);
              assertThat(y.pauseMillis()).isBetween(0.01, 5000.0);
            });

    EvacuationSummary s = EvacuationSummary.of(List.of(gc));
    // one GC thread on a shared 2-CPU box: far below the post's 10 GB/s on 28 threads, but not
    // absurd
    assertThat(s.rateGibPerSec()).isBetween(0.05, 500.0);
    assertThat(s.p10())
        .isLessThanOrEqualTo(s.p25())
        .isLessThanOrEqualTo(s.median())
        .isLessThanOrEqualTo(s.p90());
    assertThat(s.recommendedNewSizePercent(32 * ByteSize.GIB, 100)).isBetween(1, 5);
    System.out.println("real JDK 17 log: " + s.describe());
  }
}
