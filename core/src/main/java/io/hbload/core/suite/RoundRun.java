package io.hbload.core.suite;

import io.hbload.core.config.MeasurementInterval;
import io.hbload.core.measure.MeasurementTotals;
import io.hbload.core.result.RunResult;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One finished run of a suite: which workload in which round (from 1), what it did, its latency
 * histograms per operation name (nanoseconds, the figures its YCSB report prints: service time, or
 * intended-start latency with {@code measurement.interval=intended}) and its block-cache lookups
 * (null when the binding has none). Immutable by convention: the histograms are not changed after
 * construction.
 */
public record RoundRun(
    String workload,
    int round,
    long operations,
    long runtimeMillis,
    Map<String, Histogram> latencies,
    CacheCounts cache) {

  public RoundRun {
    latencies = Collections.unmodifiableMap(new LinkedHashMap<>(latencies));
  }

  /**
   * From a run's result; CLEANUP (the binding's close) is no operation of the workload and is left
   * out.
   */
  public static RoundRun of(String workload, int round, RunResult result, CacheCounts cache) {
    boolean intended =
        result.spec().execution().measurementInterval() == MeasurementInterval.INTENDED;
    Map<String, Histogram> latencies = new LinkedHashMap<>();
    for (MeasurementTotals m : result.measurements()) {
      if (!m.name().equals("CLEANUP") && m.count() > 0) {
        latencies.put(m.name(), intended ? m.intended() : m.service());
      }
    }
    return new RoundRun(
        workload, round, result.operations(), result.runtimeMillis(), latencies, cache);
  }

  /** YCSB's Throughput(ops/sec). */
  public double throughputOpsPerSec() {
    return 1000.0 * operations / Math.max(1, runtimeMillis);
  }
}
