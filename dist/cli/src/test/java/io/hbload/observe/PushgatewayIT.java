package io.hbload.observe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbload.cli.HbloadCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --metrics pushgateway:URL} against a real Pushgateway (Debian's prometheus-pushgateway, on
 * 127.0.0.1): after a short run, and after a short suite, the gateway holds the group (job hbload,
 * host, shard) with the final counts of the JSON reports, a suite's per round. About 3 s for the
 * run, 6 s for the suite.
 */
class PushgatewayIT {
  private static PushgatewayServer gateway;
  private static String base;
  private final HttpClient http = HttpClient.newHttpClient();

  /**
   * One gateway for the class; each test pushes its own group (the suite's host/shard group is the
   * run's too).
   */
  @BeforeAll
  static void startGateway() throws Exception {
    gateway = PushgatewayServer.start();
    base = gateway.base();
  }

  @AfterAll
  static void stopGateway() throws Exception {
    if (gateway != null) {
      gateway.close();
    }
  }

  /**
   * Clears the gateway between tests: both push the same group (job hbload, this host, shard 0).
   */
  @BeforeEach
  void wipe() throws Exception {
    gateway.wipe();
  }

  @Test
  void finalPushCarriesTheReportsCounts(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("run.json");
    var cl = HbloadCommand.commandLine();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(new StringWriter(), true));
    cl.setErr(new PrintWriter(err, true));
    int exit =
        cl.execute(
            "run",
            "-w",
            "a",
            "-db",
            "basic",
            "-p",
            "operationcount=3000",
            "-target",
            "2000",
            "-p",
            "status.interval=0.5",
            "--metrics",
            "pushgateway:" + base,
            "--json",
            json.toString());
    assertThat(exit).as(err.toString()).isZero();
    assertThat(err.toString()).doesNotContain("push failed");
    JsonNode report = new ObjectMapper().readTree(json.toFile());
    long reads = 0;
    for (JsonNode m : report.path("measurements")) {
      if (m.path("name").asText().equals("READ")) {
        reads = m.path("operations").asLong();
      }
    }
    String scrape =
        http.send(
                HttpRequest.newBuilder(URI.create(base + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
    assertThat(
            ScrapeText.value(
                scrape,
                "hbload_operations_total",
                Map.of(
                    "job",
                    "hbload",
                    "shard",
                    "0",
                    "operation",
                    "READ",
                    "status",
                    "OK",
                    "phase",
                    "run")))
        .as(scrape)
        .hasValue((double) reads);
    assertThat(
            ScrapeText.value(scrape, "hbload_operations_completed_total", Map.of("job", "hbload")))
        .hasValue(3000.0);
    assertThat(ScrapeText.value(scrape, "hbload_phase_finished", Map.of("job", "hbload")))
        .hasValue(1.0);
  }

  /**
   * {@code suite --metrics pushgateway:URL}: one registry across the suite's runs, each run's
   * meters tagged with its round and workload (the load: round 0); the final push holds every
   * round, and each round's counter equals that run's JSON report.
   */
  @Test
  void suitePushesEveryRoundTaggedWithItsRound(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("suite");
    var cl = HbloadCommand.commandLine();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(new StringWriter(), true));
    cl.setErr(new PrintWriter(err, true));
    int exit =
        cl.execute(
            "suite",
            "-w",
            "a,c",
            "-db",
            "basic",
            "--rounds",
            "2",
            "--discard",
            "1",
            "--duration",
            "1s",
            "--load",
            "-target",
            "2000",
            "-p",
            "status.interval=0.5",
            "--metrics",
            "pushgateway:" + base,
            "--out",
            out.toString());
    assertThat(exit).as(err.toString()).isZero();
    assertThat(err.toString()).doesNotContain("push failed");
    String scrape =
        http.send(
                HttpRequest.newBuilder(URI.create(base + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
    for (int round = 1; round <= 2; round++) {
      for (String w : java.util.List.of("a", "c")) {
        JsonNode report =
            new ObjectMapper().readTree(out.resolve("round" + round + "-" + w + ".json").toFile());
        long reads = 0;
        for (JsonNode m : report.path("measurements")) {
          if (m.path("name").asText().equals("READ")) {
            reads = m.path("operations").asLong();
          }
        }
        assertThat(reads).isPositive();
        Map<String, String> labels =
            Map.of(
                "job",
                "hbload",
                "round",
                Integer.toString(round),
                "workload",
                w,
                "operation",
                "READ",
                "status",
                "OK",
                "phase",
                "run");
        assertThat(ScrapeText.value(scrape, "hbload_operations_total", labels))
            .as("%s in%n%s", labels, scrape)
            .hasValue((double) reads);
        assertThat(
                ScrapeText.value(
                    scrape,
                    "hbload_operations_completed_total",
                    Map.of("job", "hbload", "round", Integer.toString(round), "workload", w)))
            .hasValue(report.path("operations").asDouble());
      }
    }
    // the load is round 0, tagged with the workload it loaded for
    JsonNode load = new ObjectMapper().readTree(out.resolve("load.json").toFile());
    assertThat(load.path("operations").asLong()).isEqualTo(1000);
    assertThat(
            ScrapeText.value(
                scrape,
                "hbload_operations_completed_total",
                Map.of("job", "hbload", "round", "0", "workload", "a", "phase", "load")))
        .hasValue(1000.0);
    assertThat(
            ScrapeText.value(
                scrape,
                "hbload_operations_total",
                Map.of("round", "0", "operation", "INSERT", "status", "OK")))
        .hasValue(1000.0);
    assertThat(
            ScrapeText.value(
                scrape, "hbload_inflight", Map.of("job", "hbload", "binding", "basic")))
        .as("the in-flight gauge, 0 after the last run")
        .hasValue(0.0);
  }
}
