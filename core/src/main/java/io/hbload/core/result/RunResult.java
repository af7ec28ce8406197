package io.hbload.core.result;

import io.hbload.core.binding.ReportLine;
import io.hbload.core.config.RunSpec;
import io.hbload.core.measure.MeasurementTotals;
import java.util.List;
import java.util.Optional;

/**
 * The outcome of one phase: what the reports print and what an embedding test asserts on. Immutable.
 *
 * @param runtimeMillis wall time from just before the workers start until all have stopped, including
 *     their set-up and cleanup (YCSB's {@code RunTime(ms)})
 * @param measurements per measurement name, in the order first seen
 * @param gc garbage collector counts since JVM start, as YCSB reports them
 * @param extra binding lines (e.g. block-cache hit ratios)
 * @param stopReason null when the phase completed its operations, else why it stopped early
 * @param client which client (shard, host) produced it, and how its start lined up with the shared start
 */
public record RunResult(
    RunSpec spec,
    long startEpochMillis,
    long runtimeMillis,
    long operations,
    List<MeasurementTotals> measurements,
    List<GcTotals> gc,
    List<ReportLine> extra,
    String stopReason,
    ClientInfo client) {

  public RunResult {
    measurements = List.copyOf(measurements);
    gc = List.copyOf(gc);
    extra = List.copyOf(extra);
  }

  /** One collector's totals. */
  public record GcTotals(String name, long count, long timeMillis) {
  }

  /** YCSB's {@code Throughput(ops/sec)}: 1000 x operations / RunTime(ms). */
  public double throughputOpsPerSec() {
    return 1000.0 * operations / runtimeMillis;
  }

  /** The totals for a measurement name such as {@code READ} or {@code UPDATE-FAILED}. */
  public Optional<MeasurementTotals> measurement(String name) {
    return measurements.stream().filter(m -> m.name().equals(name)).findFirst();
  }

  /** Like {@link #measurement} but throws when the run did not do that operation. */
  public MeasurementTotals op(String name) {
    return measurement(name).orElseThrow(() -> new IllegalArgumentException(
        "no " + name + " measurement in this run; have: " + measurements.stream().map(MeasurementTotals::name).toList()));
  }

  /** Operations whose outcome was not OK, over all measurements. */
  public long errorCount() {
    return measurements.stream().mapToLong(MeasurementTotals::errors).sum();
  }

  /** The longest single call of the run in milliseconds (a stall shows here). */
  public double longestCallMillis() {
    return measurements.stream().mapToLong(m -> m.service().getMaxValue()).max().orElse(0) / 1e6;
  }

  public boolean completed() {
    return stopReason == null;
  }
}
