package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.cli.contract.ExitCode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code suite --html}: every round's run side by side in one page, the discarded warm-up round
 * greyed out.
 */
class SuiteHtmlTest {
  @Test
  void roundsSideBySideDiscardedGreyed(@TempDir Path tmp) throws Exception {
    Path report = tmp.resolve("suite.html");
    CommandOutput o =
        CommandOutput.of(
            HbloadCommand.commandLine(),
            "suite",
            "-w",
            "a",
            "-db",
            "memory",
            "--rounds",
            "2",
            "--discard",
            "1",
            "--duration",
            "1s",
            "-threads",
            "1",
            "-target",
            "2000",
            "-p",
            "recordcount=200",
            "-p",
            "status.interval=0.25",
            "--out",
            tmp.resolve("s").toString(),
            "--html",
            report.toString());
    assertThat(o.exit()).as(o.err()).isEqualTo(ExitCode.OK);
    String html = Files.readString(report);
    assertThat(html)
        .contains("Rounds side by side")
        .contains("<tr class=\"discarded\"><td>round1-a (discarded)</td>")
        .contains("<tr><td>round2-a</td>")
        .contains("<section class=\"run discarded\">\n<h2>round1-a (discarded)</h2>")
        .contains("<section class=\"run\">\n<h2>round2-a</h2>")
        .contains("class=\"bar discarded\" data-label=\"round1-a\"")
        .containsPattern("data-series=\"READ service p99\" d=\"M[0-9.,]+ L");
    // the suite's own table (as suite.txt has it: summed and mean of rounds) comes first
    assertThat(html)
        .contains("<h2>hbload suite: 2 rounds, the first 1 discarded as warm-up")
        .contains(
            "<th>avg / p95 / p99 ms (summed)</th><th>avg / p95 / p99 ms (mean of rounds)</th>")
        .containsPattern("<tr><td>a</td><td>2</td>")
        .contains("summed&#39; = avg / p95 / p99 of the kept rounds");
    assertThat(html.indexOf("hbload suite: 2 rounds"))
        .isLessThan(html.indexOf("Rounds side by side"));
  }
}
