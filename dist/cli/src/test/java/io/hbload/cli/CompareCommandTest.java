package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbload.cli.contract.ExitCode;
import io.hbload.core.Hbload;
import io.hbload.core.time.EventClock;
import io.hbload.report.compare.SleepingBinding;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbload compare} through the CLI on real runs: an A/A pair and a 30 % slower server (runs
 * of the engine on a seeded sleeping binding, A and B taken at the same time, see observe's
 * CompareValidationTest for why), the CI gate {@code --fail-if-slower}, sides that are not
 * comparable, the writer's rules for {@code --json}, and suites as sides.
 */
@Timeout(180)
class CompareCommandTest {
  @TempDir static Path runs;

  @BeforeAll
  static void runPairs() throws Exception {
    duet("aa", 1.0);
    duet("slow", 1.3);
  }

  private static void duet(String name, double factorB) throws Exception {
    CompletableFuture<?> a = CompletableFuture.runAsync(() -> run(name + "-a", 1.0, 11));
    CompletableFuture<?> b = CompletableFuture.runAsync(() -> run(name + "-b", factorB, 12));
    a.get();
    b.get();
  }

  private static void run(String stem, double factor, long seed) {
    EventClock clock = new EventClock(); // the sleeping server's calls take their draws exactly
    clock.run(
        () ->
            Hbload.workload("c")
                .binding(new SleepingBinding(2000, factor, seed))
                .threads(2)
                .recordCount(1000)
                .operationCount(800)
                .seed(seed)
                .property("status.interval", "0.04")
                .json(runs.resolve(stem + ".json"))
                .hlog(runs.resolve(stem + ".hlog"))
                .clock(clock)
                .run());
  }

  private static CommandOutput compare(String... args) {
    List<String> argv = new ArrayList<>(List.of("compare"));
    argv.addAll(List.of(args));
    return CommandOutput.of(HbloadCommand.commandLine(), argv.toArray(new String[0]));
  }

  private static String file(String name) {
    return runs.resolve(name).toString();
  }

  @Test
  void aPercentageIsReadWithOrWithoutItsSign() {
    CommandOutput slow =
        compare(file("slow-a.json"), file("slow-b.json"), "--fail-if-slower", "10%");
    assertThat(slow.exit()).as(slow.out() + slow.err()).isEqualTo(ExitCode.FAILURE);
    assertThat(slow.err()).startsWith("hbload compare: B is slower than A by more than 10.0% ");
    CommandOutput bad =
        compare(file("slow-a.json"), file("slow-b.json"), "--fail-if-slower", "ten%");
    assertThat(bad.exit()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(bad.errLines()).hasSize(1);
    assertThat(bad.err()).contains("'ten%' is not a percentage (e.g. 10 or 10%)");
  }

  @Test
  void aSlowerServerFailsTheGateAndAnAaPairPassesIt() {
    CommandOutput slow =
        compare(file("slow-a.json"), file("slow-b.json"), "--fail-if-slower", "10");
    assertThat(slow.exit()).as(slow.out() + slow.err()).isEqualTo(ExitCode.FAILURE);
    assertThat(slow.out())
        .contains("block-bootstrap")
        .contains("one run a side")
        .contains("B slower");
    assertThat(slow.errLines()).hasSize(1);
    assertThat(slow.err())
        .startsWith("hbload compare: B is slower than A by more than 10.0% with 95 % confidence: ")
        .contains("READ.p50")
        .contains("Holm-corrected over the 3 judged figures");
    CommandOutput aa =
        compare(
            file("aa-a.json"),
            file("aa-b.json"),
            "--fail-if-slower",
            "10",
            "--gate",
            "throughput,p50,p90");
    assertThat(aa.exit()).as(aa.out() + aa.err()).isEqualTo(ExitCode.OK);
    assertThat(aa.out()).contains("no difference this data can detect");
    CommandOutput faster =
        compare(
            file("slow-b.json"),
            file("slow-a.json"),
            "--fail-if-slower",
            "10",
            "--gate",
            "throughput,p50,p90");
    assertThat(faster.exit()).as("B faster than A").isEqualTo(ExitCode.OK);
    assertThat(faster.out()).contains("B faster");
  }

  /**
   * Issue 32 §2.1: two runs too short for any interval (one interval histogram a side), B 16 times
   * slower. The gate cannot judge anything, so it says so and exits 3; it used to pass (exit 0).
   */
  @Test
  void aGateThatCannotJudgeAnythingSaysSoAndExitsThree(@TempDir Path dir) throws Exception {
    CompletableFuture<?> a =
        CompletableFuture.runAsync(() -> shortRun(dir.resolve("short-a.json"), 1.0, 21));
    CompletableFuture<?> b =
        CompletableFuture.runAsync(() -> shortRun(dir.resolve("short-b.json"), 16.0, 22));
    a.get();
    b.get();
    CommandOutput o =
        compare(
            dir.resolve("short-a.json").toString(),
            dir.resolve("short-b.json").toString(),
            "--fail-if-slower",
            "10");
    assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCode.CANNOT_JUDGE);
    assertThat(o.errLines()).hasSize(1);
    assertThat(o.err())
        .startsWith("hbload compare: cannot judge: READ: ")
        .containsPattern("READ: [1-7] vs [1-7] intervals a side, need 8; ")
        .contains("use a shorter status.interval or longer runs");
    assertThat(o.outLines().get(2)).startsWith("verdict: cannot judge");
    CommandOutput help = compare("--help");
    assertThat(help.out())
        .contains("Exit codes:")
        .containsPattern("\\n  3 +--fail-if-slower cannot");
    assertThat(help.err()).as("picocli formats every line").isEmpty();
  }

  /** 200 reads on a sleeping server (median 0.5 ms times the factor), one interval histogram. */
  private static void shortRun(Path json, double factor, long seed) {
    String stem = json.getFileName().toString().replace(".json", "");
    EventClock clock = new EventClock(); // the sleeping server's calls take their draws exactly
    clock.run(
        () ->
            Hbload.workload("c")
                .binding(new SleepingBinding(500, factor, seed))
                .threads(2)
                .recordCount(1000)
                .operationCount(200)
                .seed(seed)
                .property("status.interval", "10")
                .json(json)
                .hlog(json.resolveSibling(stem + ".hlog"))
                .clock(clock)
                .run());
  }

  /**
   * Issue 32 §2.1 and §2.3: 800 reads a side judge throughput, p50 and p90 but not p99 and beyond
   * (too few latencies past them). The gate names what it could not judge and exits 3, unless it is
   * narrowed to judged figures with --gate; a name it does not know is bad input with the known
   * names.
   */
  @Test
  void aGateNamesTheFiguresItCouldNotJudgeAndGateNarrowsIt() {
    CommandOutput all = compare(file("aa-a.json"), file("aa-b.json"), "--fail-if-slower", "10");
    assertThat(all.exit()).as(all.out() + all.err()).isEqualTo(ExitCode.CANNOT_JUDGE);
    assertThat(all.errLines()).hasSize(1);
    assertThat(all.err())
        .contains("cannot judge")
        .contains("READ.p99, READ.p99.9, READ.p99.99")
        .contains("--gate");
    CommandOutput narrowed =
        compare(
            file("aa-a.json"),
            file("aa-b.json"),
            "--fail-if-slower",
            "10",
            "--gate",
            "READ.p50,p90,throughput");
    assertThat(narrowed.exit()).as(narrowed.out() + narrowed.err()).isEqualTo(ExitCode.OK);
    CommandOutput slow =
        compare(
            file("slow-a.json"), file("slow-b.json"), "--fail-if-slower", "10", "--gate", "p50");
    assertThat(slow.exit()).as(slow.out() + slow.err()).isEqualTo(ExitCode.FAILURE);
    CommandOutput typo =
        compare(file("aa-a.json"), file("aa-b.json"), "--fail-if-slower", "10", "--gate", "p95");
    assertThat(typo.exit()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(typo.errLines()).hasSize(1);
    assertThat(typo.err()).contains("p95").contains("did you mean").contains("p99.9");
    CommandOutput noSuchOp =
        compare(
            file("aa-a.json"), file("aa-b.json"), "--fail-if-slower", "5", "--gate", "REED.p50");
    assertThat(noSuchOp.exit()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(noSuchOp.errLines()).hasSize(1);
    assertThat(noSuchOp.err()).contains("did you mean READ.p50?").contains("READ.throughput");
    assertThat(noSuchOp.out()).isEmpty();
  }

  /**
   * Issue 32 §2.2: one input twice on a side (by its name, by another path, by a link) is not two
   * rounds: refused, exit 2, one line, before anything is printed.
   */
  @Test
  void theSameInputTwiceOnASideIsRefused(@TempDir Path dir) throws Exception {
    Path link = Files.createSymbolicLink(dir.resolve("link.json"), runs.resolve("aa-a.json"));
    Path other = runs.resolve("..").resolve(runs.getFileName()).resolve("aa-a.json");
    for (String side :
        List.of(
            file("aa-a.json") + "," + file("aa-a.json"),
            file("aa-a.json") + "," + other,
            link + "," + file("aa-a.json"))) {
      CommandOutput o = compare(side, file("aa-b.json") + "," + file("slow-b.json"), "--force");
      assertThat(o.exit()).as(side + ": " + o.out() + o.err()).isEqualTo(ExitCode.BAD_INPUT);
      assertThat(o.errLines()).hasSize(1);
      assertThat(o.err()).contains("twice").contains("aa-a.json");
      assertThat(o.out()).isEmpty();
    }
  }

  /**
   * Issue 32 §2.4: a one-line verdict above the blocks, and beside each judged figure the smallest
   * difference its data could have detected.
   */
  @Test
  void theTextStartsWithAVerdictAndShowsTheDetectableDifference() {
    CommandOutput slow =
        compare(file("slow-a.json"), file("slow-b.json"), "--gate", "throughput,p50,p90");
    assertThat(slow.exit()).as(slow.err()).isZero();
    assertThat(slow.outLines().get(2)).startsWith("verdict: slower");
    assertThat(slow.out()).contains("detectable");
    String p50 =
        slow.outLines().stream().filter(l -> l.contains("service p50")).findFirst().orElseThrow();
    assertThat(p50).containsPattern("±\\d+\\.\\d%");
    CommandOutput aa = compare(file("aa-a.json"), file("aa-b.json"), "--gate", "throughput,p50");
    assertThat(aa.outLines().get(2)).startsWith("verdict: no detectable difference");
    CommandOutput faster = compare(file("slow-b.json"), file("slow-a.json"), "--gate", "p50");
    assertThat(faster.outLines().get(2)).startsWith("verdict: faster");
    CommandOutput all = compare(file("aa-a.json"), file("aa-b.json"));
    assertThat(all.outLines().get(2)).startsWith("verdict: cannot judge").contains("READ.p99");
  }

  @Test
  void theOutputIsReproducibleFromTheSeed() {
    CommandOutput first = compare(file("aa-a.json"), file("aa-b.json"), "--seed", "5");
    CommandOutput again = compare(file("aa-a.json"), file("aa-b.json"), "--seed", "5");
    assertThat(first.exit()).isZero();
    assertThat(again.out()).isEqualTo(first.out());
    assertThat(first.out()).contains("seed 5");
  }

  @Test
  void jsonIsWrittenThroughTheWritersRules(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("cmp.json");
    CommandOutput o = compare(file("slow-a.json"), file("slow-b.json"), "--json", out.toString());
    assertThat(o.exit()).as(o.err()).isZero();
    JsonNode doc = new ObjectMapper().readTree(out.toFile());
    assertThat(doc.path("tool").asText()).isEqualTo("hbload");
    assertThat(doc.path("command").asText()).isEqualTo("compare");
    JsonNode p50 = doc.path("operations").get(0).path("metrics").get(1);
    assertThat(p50.path("name").asText()).isEqualTo("service p50");
    assertThat(p50.path("low").asDouble()).isGreaterThan(1.0);
    assertThat(p50.path("verdict").asText()).startsWith("B slower");
    // its own earlier output may be replaced; a file hbload did not write, or an input, may not
    assertThat(compare(file("aa-a.json"), file("aa-b.json"), "--json", out.toString()).exit())
        .isZero();
    Path foreign = Files.writeString(dir.resolve("notes.json"), "{\"mine\": true}\n");
    CommandOutput refused =
        compare(file("aa-a.json"), file("aa-b.json"), "--json", foreign.toString());
    assertThat(refused.exit()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(refused.err()).contains("not a comparison hbload wrote");
    assertThat(Files.readString(foreign)).isEqualTo("{\"mine\": true}\n");
    CommandOutput input =
        compare(file("aa-a.json"), file("aa-b.json"), "--json", file("aa-b.hlog"));
    assertThat(input.exit()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(input.err()).contains("it is also an input");
  }

  @Test
  void htmlOverlaysBothSpectraWithTheirBandsAndThroughput(@TempDir Path dir) throws Exception {
    Path page = dir.resolve("cmp.html");
    CommandOutput o = compare(file("slow-a.json"), file("slow-b.json"), "--html", page.toString());
    assertThat(o.exit()).as(o.err()).isZero();
    String html = Files.readString(page);
    assertThat(html)
        .contains("<title>hbload compare: ")
        .contains("Content-Security-Policy")
        .contains("READ service latency spectrum (dashed: block bootstrap, 95 %)")
        .contains("throughput over time");
    for (String series : List.of("A", "A low", "A high", "B", "B low", "B high")) {
      assertThat(html).contains("data-series=\"" + series + "\" d=\"M");
    }
    assertThat(html).contains("B slower");
    // the table as a table: a row a figure, its cells apart, not the text report in a <pre>
    assertThat(html)
        .contains("<table class=\"comparison\">")
        .containsPattern(
            "<tr><td>service p50 \\(ms\\)</td><td class=\"n\">[0-9.]+</td><td class=\"n\">[0-9.]+</td>"
                + "<td class=\"n\">[0-9.]+</td><td class=\"n\">[0-9.]+ \\.\\. [0-9.]+</td>"
                + "<td class=\"n\">&plusmn;[0-9.]+ %</td><td>B slower by ")
        .doesNotContain("<pre");
    assertThat(compare(file("slow-a.json"), file("slow-b.json"), "--html", page.toString()).exit())
        .as("its own page may be replaced")
        .isZero();
    Path foreign = Files.writeString(dir.resolve("index.html"), "<html>mine</html>");
    CommandOutput refused =
        compare(file("slow-a.json"), file("slow-b.json"), "--html", foreign.toString());
    assertThat(refused.exit()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(Files.readString(foreign)).isEqualTo("<html>mine</html>");
  }

  @Test
  void sidesOfAnotherRecordCountOrMixAreRefusedUnlessForced(@TempDir Path dir) {
    String small = runCli(dir, "small", "-w", "a", "-p", "recordcount=500");
    String large = runCli(dir, "large", "-w", "a", "-p", "recordcount=600");
    String readOnly = runCli(dir, "readonly", "-w", "c", "-p", "recordcount=500");
    CommandOutput count = compare(small, large);
    assertThat(count.exit()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(count.errLines()).hasSize(1);
    assertThat(count.err())
        .startsWith("hbload compare: A and B are not comparable: recordcount 500 vs 600")
        .contains("--force");
    assertThat(count.out()).isEmpty();
    CommandOutput mix = compare(small, readOnly);
    assertThat(mix.exit()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(mix.err()).contains("readproportion 0.5 vs 1");
    CommandOutput forced = compare(small, large, "--force");
    assertThat(forced.exit()).as(forced.err()).isZero();
    assertThat(forced.out())
        .contains("NOT COMPARABLE (compared with --force): recordcount 500 vs 600");
  }

  /**
   * A basic-binding run through the CLI, 1000 operations in 50 ms intervals; returns its JSON file.
   */
  private static String runCli(Path dir, String stem, String... more) {
    List<String> argv =
        new ArrayList<>(
            List.of(
                "run",
                "-db",
                "basic",
                "-p",
                "operationcount=1000",
                "-p",
                "status.interval=0.05",
                "--json",
                dir.resolve(stem + ".json").toString(),
                "--hlog",
                dir.resolve(stem + ".hlog").toString()));
    argv.addAll(List.of(more));
    CommandOutput o = CommandOutput.of(HbloadCommand.commandLine(), argv.toArray(new String[0]));
    assertThat(o.exit()).as(o.err()).isZero();
    return dir.resolve(stem + ".json").toString();
  }

  @Test
  void suitesAreComparedPerWorkloadFromTheirKeptRounds(@TempDir Path dir) {
    for (String side : List.of("one", "two")) {
      // twelve runs of 1 s, on virtual time: in what their operations cost
      CommandOutput s =
          CommandOutput.onVirtualTime(
              "suite",
              "-w",
              "a,c",
              "-db",
              "memory",
              "--rounds",
              "3",
              "--discard",
              "1",
              "--duration",
              "1s",
              "-threads",
              "1",
              "-target",
              "1000",
              "-p",
              "recordcount=200",
              "--out",
              dir.resolve(side).toString());
      assertThat(s.exit()).as(s.err()).isZero();
    }
    CommandOutput o = compare(dir.resolve("one").toString(), dir.resolve("two").toString());
    assertThat(o.exit()).as(o.err()).isZero();
    assertThat(o.out())
        .contains("[a] READ")
        .contains("[a] UPDATE")
        .contains("[c] READ")
        .contains("interval: rounds: 2 vs 2 rounds");
    CommandOutput twice =
        compare(
            dir.resolve("one") + "," + dir.resolve("one").resolve("."),
            dir.resolve("two").toString());
    assertThat(twice.exit()).as("a suite twice on a side").isEqualTo(ExitCode.BAD_INPUT);
    assertThat(twice.err()).contains("twice");
    CommandOutput roundTwice =
        compare(
            dir.resolve("one") + "," + dir.resolve("one").resolve("round2-c.json"),
            dir.resolve("two").toString());
    assertThat(roundTwice.exit())
        .as("a suite and one of its rounds on a side: that round twice")
        .isEqualTo(ExitCode.BAD_INPUT);
    assertThat(roundTwice.err()).contains("twice");
    CommandOutput oneWorkload =
        compare(
            dir.resolve("one").resolve("round2-c.json").toString(), dir.resolve("two").toString());
    assertThat(oneWorkload.exit())
        .as("a run against a suite of two workloads")
        .isEqualTo(ExitCode.BAD_INPUT);
    assertThat(oneWorkload.err()).contains("A holds run; B holds a, c");
  }

  /**
   * Replication against erasure coding, each a real dfsio write on its own embedded cluster, its
   * --json a side.
   */
  @Test
  void dfsioResultsAreComparedPerPhaseWithThePolicyAsAnEnvironmentDifference(@TempDir Path dir)
      throws Exception {
    Path replication = dfsio(dir, "replication", "--policy", "REPLICATION");
    Path ec = dfsio(dir, "ec", "--policy", "RS-3-2-1024k");
    CommandOutput o = compare(replication.toString(), ec.toString());
    assertThat(o.exit()).as(o.err()).isZero();
    assertThat(o.out())
        .contains("environment: policy: A \"REPLICATION")
        .contains("B \"RS-3-2-1024k\"")
        .contains("write (4 vs 4)")
        .contains("interval: files: one pass a side")
        .contains("avgIoRate MiB/s");
    // the same file twice on a side is not two rounds (refused); two copies stand for two passes
    Path replication2 = Files.copy(replication, dir.resolve("replication2.json"));
    Path ec2 = Files.copy(ec, dir.resolve("ec2.json"));
    CommandOutput rounds = compare(replication + "," + replication2, ec + "," + ec2);
    assertThat(rounds.out()).contains("interval: rounds: 2 vs 2 passes");
    CommandOutput mixed = compare(replication.toString(), file("aa-a.json"));
    assertThat(mixed.exit()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(mixed.err()).contains("A holds dfsio results, B load/run");
  }

  private static Path dfsio(Path dir, String name, String... more) throws Exception {
    List<String> argv =
        new ArrayList<>(
            List.of("dfsio", "write", "--files", "4", "--size", "1m", "--format", "json"));
    argv.addAll(List.of(more));
    CommandOutput o = CommandOutput.of(HbloadCommand.commandLine(), argv.toArray(new String[0]));
    assertThat(o.exit()).as(o.err()).isZero();
    return Files.writeString(dir.resolve(name + ".json"), o.out());
  }
}
