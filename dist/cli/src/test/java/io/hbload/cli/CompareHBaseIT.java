package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.cli.contract.ExitCode;
import io.hbload.hbase.testkit.HBaseExtension;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbload compare} on runs against the embedded HBase: an A/A pair (the same throttled read
 * workload, both runs at once so the cluster and machine weigh on both alike) shows no difference
 * beyond 10 %, and a throttled rate (B offered 250 ops/s against A's 400) is found slower in
 * throughput and fails {@code --fail-if-slower 10}.
 */
class CompareHBaseIT {
  @RegisterExtension static final HBaseExtension HBASE = HBaseExtension.shared();

  @TempDir static Path dir;

  @BeforeAll
  static void load() {
    CommandOutput o = hbload("load", "-w", "c", "-p", "recordcount=500");
    assertThat(o.exit()).as(o.err()).isZero();
  }

  private static CommandOutput hbload(String... args) {
    List<String> argv = new ArrayList<>(List.of(args));
    argv.addAll(List.of("--zk", HBASE.hbase().zkQuorum() + ":" + HBASE.hbase().zkPort()));
    return CommandOutput.of(HbloadCommand.commandLine(), argv.toArray(new String[0]));
  }

  /** Two throttled runs of workload c at once; returns their JSON files. */
  private static String[] duet(String name, int targetA, int targetB) throws Exception {
    CompletableFuture<String> a = CompletableFuture.supplyAsync(() -> run(name + "-a", targetA));
    CompletableFuture<String> b = CompletableFuture.supplyAsync(() -> run(name + "-b", targetB));
    return new String[] {a.get(), b.get()};
  }

  /** About 3 seconds at the target rate, in 100 ms intervals. */
  private static String run(String stem, int target) {
    Path json = dir.resolve(stem + ".json");
    CommandOutput o =
        hbload(
            "run",
            "-w",
            "c",
            "-p",
            "recordcount=500",
            "-p",
            "operationcount=" + 3 * target,
            "-target",
            Integer.toString(target),
            "-threads",
            "2",
            "-p",
            "status.interval=0.1",
            "--json",
            json.toString(),
            "--hlog",
            dir.resolve(stem + ".hlog").toString());
    assertThat(o.exit()).as(o.err()).isZero();
    return json.toString();
  }

  @Test
  void anAaPairPassesTheGateAndAThrottledRateFailsIt() throws Exception {
    String[] aa = duet("aa", 400, 400);
    CommandOutput same =
        CommandOutput.of(
            HbloadCommand.commandLine(), "compare", aa[0], aa[1], "--fail-if-slower", "10");
    assertThat(same.exit()).as(same.out() + same.err()).isEqualTo(ExitCode.OK);
    assertThat(same.out()).contains("READ (").contains("interval: block-bootstrap");
    String[] slow = duet("slow", 400, 250);
    CommandOutput slower =
        CommandOutput.of(
            HbloadCommand.commandLine(), "compare", slow[0], slow[1], "--fail-if-slower", "10");
    assertThat(slower.exit()).as(slower.out() + slower.err()).isEqualTo(ExitCode.FAILURE);
    String throughput =
        slower
            .out()
            .lines()
            .filter(l -> l.trim().startsWith("throughput"))
            .findFirst()
            .orElseThrow();
    assertThat(throughput).as(slower.out()).contains("B slower");
    assertThat(slower.out()).contains("target ops/s: A 400.0, B 250.0");
  }
}
