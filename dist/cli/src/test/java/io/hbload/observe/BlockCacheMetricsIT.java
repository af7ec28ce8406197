package io.hbload.observe;

import static io.hbload.core.testing.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.cli.CommandOutput;
import io.hbload.cli.HbloadCommand;
import io.hbload.core.testing.Waits;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbload_blockcache_hit_ratio} against a real HBase: {@code hbload run -w c --metrics
 * prometheus:PORT} on the embedded cluster (loaded first, flushed so that reads go through the
 * block cache); the RegionServer's block-cache counters, read over the run, give the report's
 * {@code [BLOCKCACHE]} ratios, and the scraped series say the same, within the report's rounding,
 * for every level. About 30 s (most of it the cluster's start).
 */
class BlockCacheMetricsIT {
  @Test
  void scrapedHitRatioIsTheReportsCacheLine(@TempDir Path dir) throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    Path json = dir.resolve("run.json");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    AtomicInteger exit = new AtomicInteger(-1);
    Thread run =
        new Thread(
            () -> {
              var cl = HbloadCommand.commandLine();
              cl.setOut(new PrintWriter(out, true));
              cl.setErr(new PrintWriter(err, true));
              exit.set(
                  cl.execute(
                      "run",
                      "-w",
                      "c",
                      "-p",
                      "recordcount=2000",
                      "-p",
                      "operationcount=4000",
                      "-p",
                      "hbload.flushbeforerun=true",
                      "--metrics",
                      "prometheus:" + port,
                      "--metrics-linger",
                      "120s",
                      "--json",
                      json.toString()));
            },
            "hbload-under-test");
    run.start();
    try {
      await("the run's JSON written", Duration.ofSeconds(300), Duration.ofMillis(200))
          .failFast(Waits.alive("hbload run", run, err::toString))
          .untilAsserted(() -> assertThat(json).as("hbload stderr: %s", err).exists());
      String scrape =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString())
              .body();
      assertThat(ScrapeText.value(scrape, "hbload_phase_finished", Map.of("phase", "run")))
          .hasValue(1.0);
      String report = out.toString();
      assertThat(report)
          .as("the reads went through the block cache")
          .doesNotContain("no block-cache lookups");
      for (String[] level : new String[][] {{"all", "HitRatio"}, {"l1", "L1HitRatio"}}) {
        double reported = CommandOutput.reportValue(report, "BLOCKCACHE", level[1]);
        double scraped =
            ScrapeText.value(
                    scrape,
                    "hbload_blockcache_hit_ratio",
                    Map.of("level", level[0], "phase", "run", "binding", "hbase", "workload", "c"))
                .orElseThrow(
                    () ->
                        new AssertionError(
                            "no hbload_blockcache_hit_ratio{level="
                                + level[0]
                                + "} in\n"
                                + scrape));
        assertThat(scraped)
            .as(level[0])
            .isBetween(0.0, 1.0)
            .isCloseTo(reported, org.assertj.core.data.Offset.offset(0.00005));
      }
      // the ratio is the counters' ratio: hits over lookups of the report's own counts
      double hits = CommandOutput.reportValue(report, "BLOCKCACHE", "HitCount");
      double misses = CommandOutput.reportValue(report, "BLOCKCACHE", "MissCount");
      assertThat(hits + misses).isPositive();
      assertThat(
              ScrapeText.value(scrape, "hbload_blockcache_hit_ratio", Map.of("level", "all"))
                  .getAsDouble())
          .isCloseTo(hits / (hits + misses), org.assertj.core.data.Offset.offset(0.00005));
    } finally {
      run.interrupt(); // ends the linger
      run.join(60_000);
    }
    assertThat(exit.get()).as("hbload stderr: %s", err).isZero();
  }
}
