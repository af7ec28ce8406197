package io.hbload.observe;

import static io.hbload.core.testing.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbload.core.Hbload;
import io.hbload.core.config.Phase;
import io.hbload.core.launch.Launcher;
import io.hbload.core.result.ClientInfo;
import io.hbload.core.spec.RunSpec;
import io.hbload.hbase.testkit.HBaseExtension;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code hbload_server_*} series a scraper sees while a write-heavy phase runs on the embedded
 * HBase (the shared cluster, sampled in-process): a throttled load of 12,000 rows (about 8 s) with
 * the metrics endpoint on 127.0.0.1, wired as {@code --metrics prometheus:PORT} wires it ({@link
 * MetricsSession#listener} beside the engine's own listeners), scraped every 300 ms. During the run
 * the write-request counter of the RegionServer grows between scrapes and its memstore is above
 * zero; at the end every collector of this JVM (which the server shares) has its series, and every
 * server series of the run's JSON is in the scrape with the same figure: a counter the sum of the
 * JSON's per-interval points, a gauge its last point. About 10 s on a running cluster.
 */
class ServerMetersIT {
  @RegisterExtension static final HBaseExtension HBASE = HBaseExtension.shared();

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int ROWS = 12_000;

  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void scrapedServerSeriesFollowTheRegionServerAndMatchTheJson(@TempDir Path dir) throws Exception {
    List<String> regionServers;
    try (Connection c = ConnectionFactory.createConnection(HBASE.hbase().configuration());
        Admin admin = c.getAdmin()) {
      regionServers =
          admin.getRegionServers().stream().map(s -> s.getAddress().toString()).toList();
    }
    Path json = dir.resolve("load.json");
    RunSpec spec =
        Hbload.workload("a")
            .binding(HBASE.hbase().bindingProvider())
            .properties(HBASE.hbase().properties())
            .property("columnfamily", "family")
            .property("table", "servermeters")
            .recordCount(ROWS)
            .threads(2)
            .target(1500)
            .json(json)
            .spec(Phase.LOAD);
    ByteArrayOutputStream messages = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(messages, true, StandardCharsets.UTF_8);
    long collectionsBefore = collections();
    List<String> live = new ArrayList<>();
    String last;
    try (MetricsSession metrics =
        new MetricsSession(
            MetricsTarget.parse("prometheus:0"),
            "127.0.0.1",
            Duration.ZERO,
            new RunTags("a", "hbase", 0, ClientInfo.localHost()),
            out)) {
      Launcher launcher = new Launcher(spec, out, null, List.of(metrics.listener()));
      CompletableFuture<Launcher.Outcome> phase =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return launcher.launch();
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      String endpoint = "http://127.0.0.1:" + metrics.port() + "/metrics";
      // a scraper's view of the phase: a scrape every 300 ms until it is over
      await(
              "the end of the load phase, scraped meanwhile",
              Duration.ofSeconds(60),
              Duration.ofMillis(300))
          .until(
              () -> {
                if (phase.isDone()) {
                  return true;
                }
                live.add(scrape(endpoint));
                return false;
              });
      Launcher.Outcome outcome = phase.get(60, TimeUnit.SECONDS);
      assertThat(outcome.result().errorCount()).as(messages.toString()).isZero();
      // the endpoint serves until the session closes: the final values are in
      last = scrape(endpoint);
    }
    long collectionsDuring = collections() - collectionsBefore;
    assertThat(ScrapeText.value(last, "hbload_phase_finished", Map.of("phase", "load")))
        .hasValue(1.0);
    assertThat(regionServers).hasSize(1);
    String server = regionServers.get(0);
    Map<String, String> mine = Map.of("server", server, "phase", "load", "binding", "hbase");

    // every hbload_server_ sample names the RegionServer
    assertThat(serverLines(last))
        .isNotEmpty()
        .allMatch(l -> l.contains("server=\"" + server + "\""));

    // while the rows went in: the write requests grew from one scrape to a later one, never went
    // down, and the memstore held data
    List<Double> writes = new ArrayList<>();
    double memstore = 0;
    for (String s : live) {
      if (ScrapeText.value(s, "hbload_phase_finished", Map.of("phase", "load")).orElse(0) == 1) {
        continue; // the final values, published just before the phase returned
      }
      ScrapeText.value(s, "hbload_server_requests_write_total", mine).ifPresent(writes::add);
      memstore =
          Math.max(
              memstore, ScrapeText.value(s, "hbload_server_memstore_megabytes", mine).orElse(0));
    }
    assertThat(writes).as("write requests in the scrapes during the run").hasSizeGreaterThan(1);
    assertThat(writes).isSorted();
    assertThat(writes.get(writes.size() - 1)).isGreaterThan(writes.get(0));
    assertThat(memstore).as("memstore MB during the writes").isPositive();
    double writeTotal =
        ScrapeText.value(last, "hbload_server_requests_write_total", mine).orElseThrow();
    assertThat(writeTotal)
        .as(
            "the server's write requests over the load of %d rows (its last second may be"
                + " unpublished)",
            ROWS)
        .isBetween(ROWS / 2.0, ROWS * 1.1 + 100);

    // one series per collector of this JVM, which the in-process server shares; no more
    // collections than the JVM made while the phase ran
    double collectionsScraped = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      Map<String, String> labels = with(mine, "collector", gc.getName());
      double n = ScrapeText.value(last, "hbload_server_gc_collections_total", labels).orElseThrow();
      assertThat(n).as(gc.getName()).isGreaterThanOrEqualTo(0);
      assertThat(
              ScrapeText.value(last, "hbload_server_gc_pause_milliseconds_total", labels)
                  .orElseThrow())
          .as(gc.getName())
          .isGreaterThanOrEqualTo(0);
      collectionsScraped += n;
    }
    assertThat(collectionsScraped).isLessThanOrEqualTo(collectionsDuring);

    // the scrape and the JSON tell the same story, figure by figure
    JsonNode series = JSON.readTree(json.toFile()).path("serverSeries");
    assertThat(series.path("error").isNull()).as(series.toString()).isTrue();
    Map<String, JsonNode> figures = new HashMap<>();
    series.path("figures").forEach(f -> figures.put(f.path("key").asText(), f));
    assertThat(series.path("servers")).hasSize(1);
    JsonNode one = series.path("servers").get(0);
    assertThat(one.path("server").asText()).isEqualTo(server);
    int compared = 0;
    for (Iterator<Map.Entry<String, JsonNode>> it = one.path("series").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode figure = figures.get(e.getKey());
      JsonNode points = e.getValue();
      boolean counter = figure.path("kind").asText().equals("counter");
      String metric =
          "hbload_server_"
              + figure.path("meter").asText().replace('.', '_')
              + (counter ? "_total" : "");
      Map<String, String> labels = new HashMap<>(mine);
      figure
          .path("tags")
          .fields()
          .forEachRemaining(t -> labels.put(t.getKey(), t.getValue().asText()));
      OptionalDouble scraped = ScrapeText.value(last, metric, labels);
      if (points.isEmpty()) {
        assertThat(scraped).as("%s has no point: no series", metric).isEmpty();
        continue;
      }
      double expected = 0;
      for (JsonNode p : points) {
        expected = counter ? expected + p.get(1).asDouble() : p.get(1).asDouble();
      }
      assertThat(scraped).as("%s%s against the JSON's %s", metric, labels, e.getKey()).isPresent();
      assertThat(scraped.getAsDouble())
          .as("%s%s against the JSON's %s", metric, labels, e.getKey())
          .isCloseTo(expected, within(1e-9 * Math.max(1, Math.abs(expected))));
      compared++;
    }
    assertThat(compared).as("figures compared").isGreaterThanOrEqualTo(7);
  }

  private String scrape(String endpoint) throws Exception {
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(URI.create(endpoint)).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(200);
    return r.body();
  }

  private static Map<String, String> with(Map<String, String> labels, String key, String value) {
    Map<String, String> m = new HashMap<>(labels);
    m.put(key, value);
    return m;
  }

  private static List<String> serverLines(String scrape) {
    return scrape.lines().filter(l -> l.startsWith("hbload_server_")).collect(Collectors.toList());
  }

  private static long collections() {
    long n = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      n += Math.max(0, gc.getCollectionCount());
    }
    return n;
  }
}
