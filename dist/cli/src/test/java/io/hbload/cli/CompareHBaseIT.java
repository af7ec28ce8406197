package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.cli.contract.ExitCode;
import io.hbload.hbase.testkit.HBaseExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbload compare} on runs against the embedded HBase.
 *
 * <p>The A/A pair is a duet (rounds alternating ABBA, the uncertainty from the rounds): two single
 * runs a side are judged by their own intervals only, which cannot hold what differs between runs.
 * Two such runs taken at once were found 1.9 times apart at p50 in CI: they share one RegionServer
 * and two cores, so they are not two samples of one thing (likeliest, their paced schedules fell
 * into step and one run's requests queued behind the other's), a true difference between the two
 * runs that no within-run interval can attribute to chance. The known slowdown (B offered 250 ops/s
 * against A's 400) is judged both ways: from two single runs (the block bootstrap over their hlogs)
 * and from a duet; both fail {@code --fail-if-slower 10}.
 */
class CompareHBaseIT {
  @RegisterExtension static final HBaseExtension HBASE = HBaseExtension.shared();

  @TempDir static Path dir;

  @BeforeAll
  static void load() {
    CommandOutput o = hbload("load", "-w", "c", "-p", "recordcount=500");
    assertThat(o.exit()).as(o.err()).isZero();
  }

  /** On the cluster by address; this test compares latencies, not caches. */
  private static CommandOutput hbload(String... args) {
    return CommandOutput.onCluster(HBASE.hbase(), args);
  }

  private static CommandOutput compare(String a, String b, String... more) {
    List<String> argv = new ArrayList<>(List.of("compare", a, b, "--fail-if-slower", "10"));
    argv.addAll(List.of(more));
    return CommandOutput.of(HbloadCommand.commandLine(), argv.toArray(new String[0]));
  }

  /** Two throttled runs of workload c at once; returns their JSON files. */
  private static String[] pair(String name, int targetA, int targetB) throws Exception {
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

  /**
   * A duet of workload c, each side's target rate in its own file: 4 rounds of 1 s a side in ABBA
   * order, the first dropped; returns the directory holding {@code a/} and {@code b/}.
   */
  private static Path duet(String name, int targetA, int targetB) throws Exception {
    Path out = dir.resolve(name);
    Path a = Files.writeString(dir.resolve(name + "-a.properties"), "target=" + targetA + "\n");
    Path b = Files.writeString(dir.resolve(name + "-b.properties"), "target=" + targetB + "\n");
    CommandOutput o =
        hbload(
            "suite",
            "-w",
            "c",
            "-p",
            "recordcount=500",
            "--rounds",
            "4",
            "--discard",
            "1",
            "--duration",
            "1s",
            "-threads",
            "2",
            "--side",
            "a=" + a,
            "--side",
            "b=" + b,
            "--out",
            out.toString());
    assertThat(o.exit()).as(o.err()).isEqualTo(ExitCode.OK);
    return out;
  }

  /**
   * A/A duets on the embedded HBase pass the gate; {@code -Dhbload.aa.duets=N} runs N of them and
   * prints how many failed (issue 32 §2: the gate's false-positive rate on the embedded HBase, to
   * be at most 5 %). The failures must stay within Binomial(N, 5 %)'s 99.9 % quantile. CI runs
   * three, so that two may fail: a gate built to be wrong 5 % of the time failed one duet of 20 in
   * a row (B's p50 50 % over A's in all three of its rounds, with another test's cluster busy on
   * the same 2 cores), and "one duet must pass" was a test that fails by design one run in twenty.
   */
  @Test
  void anAaDuetPassesTheGate() throws Exception {
    int duets = Integer.getInteger("hbload.aa.duets", 3);
    List<String> failed = new ArrayList<>();
    for (int i = 0; i < duets; i++) {
      Path aa = duet("aa" + i, 400, 400);
      // rounds of 400 reads judge throughput, p50 and p90; the gate of every figure would answer
      // "cannot judge" (exit 3) for p99 and beyond, so it is narrowed to what they judge
      CommandOutput same =
          compare(
              aa.resolve("a").toString(),
              aa.resolve("b").toString(),
              "--gate",
              "throughput,p50,p90");
      assertThat(same.out()).contains("READ (").contains("3 vs 3 rounds");
      if (same.exit() != ExitCode.OK) {
        failed.add(same.out() + same.err());
      }
    }
    System.out.printf(
        "A/A duets on the embedded HBase: %d of %d failed the gate%n", failed.size(), duets);
    failed.forEach(System.out::println);
    int bound = new BinomialDistribution(null, duets, 0.05).inverseCumulativeProbability(0.999);
    assertThat(bound).as("a bound that %d duets can break", duets).isLessThan(duets);
    assertThat(failed.size()).as(String.join("\n----\n", failed)).isLessThanOrEqualTo(bound);
  }

  @Test
  void aThrottledRateFailsTheGateFromOneRunASideAndFromADuet() throws Exception {
    String[] slow = pair("slow", 400, 250);
    CommandOutput runs = compare(slow[0], slow[1]);
    assertThat(runs.exit()).as(runs.out() + runs.err()).isEqualTo(ExitCode.FAILURE);
    assertThat(runs.out()).contains("interval: block-bootstrap");
    assertThat(throughput(runs)).as(runs.out()).contains("B slower");
    assertThat(runs.out()).contains("target ops/s: A 400.0, B 250.0");

    Path duet = duet("slow-duet", 400, 250);
    CommandOutput rounds = compare(duet.resolve("a").toString(), duet.resolve("b").toString());
    assertThat(rounds.exit()).as(rounds.out() + rounds.err()).isEqualTo(ExitCode.FAILURE);
    assertThat(rounds.out()).contains("3 vs 3 rounds");
    assertThat(throughput(rounds)).as(rounds.out()).contains("B slower");
  }

  private static String throughput(CommandOutput compared) {
    return compared
        .out()
        .lines()
        .filter(l -> l.trim().startsWith("throughput"))
        .findFirst()
        .orElseThrow();
  }
}
