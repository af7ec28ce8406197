package io.hbload.observe;

import static io.hbload.core.testing.TestServerFigures.PAUSE;
import static io.hbload.core.testing.TestServerFigures.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.binding.ReportLine;
import io.hbload.core.config.Phase;
import io.hbload.core.launch.Launcher;
import io.hbload.core.measure.Measures;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.result.RunResult;
import io.hbload.core.server.ServerSeries;
import io.hbload.core.spec.RunSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The meters of a real (basic binding) run, read the way Prometheus reads them: from the /metrics
 * endpoint's text. Names, tags and final values are checked against the run's own result.
 */
class RunMetersTest {
  private static final RunTags TAGS = new RunTags("a", "basic", 0, "testhost");

  private static RunResult run(MetricsSession session) throws Exception {
    return run(session.listener());
  }

  private static RunResult run(io.hbload.core.exec.RunListener listener) throws Exception {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("db", "basic");
    p.put("workload", "site.ycsb.workloads.CoreWorkload");
    p.put("recordcount", "1000");
    p.put("operationcount", "3000");
    p.put("readproportion", "0.5");
    p.put("updateproportion", "0.5");
    p.put("threadcount", "2");
    p.put("status.interval", "0.2");
    RunSpec spec = SpecParser.parse(p, Phase.RUN);
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    return new Launcher(spec, quiet, null, List.of(listener)).launch().result();
  }

  @Test
  void endpointServesCountersTaggedAndEqualToTheReport() throws Exception {
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    try (MetricsSession session =
        new MetricsSession(
            MetricsTarget.parse("prometheus:0"), "127.0.0.1", Duration.ZERO, TAGS, quiet)) {
      RunResult r = run(session);
      HttpResponse<String> res =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(
                          URI.create("http://127.0.0.1:" + session.port() + "/metrics"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(res.statusCode()).isEqualTo(200);
      assertThat(res.headers().firstValue("Content-Type")).contains(MetricsEndpoint.CONTENT_TYPE);
      String text = res.body();
      Map<String, String> common =
          Map.of(
              "workload",
              "a",
              "binding",
              "basic",
              "shard",
              "0",
              "host",
              "testhost",
              "phase",
              "run");
      for (String op : List.of("READ", "UPDATE")) {
        Map<String, String> labels = new LinkedHashMap<>(common);
        labels.put("operation", op);
        labels.put("status", "OK");
        assertThat(ScrapeText.value(text, "hbload_operations_total", labels))
            .as(op + " in\n" + text)
            .hasValue((double) r.op(op).count());
        labels.put("kind", "service");
        labels.put("le", "+Inf");
        assertThat(ScrapeText.value(text, "hbload_latency_seconds_bucket", labels))
            .hasValue((double) r.op(op).count());
        labels.remove("le");
        assertThat(ScrapeText.value(text, "hbload_latency_seconds_count", labels))
            .hasValue((double) r.op(op).count());
        labels.put("kind", "intended");
        assertThat(ScrapeText.value(text, "hbload_latency_seconds_count", labels))
            .hasValue((double) r.op(op).count());
      }
      assertThat(r.op("READ").count() + r.op("UPDATE").count()).isEqualTo(3000);
      assertThat(ScrapeText.value(text, "hbload_operations_completed_total", common))
          .hasValue(3000.0);
      assertThat(ScrapeText.value(text, "hbload_phase_finished", common)).hasValue(1.0);
      assertThat(ScrapeText.value(text, "hbload_threads", common)).hasValue(2.0);
      assertThat(ScrapeText.value(text, "hbload_throughput", common)).isPresent();
      assertThat(text).contains("# TYPE hbload_latency_seconds histogram");
      assertThat(text).doesNotContain("hbload_errors_total"); // no failed call, no error series
      assertThat(text).doesNotContain("hbload_blockcache"); // the basic binding reports no cache
    }
  }

  @Test
  void bucketsAreCumulativeAndBoundedInSeconds() throws Exception {
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    try (MetricsSession session =
        new MetricsSession(
            MetricsTarget.parse("prometheus:0"), "127.0.0.1", Duration.ZERO, TAGS, quiet)) {
      RunResult r = run(session);
      String text = session.registry().scrape();
      double previous = 0;
      for (double le : LatencyBuckets.BOUNDS) {
        String bound = Double.isInfinite(le) ? "+Inf" : Double.toString(le);
        double v =
            ScrapeText.value(
                    text,
                    "hbload_latency_seconds_bucket",
                    Map.of("operation", "READ", "kind", "service", "le", bound))
                .orElseThrow(() -> new AssertionError("no le=" + bound + " in\n" + text));
        assertThat(v).as("le=" + bound).isGreaterThanOrEqualTo(previous);
        // the bucket is exactly what the report's own histogram holds under that bound
        long expected =
            Double.isInfinite(le)
                ? r.op("READ").count()
                : r.op("READ").service().getCountBetweenValues(0, (long) (le * 1e9));
        assertThat(v).as("le=" + bound).isEqualTo((double) expected);
        previous = v;
      }
    }
  }

  @Test
  void blockCacheRatioAndErrorsComeFromTheResult() throws Exception {
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    try (MetricsSession session =
        new MetricsSession(
            MetricsTarget.parse("prometheus:0"), "127.0.0.1", Duration.ZERO, TAGS, quiet)) {
      RunResult r = run(session);
      RunResult withCache =
          RunResult.ofTotals(
              r.spec(),
              r.startEpochMillis(),
              r.runtimeMillis(),
              r.operations(),
              r.measurements(),
              r.gc(),
              List.of(
                  new ReportLine("BLOCKCACHE", "HitRatio", 0.875),
                  new ReportLine("BLOCKCACHE", "L1HitRatio", 0.5),
                  new ReportLine("BLOCKCACHE", "Note", "x")),
              null,
              r.client());
      session.runMeters().phaseFinished(withCache);
      String text = session.registry().scrape();
      assertThat(
              ScrapeText.value(
                  text, "hbload_blockcache_hit_ratio", Map.of("level", "all", "phase", "run")))
          .hasValue(0.875);
      assertThat(ScrapeText.value(text, "hbload_blockcache_hit_ratio", Map.of("level", "l1")))
          .hasValue(0.5);
    }
  }

  @Test
  void stepsOfASuiteKeepTheirOwnSeriesInOneRegistry() throws Exception {
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    try (MetricsSession session =
        new MetricsSession(
            MetricsTarget.parse("prometheus:0"),
            "127.0.0.1",
            Duration.ZERO,
            new RunTags("a,c", "basic", 0, "testhost"),
            quiet)) {
      RunResult first =
          run(
              session.listener(
                  io.micrometer.core.instrument.Tags.of("round", "1", "workload", "a")));
      RunResult second =
          run(
              session.listener(
                  io.micrometer.core.instrument.Tags.of("round", "2", "workload", "c")));
      String text = session.registry().scrape();
      for (RunResult r : List.of(first, second)) {
        Map<String, String> labels =
            r == first
                ? Map.of("round", "1", "workload", "a", "operation", "READ", "status", "OK")
                : Map.of("round", "2", "workload", "c", "operation", "READ", "status", "OK");
        assertThat(ScrapeText.value(text, "hbload_operations_total", labels))
            .as(labels + " in\n" + text)
            .hasValue((double) r.op("READ").count());
        Map<String, String> latency = new LinkedHashMap<>(labels);
        latency.put("kind", "service");
        assertThat(ScrapeText.value(text, "hbload_latency_seconds_count", latency))
            .as(latency + " in\n" + text)
            .hasValue((double) r.op("READ").count());
      }
      // the step's workload replaces the suite's list; no series is left with the list or without a
      // round
      assertThat(text).doesNotContain("workload=\"a,c\",").contains("hbload_phase_finished{");
      assertThat(text.lines().filter(l -> l.startsWith("hbload_operations_total{")))
          .allMatch(l -> l.contains("round=\""));
    }
  }

  /**
   * The server figures reach the meters through the session's listeners, the plain one and a suite
   * step's (both once dropped them): a counter figure as the sum of its interval growths, a gauge
   * as its last value, tagged with the server and the figure's own tags.
   */
  @Test
  void serverFiguresReachTheMetersThroughEitherListener() throws Exception {
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    Map<String, String> p = new LinkedHashMap<>();
    p.put("db", "basic");
    RunSpec spec = SpecParser.parse(p, Phase.RUN);
    // one session each: a suite's steps all carry round, a plain run none (one label set per name)
    for (String round : List.of("", "1")) {
      try (MetricsSession session =
          new MetricsSession(
              MetricsTarget.parse("prometheus:0"), "127.0.0.1", Duration.ZERO, TAGS, quiet)) {
        io.hbload.core.exec.RunListener l =
            round.isEmpty()
                ? session.listener()
                : session.listener(
                    io.micrometer.core.instrument.Tags.of("round", round, "workload", "a"));
        l.phaseStarting(spec, 0);
        l.serverValues(
            spec,
            List.of(
                new ServerSeries.Value("rs1:16020", PAUSE, 1000, 12.0),
                new ServerSeries.Value("rs1:16020", QUEUE, 1000, 3.0)));
        l.serverValues(
            spec,
            List.of(
                new ServerSeries.Value("rs1:16020", PAUSE, 2000, 5.0),
                new ServerSeries.Value("rs1:16020", QUEUE, 2000, 1.0)));
        String text = session.registry().scrape();
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("server", "rs1:16020");
        labels.put("phase", "run");
        labels.put("workload", "a");
        if (!round.isEmpty()) {
          labels.put("round", round);
        }
        assertThat(ScrapeText.value(text, "hbload_server_flush_queue_length", labels))
            .as(labels + " in\n" + text)
            .hasValue(1.0);
        labels.put("collector", "G1 Young Generation");
        assertThat(ScrapeText.value(text, "hbload_server_gc_pause_milliseconds_total", labels))
            .as(labels + " in\n" + text)
            .hasValue(17.0);
      }
    }
  }

  @Test
  void inFlightHookIsAGaugeReadAtScrape() throws Exception {
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    try (MetricsSession session =
        new MetricsSession(
            MetricsTarget.parse("prometheus:0"), "127.0.0.1", Duration.ZERO, TAGS, quiet)) {
      java.util.concurrent.atomic.AtomicLong inFlight =
          new java.util.concurrent.atomic.AtomicLong(7);
      session.runMeters().inFlight(inFlight::get);
      assertThat(
              ScrapeText.value(
                  session.registry().scrape(), "hbload_inflight", Map.of("host", "testhost")))
          .hasValue(7.0);
      inFlight.set(3);
      assertThat(ScrapeText.value(session.registry().scrape(), "hbload_inflight", Map.of()))
          .hasValue(3.0);
    }
  }

  @Test
  void measurementNamesSplitIntoOperationAndStatus() {
    assertThat(OperationOutcome.of("READ", Measures.CORE))
        .isEqualTo(new OperationOutcome("READ", "OK"));
    assertThat(OperationOutcome.of("READ-FAILED", Measures.CORE))
        .isEqualTo(new OperationOutcome("READ", "FAILED"));
    assertThat(OperationOutcome.of("UPDATE-NOT_FOUND", Measures.CORE))
        .isEqualTo(new OperationOutcome("UPDATE", "NOT_FOUND"));
    assertThat(OperationOutcome.of("READ-MODIFY-WRITE", Measures.CORE))
        .isEqualTo(new OperationOutcome("READ-MODIFY-WRITE", "OK"));
  }

  @Test
  void targetsParseOrSayWhy() {
    assertThat(MetricsTarget.parse("prometheus").port()).isEqualTo(9464);
    assertThat(MetricsTarget.parse("prometheus:9100").port()).isEqualTo(9100);
    assertThat(MetricsTarget.parse("pushgateway:http://127.0.0.1:9091").pushgateway())
        .isEqualTo(URI.create("http://127.0.0.1:9091"));
    assertThatThrownBy(() -> MetricsTarget.parse("prometheus:x"))
        .hasMessageContaining("'x' is not a port");
    assertThatThrownBy(() -> MetricsTarget.parse("pushgateway:nohost"))
        .hasMessageContaining("not an http(s) URL");
    assertThatThrownBy(() -> MetricsTarget.parse("graphite"))
        .hasMessageContaining("expected prometheus");
  }
}
