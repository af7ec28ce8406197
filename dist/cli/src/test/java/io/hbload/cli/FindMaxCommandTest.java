package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.time.EventClock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbload run --find-max}: bad bounds are bad input; a search prints its curve, writes a
 * findMax JSON and draws it with {@code --html}.
 */
class FindMaxCommandTest {
  @TempDir Path dir;

  /**
   * The command on a virtual clock of its own: a search's steps (the basic binding's 2 ms calls, 1
   * s steps, warm-ups) take no real time, and its figures do not depend on the machine's load.
   */
  private static CommandOutput exec(String... args) {
    return CommandOutput.onVirtualTime(args);
  }

  @Test
  void aBadBoundIsOneLineAndExitTwo() {
    CommandOutput o = exec("run", "-w", "c", "-db", "basic", "--find-max", "p99<10");
    assertThat(o.exit()).isEqualTo(2);
    assertThat(o.err()).contains("cannot read 'p99<10'");
    assertThat(o.errLines()).hasSize(1);
    CommandOutput hlog =
        exec(
            "run",
            "-w",
            "c",
            "-db",
            "basic",
            "--find-max",
            "p99<10ms",
            "--hlog",
            dir.resolve("x.hlog").toString());
    assertThat(hlog.exit()).isEqualTo(2);
    assertThat(hlog.err()).contains("does not take --hlog");
  }

  /**
   * One blocking worker on a binding that takes 2 ms a call holds under 500 ops/s: from 100 ops/s
   * doubling, 400 breaks p99<10ms (the schedule falls behind, intended latency grows), then
   * bisection to a precision of 50 %.
   */
  @Test
  void searchesPrintsTheCurveAndWritesFindMaxJson() throws Exception {
    Path json = dir.resolve("find.json");
    Path html = dir.resolve("find.html");
    CommandOutput o =
        exec(
            FindMaxArgs.twoMillisecondSearch("--json", json.toString(), "--html", html.toString()));
    assertThat(o.exit()).as(o.err()).isEqualTo(0);
    assertThat(o.err())
        .contains(
            "offered",
            "achieved",
            "int.p99",
            "find-max p99<10ms: ",
            "ops/s holds the bound",
            "ops/s breaks it (confirmed)");
    String doc = Files.readString(json, StandardCharsets.UTF_8);
    assertThat(doc).contains("\"findMax\"", "\"limitedBy\": \"server\"", "\"verdict\": \"broke\"");
    // the page holds the same search: a row and a dot per step of the JSON
    String page = Files.readString(html, StandardCharsets.UTF_8);
    long steps = doc.lines().filter(l -> l.contains("\"offeredOpsPerSec\"")).count();
    assertThat(steps).isPositive();
    assertThat(page.split("<tr data-step=", -1).length - 1).isEqualTo(steps);
    assertThat(page.split("<circle class=\"point\" data-series=\"intended p99\"", -1).length - 1)
        .isEqualTo(steps);
    assertThat(page)
        .contains("<h1>hbload find-max report: find</h1>", "data-rule=\"bound\" data-at=\"10.0\"");
  }

  /**
   * Against 2 ms calls no rate holds {@code p99<1ms}: from 4 ops/s each rate breaks twice and
   * halves down to 1 ops/s. A script's {@code run --find-max ... && deploy} must stop: exit 1, the
   * last line naming the lowest rate tried. The explicit {@code hbload.warmup=0s} is the steps'
   * warm-up (not the search's 1 s default), and the workload's operationcount is said to be
   * ignored.
   */
  @Test
  void noRateThatHoldsIsExitOneNamingTheLowestRateTried() throws Exception {
    Path json = dir.resolve("none.json");
    CommandOutput o =
        exec(FindMaxArgs.twoMillisecondSteps(4, "0s", "p99<1ms", "--json", json.toString()));
    assertThat(o.exit()).as(o.err()).isEqualTo(1);
    List<String> lines = o.errLines();
    assertThat(lines.get(lines.size() - 1))
        .as(o.err())
        .isEqualTo("find-max p99<1ms: no rate held the bound (lowest tried 1 ops/s)");
    assertThat(o.err())
        .contains(
            "each step warms up 0 s, then measures 1 s",
            "operationcount 1000 is ignored: each step runs for its measured time");
    String doc = Files.readString(json, StandardCharsets.UTF_8);
    assertThat(doc).contains("\"stepWarmupMillis\": 0", "\"sustainedOpsPerSec\": null");
  }

  /**
   * One blocking worker against 2 ms calls offers at most about 480 ops/s; under a bound as loose
   * as {@code p99<10s}, 800 ops/s holds it but is achieved at about 60 %: the client fell behind,
   * so the search names the generator's limit and the last rate that held, and exits 4, not 0 (a
   * capacity) or 1 (a failure).
   */
  @Test
  void aGeneratorLimitIsExitFourNamingTheLastRateThatHeld() throws Exception {
    Path json = dir.resolve("gen.json");
    CommandOutput o =
        exec(FindMaxArgs.twoMillisecondSteps(200, "0s", "p99<10s", "--json", json.toString()));
    assertThat(o.exit()).as(o.err()).isEqualTo(4);
    List<String> lines = o.errLines();
    assertThat(lines.get(lines.size() - 1))
        .as(o.err())
        .startsWith(
            "find-max p99<10s: generator limit: the client, not the server, was the limit at")
        .contains("the client fell behind its schedule", "last rate that held: ")
        .doesNotContain("last rate that held: none");
    String doc = Files.readString(json, StandardCharsets.UTF_8);
    assertThat(doc).contains("\"limitedBy\": \"generator\"", "\"lastHeldOpsPerSec\": ");
    assertThat(exec("run", "--help").out())
        .contains("Exit codes", "run --find-max: the generator (the client), not the server");
  }

  /**
   * A sharded search needs the exchange directory, and the directory must be one: each bad form is
   * one line and exit 2, before anything runs.
   */
  @Test
  void theExchangeDirectoryIsCheckedBeforeAnythingRuns() throws Exception {
    Path file = Files.writeString(dir.resolve("file.txt"), "x");
    String[][] bad = {
      {"--shard", "0/2", "--find-max", "p99<10ms"},
      {"--shard", "0/2", "--find-max", "p99<10ms", "--find-max-exchange", file.toString()},
      {"--shard", "0/2", "--find-max", "p99<10ms", "--find-max-exchange", dir + "/none"},
      {"--find-max", "p99<10ms", "--find-max-exchange", dir.toString()},
      {"--shard", "0/2", "--find-max-exchange", dir.toString()},
    };
    String[] says = {
      "--find-max with --shard needs --find-max-exchange DIR",
      "is not a directory",
      "is not a directory",
      "only for a sharded search (--shard I/N)",
      "--find-max-exchange: only with --find-max",
    };
    for (int i = 0; i < bad.length; i++) {
      List<String> args = new ArrayList<>(List.of("run", "-w", "c", "-db", "basic", "--seed", "1"));
      args.addAll(List.of(bad[i]));
      CommandOutput o = exec(args.toArray(String[]::new));
      assertThat(o.exit()).as(String.join(" ", args) + "\n" + o.err()).isEqualTo(2);
      assertThat(o.errLines()).as(o.err()).hasSize(1);
      assertThat(o.err()).contains(says[i]);
    }
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).containsExactly(file);
    }
  }

  /**
   * Two shards of one search, started as two commands: each offers half of each step, both print
   * the same curve (merged from both) and write it as JSON.
   */
  @Test
  void twoShardsSearchTogetherThroughTheExchange() throws Exception {
    Path exchange = Files.createDirectory(dir.resolve("exchange"));
    // one virtual clock for both shards, as two hosts share real time: time moves only when both
    // wait, so neither's wait for the other at the exchange passes while the other still works
    EventClock clock = new EventClock();
    CommandOutput[] outputs = new CommandOutput[2];
    List<Thread> runs = new ArrayList<>();
    for (int shard = 0; shard < 2; shard++) {
      String json = dir.resolve("find-" + shard + ".json").toString();
      String[] args =
          FindMaxArgs.twoMillisecondSearch(
              "--seed",
              "7",
              "--shard",
              shard + "/2",
              "--find-max-exchange",
              exchange.toString(),
              "--json",
              json);
      // each its own command line, as on its own host
      int mine = shard;
      runs.add(
          clock.newThread(
              () -> outputs[mine] = CommandOutput.of(HbloadCommand.commandLine(clock), args),
              "shard-" + shard));
    }
    runs.forEach(Thread::start);
    for (Thread t : runs) {
      t.join(TimeUnit.MINUTES.toMillis(5));
      assertThat(t.isAlive()).as("%s finished", t.getName()).isFalse();
    }
    CommandOutput zero = outputs[0];
    CommandOutput one = outputs[1];
    assertThat(zero.exit()).as(zero.err()).isEqualTo(0);
    assertThat(one.exit()).as(one.err()).isEqualTo(0);
    assertThat(curve(one.err())).as(one.err()).isEqualTo(curve(zero.err())).isNotEmpty();
    assertThat(zero.err()).contains("find-max p99<10ms: ", "waiting for the other shards to join");
    String doc0 = Files.readString(dir.resolve("find-0.json"), StandardCharsets.UTF_8);
    String doc1 = Files.readString(dir.resolve("find-1.json"), StandardCharsets.UTF_8);
    assertThat(doc0).contains("\"findMax\"", "\"limitedBy\"", "\"shards\": 2").isEqualTo(doc1);
    // the first step offered the search's -target, 100 ops/s, half of it by each shard
    assertThat(doc0).contains("\"offeredOpsPerSec\": 100.0");
  }

  /** The table from its header to the summary line. */
  private static List<String> curve(String err) {
    List<String> lines = err.lines().toList();
    int header = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).trim().startsWith("offered")) {
        header = i;
      }
    }
    return header < 0 ? List.of() : lines.subList(header, lines.size());
  }
}
