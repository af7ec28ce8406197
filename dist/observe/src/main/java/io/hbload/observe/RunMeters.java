package io.hbload.observe;

import io.hbload.core.binding.ReportLine;
import io.hbload.core.exec.RunListener;
import io.hbload.core.exec.StatusSnapshot;
import io.hbload.core.measure.IntervalView;
import io.hbload.core.result.RunResult;
import io.hbload.core.server.ServerFigure;
import io.hbload.core.server.ServerSeries;
import io.hbload.core.spec.RunSpec;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

/**
 * A phase's meters, fed from the reporter's interval snapshots (one call per status interval, off
 * the hot path):
 *
 * <ul>
 *   <li>{@code hbload.operations} counter by {@code operation} and {@code status} (OK, FAILED, or
 *       the status itself with reportlatencyforeacherror/latencytrackederrors): at the end, {@code
 *       status=OK} equals the report's {@code [READ], Operations};
 *   <li>{@code hbload.operations.completed}: top-level operations, the report's {@code [OVERALL]}
 *       count;
 *   <li>{@code hbload.errors} by operation; {@code hbload.throughput} (ops/s over the last
 *       interval);
 *   <li>{@code hbload_latency_seconds} histogram by operation, status and kind (service, intended),
 *       see {@link LatencyBuckets};
 *   <li>{@code hbload.inflight} when the engine offers a source ({@link #inFlight});
 *   <li>{@code hbload.blockcache.hit.ratio} by level (all, l1, l2) when the binding reports it at
 *       the end;
 *   <li>{@code hbload.server.*} by {@code server} (and the figure's own tags, e.g. {@code
 *       collector}) when the binding samples its servers: a running total as a counter of its
 *       growth since the phase's first read ({@code hbload_server_gc_pause_milliseconds_total}: the
 *       sum of the JSON series' points), a level as last read ({@code
 *       hbload_server_flush_queue_length});
 *   <li>{@code hbload.phase.finished} 1 once the phase's final interval is in: the final values are
 *       then published.
 * </ul>
 *
 * Every meter carries the {@link RunTags}, the {@code phase}, and in a suite the {@link #step} tags
 * ({@code round}, {@code workload}). Called on the reporter thread, one call at a time.
 */
public final class RunMeters implements RunListener {
  private final MeterRegistry registry;
  private final Tags common;
  private final LatencyBuckets latency;
  private final Map<String, Counter> counters = new HashMap<>();
  private final Map<String, AtomicReference<Double>> gauges = new HashMap<>();
  private String phase = "run";
  private Tags step = Tags.empty();

  /**
   * @param latency the histogram collector on the registry's Prometheus registry, or null where the
   *     registry is not a Prometheus one (the buckets are then left out)
   */
  RunMeters(MeterRegistry registry, RunTags tags, LatencyBuckets latency) {
    this.registry = registry;
    this.common = tags.tags();
    this.latency = latency;
  }

  /**
   * Registers {@code hbload.inflight}, the engine's count of operations outstanding, read at each
   * scrape or push ({@link io.hbload.core.launch.Launcher#inFlight}: a pipelined worker's slots in
   * use, a blocking worker 1 while it is not waiting for its schedule). Carries the common tags
   * only: one series for the process, across a suite's runs.
   */
  public void inFlight(LongSupplier source) {
    // strong: the supplier is often a lambda nobody else holds, which a weak gauge would lose at
    // the next GC
    Gauge.builder("hbload.inflight", source, s -> s.getAsLong())
        .strongReference(true)
        .description("Operations issued and not yet completed")
        .tags(common)
        .register(registry);
  }

  /**
   * For a command that runs many phases into one registry ({@code suite}): the tags that tell the
   * next phases' meters apart, e.g. {@code round} and {@code workload}; a tag of a common key
   * (workload) replaces it. Every step must give the same keys (Prometheus wants one label set per
   * metric name).
   */
  public void step(Tags stepTags) {
    this.step = stepTags;
  }

  @Override
  public void phaseStarting(RunSpec spec, long startEpochMillis) {
    phase = spec.phase().name().toLowerCase(Locale.ROOT);
    gauge("hbload.phase.finished", Tags.empty(), "1 once the phase's final values are published")
        .set(0.0);
    gauge("hbload.threads", Tags.empty(), "Client threads")
        .set((double) spec.execution().threads());
  }

  @Override
  public void interval(RunSpec spec, StatusSnapshot snapshot) {
    IntervalView view = snapshot.interval();
    counter(
            "hbload.operations.completed",
            Tags.empty(),
            "Top-level operations completed ([OVERALL] Operations)")
        .increment(view.operations());
    for (IntervalView.Latency l : view.latencies()) {
      OperationOutcome op = OperationOutcome.of(l.name(), spec.measures());
      long n = l.service().getTotalCount();
      if (n == 0) {
        continue;
      }
      counter(
              "hbload.operations",
              Tags.of("operation", op.operation(), "status", op.status()),
              "Calls by operation and outcome ([OP], Operations for status OK)")
          .increment(n);
      if (!op.ok()) {
        counter(
                "hbload.errors",
                Tags.of("operation", op.operation()),
                "Calls whose outcome was not OK")
            .increment(n);
      }
      if (latency != null) {
        Tags labels =
            common
                .and(step)
                .and("phase", phase, "operation", op.operation(), "status", op.status());
        latency.add(labels.and("kind", "service"), l.service());
        latency.add(labels.and("kind", "intended"), l.intended());
      }
    }
    double seconds = Math.max(1, snapshot.intervalMillis()) / 1000.0;
    gauge("hbload.throughput", Tags.empty(), "Operations per second over the last status interval")
        .set(view.operations() / seconds);
    gauge("hbload.elapsed", Tags.empty(), "Seconds since the phase started")
        .set(snapshot.elapsedMillis() / 1000.0);
  }

  @Override
  public void serverValues(RunSpec spec, List<ServerSeries.Value> values) {
    for (ServerSeries.Value v : values) {
      ServerFigure f = v.figure();
      Tags tags = Tags.of("server", v.server());
      for (Map.Entry<String, String> t : f.tags().entrySet()) {
        tags = tags.and(t.getKey(), t.getValue());
      }
      String name = "hbload.server." + f.meter();
      if (f.kind() == ServerFigure.Kind.COUNTER) {
        // a counter, so that rate() over any scrape interval sees every interval's growth; a gauge
        // of the last interval's growth would show a scraper 1 s in every 15
        counter(name, tags, "A server's " + f.meter() + " since the phase started")
            .increment(v.value());
      } else {
        gauge(name, tags, "A server's " + f.meter() + " (" + f.unit() + ")").set(v.value());
      }
    }
  }

  @Override
  public void phaseFinished(RunResult result) {
    for (ReportLine line : result.extra()) {
      if (line.metric().equals("BLOCKCACHE") && line.value() instanceof Number ratio) {
        String level =
            switch (line.measurement()) {
              case "HitRatio" -> "all";
              case "L1HitRatio" -> "l1";
              case "L2HitRatio" -> "l2";
              default -> null;
            };
        if (level != null) {
          gauge(
                  "hbload.blockcache.hit.ratio",
                  Tags.of("level", level),
                  "Block-cache hit ratio of the RegionServers over the phase")
              .set(ratio.doubleValue());
        }
      }
    }
    gauge("hbload.phase.finished", Tags.empty(), "1 once the phase's final values are published")
        .set(1.0);
  }

  private Counter counter(String name, Tags tags, String description) {
    return counters.computeIfAbsent(
        phase + '\0' + name + '\0' + step + '\0' + tags,
        k ->
            Counter.builder(name)
                .description(description)
                .tags(common.and(step))
                .tags(tags)
                .tag("phase", phase)
                .register(registry));
  }

  private AtomicReference<Double> gauge(String name, Tags tags, String description) {
    return gauges.computeIfAbsent(
        phase + '\0' + name + '\0' + step + '\0' + tags,
        k -> {
          AtomicReference<Double> value = new AtomicReference<>(0.0);
          Gauge.builder(name, value, AtomicReference::get)
              .description(description)
              .tags(common.and(step))
              .tags(tags)
              .tag("phase", phase)
              .register(registry);
          return value;
        });
  }
}
