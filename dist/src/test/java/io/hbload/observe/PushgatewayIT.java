package io.hbload.observe;

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
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --metrics pushgateway:URL} against a real Pushgateway (Debian's prometheus-pushgateway, on 127.0.0.1): after
 * a short run the gateway holds the run's group (job hbload, host, shard) with the final counts of the JSON report.
 * About 3 s.
 */
class PushgatewayIT {
  @Test
  void finalPushCarriesTheReportsCounts(@TempDir Path dir) throws Exception {
    Path binary = Path.of("/usr/bin/prometheus-pushgateway");
    assumeTrue(Files.isExecutable(binary), "Debian's prometheus-pushgateway package is not installed");
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    Process gateway = new ProcessBuilder(binary.toString(), "--web.listen-address=127.0.0.1:" + port)
        .redirectErrorStream(true).redirectOutput(dir.resolve("pushgateway.log").toFile()).start();
    HttpClient http = HttpClient.newHttpClient();
    String base = "http://127.0.0.1:" + port;
    try {
      long until = System.nanoTime() + 20_000_000_000L;
      boolean ready = false;
      while (!ready && System.nanoTime() < until) {
        try {
          ready = http.send(HttpRequest.newBuilder(URI.create(base + "/-/ready")).build(),
              HttpResponse.BodyHandlers.ofString()).statusCode() == 200;
        } catch (IOException notYet) {
          Thread.sleep(200);
        }
      }
      assertThat(ready).as("pushgateway ready: %s", Files.readString(dir.resolve("pushgateway.log"))).isTrue();
      Path json = dir.resolve("run.json");
      var cl = HbloadCommand.commandLine();
      StringWriter err = new StringWriter();
      cl.setOut(new PrintWriter(new StringWriter(), true));
      cl.setErr(new PrintWriter(err, true));
      int exit = cl.execute("run", "-w", "a", "-db", "basic", "-p", "operationcount=3000", "-target", "2000",
          "-p", "status.interval=0.5", "--metrics", "pushgateway:" + base, "--json", json.toString());
      assertThat(exit).as(err.toString()).isZero();
      assertThat(err.toString()).doesNotContain("push failed");
      JsonNode report = new ObjectMapper().readTree(json.toFile());
      long reads = 0;
      for (JsonNode m : report.path("measurements")) {
        if (m.path("name").asText().equals("READ")) {
          reads = m.path("operations").asLong();
        }
      }
      String scrape = http.send(HttpRequest.newBuilder(URI.create(base + "/metrics")).build(),
          HttpResponse.BodyHandlers.ofString()).body();
      assertThat(ScrapeText.value(scrape, "hbload_operations_total", Map.of("job", "hbload", "shard", "0",
          "operation", "READ", "status", "OK", "phase", "run"))).as(scrape).hasValue((double) reads);
      assertThat(ScrapeText.value(scrape, "hbload_operations_completed_total", Map.of("job", "hbload")))
          .hasValue(3000.0);
      assertThat(ScrapeText.value(scrape, "hbload_phase_finished", Map.of("job", "hbload"))).hasValue(1.0);
    } finally {
      gateway.destroy();
      gateway.waitFor();
    }
  }
}
