package io.hbload.hbase.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where an embedded cluster keeps its files: all under the private directory it announces, none in
 * the user's working directory (HBase's test utility used to make {@code ./target/test-data} there
 * and leave it) nor beside it in the temp directory ({@code <tmp>/hbase-<user>}). The cluster runs
 * in a JVM of its own, since a JVM's working directory cannot be changed from inside it.
 */
class EmbeddedFilesIT {
  /** The child JVM: starts a cluster, says where its data is, stops it. */
  public static void main(String[] args) throws Exception {
    try (EmbeddedHBase hbase = EmbeddedHBase.start(1)) {
      System.out.println("data " + hbase.dataDir());
    }
  }

  @Test
  void anEmbeddedClusterLeavesNothingInTheWorkingOrTempDirectory(
      @TempDir Path cwd, @TempDir Path tmp, @TempDir Path logs) throws Exception {
    Path out = logs.resolve("child.out");
    Path err = logs.resolve("child.err");
    // no -Dtest.build.data.basedirectory: as a user's hbload runs, with only its own temp directory
    Process child =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // a behaviour check, not a speed one: the JIT's first tier alone starts it on less
                // CPU
                "-XX:TieredStopAtLevel=1",
                "-Xmx1g",
                "-Djava.io.tmpdir=" + tmp,
                "-cp",
                System.getProperty("java.class.path"),
                EmbeddedFilesIT.class.getName())
            .directory(cwd.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    try {
      assertThat(child.waitFor(240, TimeUnit.SECONDS)).as("cluster started and stopped").isTrue();
    } finally {
      child.destroyForcibly();
    }
    assertThat(child.exitValue()).as(Files.readString(err)).isZero();
    String data =
        Files.readAllLines(out).stream()
            .filter(l -> l.startsWith("data "))
            .findFirst()
            .orElseThrow();
    Path dataDir = Path.of(data.substring(5));
    assertThat(dataDir).as("announced under the temp directory").startsWithRaw(tmp);
    assertThat(dataDir).as("removed at close").doesNotExist();
    assertThat(list(cwd)).as("nothing in the working directory").isEmpty();
    assertThat(list(tmp)).as("nothing left in the temp directory").isEmpty();
  }

  private static List<String> list(Path dir) throws Exception {
    try (Stream<Path> all = Files.walk(dir)) {
      return all.filter(p -> !p.equals(dir))
          .map(p -> dir.relativize(p).toString())
          .sorted()
          .toList();
    }
  }
}
