package io.hbload.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.cli.CommandOutput;
import io.hbload.cli.HbloadCommand;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An embedded run's HTML in headless Chromium: under the client's latency charts, on the same time
 * axis, the RegionServer's GC pauses and collections, its flush and compaction queues and its
 * memstore, each drawn with a point a second; the JSON carries the same series.
 */
class ServerChartsChromiumIT {
  @Test
  void theServerChartsSitUnderTheClientLatency(@TempDir Path dir) throws Exception {
    HeadlessChromium chromium = HeadlessChromium.orSkip(dir);
    Path html = dir.resolve("embedded.html");
    Path json = dir.resolve("embedded.json");
    CommandOutput run =
        CommandOutput.of(
            HbloadCommand.commandLine(),
            "run",
            "-w",
            "a",
            "-threads",
            "2",
            "-p",
            "recordcount=2000",
            "-p",
            "operationcount=0",
            "-p",
            "maxexecutiontime=5",
            "--json",
            json.toString(),
            "--html",
            html.toString());
    assertThat(run.exit()).as(run.err()).isZero();

    String dom = chromium.dom("embedded", html);
    String collector = ManagementFactory.getGarbageCollectorMXBeans().get(0).getName();
    for (String name :
        List.of(
            "gc.pause.milliseconds " + collector,
            "gc.collections " + collector,
            "flush.queue.length",
            "compaction.queue.length",
            "memstore.megabytes")) {
      Matcher m =
          Pattern.compile("data-series=\"" + Pattern.quote(name) + "\" d=\"(M[^\"]+)\"")
              .matcher(dom);
      assertThat(m.find()).as("server series %s with path data in the rendered DOM", name).isTrue();
      assertThat(m.group(1).split(" L").length).as(name).isGreaterThanOrEqualTo(4);
    }
    int latency = dom.indexOf("latency percentiles over time");
    int server = dom.indexOf("What the servers were doing");
    int spectrum = dom.indexOf("data-series=\"READ service\"");
    assertThat(latency).isPositive();
    assertThat(server).as("under the latency charts").isGreaterThan(latency);
    assertThat(spectrum).as("before the spectrum").isGreaterThan(server);
    assertThat(dom).contains("Server GC pause time per interval").contains("metrics.period");
    assertThat(Files.readString(json))
        .contains("\"serverSeries\": {")
        .contains("\"gc.pause.milliseconds{collector=" + collector + "}\": [[");
    HeadlessChromium.assertNotBlank(chromium.screenshot("embedded", 1100, 2600, html));
  }
}
