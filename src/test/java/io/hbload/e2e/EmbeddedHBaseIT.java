package io.hbload.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The product's main job as a user runs it: hbload.jar against a real, embedded HBase. */
class EmbeddedHBaseIT {
  @TempDir Path dir;

  /**
   * The README's first command: no cluster configured, so an embedded one, loaded first, then
   * workload a.
   */
  @Test
  void runWorkloadAOnTheEmbeddedHBase() throws Exception {
    Cli.Result r =
        Cli.run(
            Cli.javaJar("run", "-w", "a", "--json", dir.resolve("a.json").toString()), dir, 300);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).contains("EMBEDDED HBASE").contains("loading 1000 records");
    List<String> out = r.outLines();
    long ok =
        out.stream()
            .filter(l -> l.matches("\\[(READ|UPDATE)\\], Return=OK, \\d+"))
            .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1)))
            .sum();
    assertThat(ok).isEqualTo(1000);
    assertThat(out).noneMatch(l -> l.contains("-FAILED]"));
    assertThat(out).anyMatch(l -> l.startsWith("[BLOCKCACHE], L1HitRatio, "));
    assertThat(Files.readString(dir.resolve("a.json"))).contains("\"binding\": \"hbase\"");
    // the embedded cluster's data directory is gone afterwards
    String data = r.err().lines().filter(l -> l.contains("data in ")).findFirst().orElseThrow();
    String path = data.substring(data.indexOf("data in ") + 8, data.indexOf(" (removed"));
    assertThat(Path.of(path)).doesNotExist();
  }
}
