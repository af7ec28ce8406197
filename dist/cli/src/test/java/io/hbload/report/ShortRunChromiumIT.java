package io.hbload.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.cli.CommandOutput;
import io.hbload.cli.HbloadCommand;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML of a 5 s run, with YCSB's default 10 s status interval, opened in headless Chromium: the
 * charts over time have a point a second (not the one or two a status interval would give), the
 * title says what ran, and the target is drawn on the throughput chart.
 */
class ShortRunChromiumIT {
  @Test
  void aFiveSecondRunHasChartsOverTime(@TempDir Path dir) throws Exception {
    HeadlessChromium chromium = HeadlessChromium.orSkip(dir);
    Path html = dir.resolve("short.html");
    CommandOutput run =
        CommandOutput.of(
            HbloadCommand.commandLine(),
            "run",
            "-w",
            "a",
            "-db",
            "basic",
            "-threads",
            "2",
            "-target",
            "400",
            "-p",
            "maxexecutiontime=5",
            "-p",
            "operationcount=0",
            "--html",
            html.toString());
    assertThat(run.exit()).as(run.err()).isZero();

    String dom = chromium.dom("short", html);
    for (String name : List.of("all", "READ", "UPDATE", "READ service p99", "READ intended p99")) {
      Matcher m =
          Pattern.compile("data-series=\"" + Pattern.quote(name) + "\" d=\"(M[^\"]+)\"")
              .matcher(dom);
      assertThat(m.find()).as("series %s with path data in the rendered DOM", name).isTrue();
      assertThat(m.group(1).split(" L").length).as(name).isGreaterThanOrEqualTo(4);
    }
    assertThat(dom).containsPattern("data-series=\"target\" d=\"M[^\"]+\"");
    assertThat(dom)
        .as("a binding without server figures: said, and no server chart")
        .contains("No server series: the basic binding reads no server figures")
        .doesNotContain("What the servers were doing");
    assertThat(dom)
        .contains(
            "<h1>hbload report: run read 50%/update 50%, binding basic, 2 threads, target 400 ops/s");
    HeadlessChromium.assertNotBlank(chromium.screenshot("short", 1100, 1600, html));
  }
}
