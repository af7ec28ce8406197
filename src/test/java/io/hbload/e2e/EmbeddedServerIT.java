package io.hbload.e2e;

import static io.hbload.core.testing.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.testing.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbload embedded} from the built jar serving other hbload JVMs: plain runs, Ctrl-C on the
 * pipelined path, and sharded loads merged. (Its own class, so that the package module's two test
 * JVMs run it beside the other embedded-server tests.)
 */
class EmbeddedServerIT {
  @TempDir Path dir;

  /**
   * {@code hbload embedded} serves another JVM through the hbase-site.xml it writes, until it is
   * stopped.
   */
  @Test
  void embeddedServerServesAClientInAnotherJvm() throws Exception {
    Path conf = dir.resolve("conf");
    Path serverErr = dir.resolve("server.err");
    Process server =
        new ProcessBuilder(
                Cli.javaJar("embedded", "--no-info-servers", "--conf-dir", conf.toString()))
            .redirectOutput(dir.resolve("server.out").toFile())
            .redirectError(serverErr.toFile())
            .start();
    try {
      await("hbase-site.xml written in time", Duration.ofSeconds(180), Duration.ofMillis(200))
          .failFast(Waits.alive("server", server, serverErr))
          .until(() -> Files.exists(conf.resolve("hbase-site.xml")));
      String printed = Files.readString(dir.resolve("server.out")) + Files.readString(serverErr);
      assertThat(printed).contains("hbase.zookeeper.quorum").contains("127.0.0.1");
      Cli.Result load =
          Cli.run(
              Cli.javaJar(
                  "load",
                  "-w",
                  "c",
                  "--hbase-conf",
                  conf.toString(),
                  "-p",
                  "recordcount=500",
                  "-threads",
                  "2"),
              dir,
              180);
      assertThat(load.code()).as(load.err()).isZero();
      assertThat(load.err()).doesNotContain("EMBEDDED HBASE");
      assertThat(load.out()).contains("[INSERT], Return=OK, 500");
      Cli.Result run =
          Cli.run(
              Cli.javaJar(
                  "run",
                  "-w",
                  "c",
                  "--hbase-conf",
                  conf.toString(),
                  "-p",
                  "recordcount=500",
                  "-p",
                  "operationcount=2000",
                  "-p",
                  "dataintegrity=false"),
              dir,
              180);
      assertThat(run.code()).as(run.err()).isZero();
      assertThat(run.out()).contains("[READ], Return=OK, 2000");
      ctrlCOnThePipelinedPathStillReports(conf);
      loadInTwoShardsThenMerge(conf);
    } finally {
      new ProcessBuilder("kill", "-INT", Long.toString(server.pid())).start().waitFor();
      assertThat(server.waitFor(60, TimeUnit.SECONDS)).as("server stops on Ctrl-C").isTrue();
    }
  }

  /**
   * Issue 9: Ctrl-C in the middle of an unbounded run on the pipelined path (32 operations in
   * flight per worker) drains or cancels what is outstanding and still prints YCSB's report, with
   * exit code 130; every issued operation is in the counts (OK, or CANCELLED when the drain ran out
   * of time), none as an error.
   */
  private void ctrlCOnThePipelinedPathStillReports(Path conf) throws Exception {
    Path out = dir.resolve("async.out");
    Path err = dir.resolve("async.err");
    Process p =
        new ProcessBuilder(
                Cli.javaJar(
                    "run",
                    "-w",
                    "c",
                    "--hbase-conf",
                    conf.toString(),
                    "-s",
                    "-p",
                    "recordcount=500",
                    "-p",
                    "operationcount=0",
                    "-p",
                    "hbload.inflight=32",
                    "-threads",
                    "2",
                    "-p",
                    "status.interval=1",
                    "--json",
                    dir.resolve("async.json").toString()))
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    try {
      await("3 status lines", Duration.ofSeconds(120), Duration.ofMillis(100))
          .failFast(Waits.alive("client", p, err))
          .until(() -> Cli.statusLines(err) >= 3);
      new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("exits after Ctrl-C").isTrue();
    } finally {
      p.destroyForcibly(); // an unbounded client must not outlive a failed test (it would load
      // the machine for hours)
    }
    assertThat(p.exitValue()).as(Files.readString(err)).isEqualTo(130);
    List<String> report = Files.readAllLines(out);
    assertThat(report).contains("[OVERALL], StoppedEarly, interrupted");
    assertThat(report)
        .noneMatch(
            l ->
                l.startsWith("[READ], Return=")
                    && !l.startsWith("[READ], Return=OK, ")
                    && !l.startsWith("[READ], Return=CANCELLED, "));
    long reads =
        report.stream()
            .filter(l -> l.startsWith("[READ], Return="))
            .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1)))
            .sum();
    long counted =
        report.stream()
            .filter(l -> l.startsWith("[READ], Operations, "))
            .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1)))
            .findFirst()
            .orElse(-1);
    assertThat(reads).as("operations with a return").isGreaterThan(1000);
    // YCSB's Operations line counts the calls that completed; the returns add the cancelled ones
    assertThat(reads - counted).as("cancelled = returns - completed").isGreaterThanOrEqualTo(0);
    assertThat(Files.readString(dir.resolve("async.json")))
        .contains("\"stopReason\": \"interrupted\"");
  }

  /**
   * Two clients load one table as shards 0/2 and 1/2 (concurrently, from a shared start instant),
   * {@code hbload merge} reports the load as one, and a verified sequential read of every record
   * finds each one.
   */
  private void loadInTwoShardsThenMerge(Path conf) throws Exception {
    long startAt = System.currentTimeMillis() + 8_000;
    List<Process> shards = new java.util.ArrayList<>();
    for (int i = 0; i < 2; i++) {
      shards.add(
          new ProcessBuilder(
                  Cli.javaJar(
                      "load",
                      "-w",
                      "c",
                      "--hbase-conf",
                      conf.toString(),
                      "-p",
                      "table=sharded",
                      "-p",
                      "recordcount=600",
                      "-p",
                      "dataintegrity=true",
                      "-threads",
                      "2",
                      "--shard",
                      i + "/2",
                      "--start-at",
                      Long.toString(startAt),
                      "--hlog",
                      dir.resolve("s" + i + ".hlog").toString()))
              .redirectOutput(dir.resolve("s" + i + ".out").toFile())
              .redirectError(dir.resolve("s" + i + ".err").toFile())
              .start());
    }
    for (int i = 0; i < 2; i++) {
      assertThat(shards.get(i).waitFor(180, TimeUnit.SECONDS)).isTrue();
      assertThat(shards.get(i).exitValue())
          .as(Files.readString(dir.resolve("s" + i + ".err")))
          .isZero();
      assertThat(Files.readString(dir.resolve("s" + i + ".out")))
          .contains("[INSERT], Return=OK, 300");
    }
    Cli.Result merged =
        Cli.run(
            Cli.javaJar(
                "merge",
                dir.resolve("s0.hlog").toString(),
                dir.resolve("s1.hlog").toString(),
                "--json",
                dir.resolve("merged.json").toString()),
            dir,
            60);
    assertThat(merged.code()).as(merged.err()).isZero();
    assertThat(merged.out())
        .contains(
            "[INSERT], Return=OK, 600",
            "[OVERALL], Throughput(ops/sec), ",
            "[SHARDS], Merged, 2 of 2");
    assertThat(Files.readString(dir.resolve("merged.json"))).contains("\"operations\": 600");
    Cli.Result verify =
        Cli.run(
            Cli.javaJar(
                "run",
                "-w",
                "c",
                "--hbase-conf",
                conf.toString(),
                "-p",
                "table=sharded",
                "-p",
                "recordcount=600",
                "-p",
                "operationcount=600",
                "-p",
                "requestdistribution=sequential",
                "-p",
                "dataintegrity=true"),
            dir,
            180);
    assertThat(verify.code()).as(verify.err()).isZero();
    assertThat(verify.out()).contains("[READ], Return=OK, 600", "[VERIFY], Return=OK, 600");
  }
}
