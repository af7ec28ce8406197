package io.hbload.mapreduce;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.mapreduce.MapReduceClusters.Out;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code hbload mapreduce} from the built jar, as a user first meets it. */
class MapReduceJarIT {
  /**
   * The default a user meets first: the built jar with nothing configured starts its own embedded
   * HBase and YARN, loads, runs two map tasks whose JVMs get the fat jar's class path, and cleans
   * up.
   */
  @Test
  void theJarWithNothingConfiguredRunsOnItsOwnEmbeddedHBaseAndYarn(@TempDir Path work)
      throws Exception {
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx1g",
            // the launcher JVM holds the embedded HBase and YARN and measures nothing; the map
            // task JVMs keep the default a user gets
            "-XX:TieredStopAtLevel=1",
            "-jar",
            Path.of(System.getProperty("hbload.jar", "target/hbload.jar"))
                .toAbsolutePath()
                .toString(),
            "mapreduce",
            "run",
            "-w",
            "a",
            "-p",
            "recordcount=500",
            "-p",
            "operationcount=1000",
            "--clients",
            "2",
            "--start-delay",
            "5s");
    ProcessBuilder pb =
        new ProcessBuilder(command)
            .directory(work.toFile())
            .redirectOutput(work.resolve("out.txt").toFile())
            .redirectError(work.resolve("err.txt").toFile());
    pb.environment().remove("HADOOP_CONF_DIR");
    long t0 = System.nanoTime();
    Process p = pb.start();
    if (!p.waitFor(4, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("timed out; stderr: " + Files.readString(work.resolve("err.txt")));
    }
    Out o =
        new Out(
            p.exitValue(),
            Files.readString(work.resolve("out.txt")),
            Files.readString(work.resolve("err.txt")));
    System.err.printf(
        "MapReduceIT: java -jar hbload.jar %s -> %d in %.1f s%n%s",
        String.join(" ", command.subList(4, command.size())),
        o.exit(),
        (System.nanoTime() - t0) / 1e9,
        o.err());
    assertThat(o.exit()).as(o.err()).isZero();
    assertThat(o.err()).contains("EMBEDDED HBASE + YARN", "loading 500 records from here first");
    assertThat(o.count("READ", "Return=OK") + o.count("UPDATE", "Return=OK")).isEqualTo(1000);
    assertThat(o.out()).contains("[SHARDS], Merged, 2 of 2");
  }
}
