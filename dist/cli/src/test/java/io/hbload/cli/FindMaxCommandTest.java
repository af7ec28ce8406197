package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbload run --find-max}: bad bounds are bad input; a search prints its curve, writes a
 * findMax JSON and draws it with {@code --html}.
 */
class FindMaxCommandTest {
  @TempDir Path dir;

  private static CommandOutput exec(String... args) {
    return CommandOutput.of(HbloadCommand.commandLine(), args);
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
}
