package io.hbload.report;

import static io.hbload.core.testing.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbload.cli.HbloadCommand;
import io.hbload.core.testing.Waits;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Watching a dfsio run, from one real {@code hbload dfsio compare} on its embedded MiniDFSCluster
 * (3 DataNodes, REPLICATION x3 against XOR-2-1-1024k, 2 files of 2 MiB, one DataNode down for the
 * EC degraded read) with {@code --html} and {@code --metrics prometheus:PORT}: the scraped {@code
 * hbload_dfsio_*} series equal the passes of the printed JSON result, and the HTML page renders in
 * headless Chromium with a bar per pass in each chart and makes no network request. About 11 s
 * (most of it the cluster).
 */
class DfsioWatchIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static Path dir;
  private static Path html;
  private static JsonNode passes;
  private static String scrape;
  private static final AtomicInteger EXIT = new AtomicInteger(-1);
  private static final StringWriter ERR = new StringWriter();

  @BeforeAll
  static void runDfsio() throws Exception {
    dir = Files.createTempDirectory("dfsio-watch");
    html = dir.resolve("dfsio.html");
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    StringWriter out = new StringWriter();
    Thread run =
        new Thread(
            () -> {
              var cl = HbloadCommand.commandLine();
              cl.setOut(new PrintWriter(out, true));
              cl.setErr(new PrintWriter(ERR, true));
              EXIT.set(
                  cl.execute(
                      "dfsio",
                      "compare",
                      "--policy",
                      "XOR-2-1-1024k",
                      "--files",
                      "2",
                      "--size",
                      "2m",
                      "--datanodes-down",
                      "1",
                      "--format",
                      "json",
                      "--html",
                      html.toString(),
                      "--metrics",
                      "prometheus:" + port,
                      "--metrics-linger",
                      "120s"));
            },
            "dfsio-under-test");
    run.start();
    // the page is written after the report and before the linger: then the meters hold the final
    // values
    await("the dfsio page written", Duration.ofSeconds(240), Duration.ofMillis(200))
        .failFast(Waits.alive("dfsio compare", run, ERR::toString))
        .untilAsserted(() -> assertThat(html).as("dfsio stderr: %s", ERR).exists());
    scrape =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
    run.interrupt(); // ends the linger
    run.join(60_000);
    passes = JSON.readTree(out.toString());
  }

  @AfterAll
  static void clean() throws IOException {
    if (dir != null) {
      org.apache.hadoop.fs.FileUtil.fullyDelete(dir.toFile());
    }
  }

  @Test
  void scrapedBytesAndRatesAreThePrintedResult() {
    assertThat(EXIT.get()).as("dfsio stderr: %s", ERR).isZero();
    List<String> names = new ArrayList<>();
    passes.forEach(p -> names.add(p.path("policy").asText() + " " + p.path("phase").asText()));
    assertThat(names)
        .as("compare's passes")
        .containsExactlyInAnyOrder(
            "REPLICATION x3 write",
            "REPLICATION x3 read",
            "XOR-2-1-1024k write",
            "XOR-2-1-1024k read",
            "XOR-2-1-1024k degraded-read");
    for (JsonNode p : passes) {
      String labels =
          "pass=\"" + p.path("phase").asText() + "\",policy=\"" + p.path("policy").asText() + "\"";
      assertThat(p.path("bytes").asLong()).isEqualTo(2 * 2 * 1048576L);
      assertThat(sample("hbload_dfsio_bytes_total", labels))
          .as(labels)
          .isEqualTo(p.path("bytes").asDouble());
      assertThat(sample("hbload_dfsio_files_total", labels)).as(labels).isEqualTo(2.0);
      // the JSON prints MiB/s to 4 decimals
      assertThat(sample("hbload_dfsio_throughput_mebibytes_per_second", labels))
          .as(labels)
          .isCloseTo(
              p.path("aggregateMiBps").asDouble(), org.assertj.core.data.Offset.offset(0.0001));
      assertThat(sample("hbload_dfsio_mismatched_bytes_total", labels)).as(labels).isZero();
    }
  }

  @Test
  void htmlPageRendersEveryPassOfflineInChromium() throws Exception {
    HeadlessChromium chromium = HeadlessChromium.orSkip(dir);
    String dom = chromium.dom("dfsio-dom", html);
    assertThat(dom)
        .contains("content=\"" + HtmlReport.CSP + "\"")
        .doesNotContainPattern("(?i)https?://");
    for (JsonNode p : passes) {
      int down = p.path("dataNodesDown").asInt();
      String label =
          p.path("policy").asText()
              + " "
              + p.path("phase").asText()
              + (down > 0 ? " (" + down + " DN down)" : "");
      Matcher m =
          Pattern.compile(
                  "<rect class=\"bar\" data-label=\""
                      + Pattern.quote(label)
                      + "\" x=\"[^\"]+\" y=\"[^\"]+\" width=\"[^\"]+\" height=\"([^\"]+)\"")
              .matcher(dom);
      List<Double> heights = new ArrayList<>();
      while (m.find()) {
        heights.add(Double.parseDouble(m.group(1)));
      }
      assertThat(heights).as("bars of %s (MiB/s, IO rate, CPU)", label).hasSize(3);
      assertThat(heights.get(0)).as("MiB/s bar of %s", label).isPositive();
    }
    assertThat(dom)
        .contains("healthy")
        .contains("degraded (1 DataNode down)")
        .contains(passes.get(passes.size() - 1).path("coder").asText())
        .contains("ISA-L coder");

    HeadlessChromium.assertNotBlank(chromium.screenshot("dfsio", 1100, 1400, html));
    assertThat(chromium.pageRequests("dfsio-net", html)).isEmpty();
  }

  /**
   * The value of the one sample of {@code metric} whose labels include {@code labels} (in
   * Micrometer's order).
   */
  private static double sample(String metric, String labels) {
    for (String line : scrape.split("\n")) {
      if (line.startsWith(metric + "{") && line.contains(labels)) {
        return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      }
    }
    throw new AssertionError("no " + metric + " with " + labels + " in\n" + scrape);
  }
}
