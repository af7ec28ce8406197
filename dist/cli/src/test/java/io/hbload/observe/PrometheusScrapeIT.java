package io.hbload.observe;

import static io.hbload.core.testing.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbload.cli.HbloadCommand;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus (Debian's package, on 127.0.0.1 with a temp config and storage, scraping every
 * second) scrapes a running {@code hbload run -w a -db basic -p maxexecutiontime=15 -p
 * operationcount=0 -target 2000 --metrics prometheus:PORT}; its query API then returns the
 * operation counters, whose final values equal the run's JSON report, and the in-flight gauge. The
 * run keeps serving its final values for {@code --metrics-linger} so that Prometheus scrapes them
 * after the workers stopped. About 20 s.
 */
class PrometheusScrapeIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void prometheusSeesTheRunAndItsFinalCounts(@TempDir Path dir) throws Exception {
    Path binary = Path.of("/usr/bin/prometheus");
    assumeTrue(
        Files.isExecutable(binary),
        "Debian's prometheus package is not installed (.ci/run installs it)");
    int hbloadPort = freePort();
    int promPort = freePort();
    Files.writeString(
        dir.resolve("prometheus.yml"),
        String.join(
            "\n",
            "global:",
            "  scrape_interval: 1s",
            "  scrape_timeout: 900ms",
            "scrape_configs:",
            "  - job_name: hbload",
            "    static_configs:",
            "      - targets: ['127.0.0.1:" + hbloadPort + "']",
            ""));
    Process prometheus =
        new ProcessBuilder(
                binary.toString(),
                "--config.file=" + dir.resolve("prometheus.yml"),
                "--storage.tsdb.path=" + dir.resolve("data"),
                "--web.listen-address=127.0.0.1:" + promPort,
                "--log.level=warn")
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("prometheus.log").toFile())
            .start();
    Thread run = null;
    try {
      String api = "http://127.0.0.1:" + promPort;
      ServerReady.await(
          "Prometheus", api, prometheus, dir.resolve("prometheus.log"), Duration.ofSeconds(30));
      Path json = dir.resolve("run.json");
      AtomicInteger exit = new AtomicInteger(-1);
      StringWriter err = new StringWriter();
      run =
          new Thread(
              () -> {
                var cl = HbloadCommand.commandLine();
                cl.setOut(new PrintWriter(new StringWriter(), true));
                cl.setErr(new PrintWriter(err, true));
                // operationcount=0: until maxexecutiontime (workload a's 1000 would be done at
                // once); -target: not 2 busy cores
                exit.set(
                    cl.execute(
                        "run",
                        "-w",
                        "a",
                        "-db",
                        "basic",
                        "-p",
                        "maxexecutiontime=15",
                        "-p",
                        "operationcount=0",
                        "-target",
                        "2000",
                        "-p",
                        "status.interval=1",
                        "--metrics",
                        "prometheus:" + hbloadPort,
                        "--metrics-linger",
                        "30s",
                        "--json",
                        json.toString()));
              },
              "hbload-under-test");
      run.start();

      // while the workers run, Prometheus already has a growing counter
      String readOk =
          "hbload_operations_total{job=\"hbload\",operation=\"READ\",status=\"OK\",phase=\"run\","
              + "workload=\"a\",binding=\"basic\",shard=\"0\"}";
      await(
              "Prometheus sees READ OK during the run",
              Duration.ofSeconds(12),
              Duration.ofMillis(500))
          .failFast(
              () ->
                  assertThat(Files.exists(json))
                      .as("the run was still going when Prometheus first saw it")
                      .isFalse())
          .untilAsserted(
              () ->
                  assertThat(query(api, readOk))
                      .as("a scrape during the run (hbload stderr: %s)", err)
                      .isPositive());

      // the run's 15 s, then its JSON
      Thread hbload = run;
      await("the run's JSON", Duration.ofSeconds(60), Duration.ofMillis(200))
          .failFast(
              () ->
                  assertThat(hbload.isAlive() || Files.exists(json))
                      .as("hbload ended without its JSON; stderr: %s", err)
                      .isTrue())
          .until(() -> Files.exists(json));
      JsonNode report = JSON.readTree(json.toFile());
      long reportReads = -1;
      for (JsonNode m : report.path("measurements")) {
        if (m.path("name").asText().equals("READ")) {
          reportReads = m.path("operations").asLong();
        }
      }
      assertThat(reportReads).isPositive();
      // the final values: scraped during the linger, read back through the query API
      long reads = reportReads;
      await("the final counts in Prometheus", Duration.ofSeconds(20), Duration.ofMillis(500))
          .untilAsserted(
              () -> {
                assertThat(query(api, "last_over_time(" + readOk + "[5m])"))
                    .as("READ OK counter in Prometheus vs the report's [READ] Operations")
                    .isEqualTo(reads);
                assertThat(
                        query(
                            api,
                            "last_over_time(hbload_operations_completed_total{phase=\"run\"}[5m])"))
                    .as("completed operations vs [OVERALL] Operations")
                    .isEqualTo(report.path("operations").asDouble());
              });
      assertThat(query(api, "hbload_phase_finished{phase=\"run\"}")).isEqualTo(1.0);
      // the engine's in-flight count is a series too: one blocking worker, so 0 or 1 (-1: no
      // series)
      assertThat(query(api, "max_over_time(hbload_inflight{job=\"hbload\",workload=\"a\"}[5m])"))
          .as("hbload_inflight scraped")
          .isBetween(0.0, 1.0);
      run.interrupt(); // ends the linger now that the final values are in
      run.join(30_000);
      assertThat(exit.get()).as("hbload stderr: %s", err).isZero();
    } finally {
      if (run != null && run.isAlive()) {
        run.interrupt();
        run.join(30_000);
      }
      prometheus.destroy();
      prometheus.waitFor();
    }
  }

  /** The value of an instant query with one series, or -1 when it has none (yet). */
  private double query(String api, String promql) throws Exception {
    HttpResponse<String> res =
        http.send(
            HttpRequest.newBuilder(
                    URI.create(
                        api
                            + "/api/v1/query?query="
                            + URLEncoder.encode(promql, StandardCharsets.UTF_8)))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(res.statusCode()).as(res.body()).isEqualTo(200);
    JsonNode result = JSON.readTree(res.body()).path("data").path("result");
    assertThat(result.size()).as("series of %s: %s", promql, res.body()).isLessThanOrEqualTo(1);
    return result.isEmpty() ? -1 : result.get(0).path("value").get(1).asDouble();
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
