package io.hbload.observe;

import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * {@code hbload_latency_seconds}: a real Prometheus histogram (cumulative {@code _bucket{le}},
 * {@code _sum}, {@code _count}), so {@code histogram_quantile} and Grafana heatmaps work and many
 * clients' buckets add up. Filled from each interval's HdrHistograms by counting what falls under
 * each bound (one pass per bound per interval on the reporter thread), never by recording
 * operations one by one: Micrometer's own Timer would need a call per operation. Registered on the
 * Prometheus registry behind Micrometer's, so the scrape and the push carry it.
 *
 * <p>Thread-safe: the reporter adds, the scrape or push thread reads, both under this object's
 * lock.
 */
final class LatencyBuckets implements MultiCollector {
  static final String NAME = "hbload_latency_seconds";

  /**
   * Upper bounds in seconds: 50 us to 10 s, about three per decade, where HBase and HDFS calls
   * land.
   */
  static final double[] BOUNDS = {
    0.00005,
    0.0001,
    0.00025,
    0.0005,
    0.001,
    0.0025,
    0.005,
    0.01,
    0.025,
    0.05,
    0.1,
    0.25,
    0.5,
    1,
    2.5,
    5,
    10,
    Double.POSITIVE_INFINITY
  };

  private final Map<Tags, Series> series = new LinkedHashMap<>();

  /**
   * Adds one interval's histogram (nanoseconds) to the series of {@code labels} (the run's tags,
   * phase, operation, status, kind, and a suite's step tags).
   */
  synchronized void add(Tags labels, Histogram h) {
    long n = h.getTotalCount();
    if (n == 0) {
      return;
    }
    Series s = series.computeIfAbsent(labels, k -> new Series());
    for (int i = 0; i < BOUNDS.length - 1; i++) {
      s.cumulative[i] += h.getCountBetweenValues(0, (long) (BOUNDS[i] * 1e9));
    }
    s.cumulative[BOUNDS.length - 1] += n;
    s.sumSeconds += h.getMean() * n / 1e9;
  }

  @Override
  public synchronized MetricSnapshots collect() {
    HistogramSnapshot.Builder b =
        HistogramSnapshot.builder()
            .name(NAME)
            .help(
                "Operation latency from hbload's interval HdrHistograms; kind=service (call time) or intended "
                    + "(from the scheduled start, coordinated-omission corrected)");
    for (Map.Entry<Tags, Series> e : series.entrySet()) {
      List<String> names = new ArrayList<>();
      List<String> values = new ArrayList<>();
      for (Tag t : e.getKey()) {
        names.add(t.getKey());
        values.add(t.getValue());
      }
      long[] counts = new long[BOUNDS.length];
      // Prometheus' model takes per-bucket counts and accumulates them itself
      long previous = 0;
      for (int i = 0; i < BOUNDS.length; i++) {
        counts[i] = e.getValue().cumulative[i] - previous;
        previous = e.getValue().cumulative[i];
      }
      b.dataPoint(
          HistogramSnapshot.HistogramDataPointSnapshot.builder()
              .labels(Labels.of(names, values))
              .classicHistogramBuckets(ClassicHistogramBuckets.of(BOUNDS, counts))
              .sum(e.getValue().sumSeconds)
              .build());
    }
    return MetricSnapshots.of(b.build());
  }

  @Override
  public List<String> getPrometheusNames() {
    return List.of(NAME);
  }

  private static final class Series {
    final long[] cumulative = new long[BOUNDS.length];
    double sumSeconds;
  }
}
