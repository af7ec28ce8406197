package io.hbload.core.result;

import io.hbload.core.binding.ReportLine;
import io.hbload.core.measure.MeasurementTotals;
import io.hbload.core.spec.RunSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * The outcome of one phase: what the reports print and what an embedding test asserts on.
 * Immutable.
 *
 * @param runtimeMillis wall time from just before the workers start until all have stopped,
 *     including their set-up and cleanup (YCSB's {@code RunTime(ms)})
 * @param measurements per measurement name, in the order first seen
 * @param gc garbage collector counts since JVM start, as YCSB reports them
 * @param extra binding lines (e.g. block-cache hit ratios)
 * @param stopReason null when the phase completed its operations, else why it stopped early
 * @param client which client (shard, host) produced it, and how its start lined up with the shared
 *     start
 * @param workers each worker's own figures, in worker order, for the workers that started; empty
 *     for a result merged from shards
 * @param figures the binding's typed figures of the run ({@link
 *     io.hbload.core.binding.BindingSession#runFigures}), the values behind some of {@code extra}'s
 *     lines; empty when read back or merged
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
    ClientInfo client,
    List<Worker> workers,
    List<Object> figures) {

  public RunResult {
    measurements = List.copyOf(measurements);
    gc = List.copyOf(gc);
    extra = List.copyOf(extra);
    workers = List.copyOf(workers);
    figures = List.copyOf(figures);
  }

  /**
   * The binding's figure of this type, if it gave one (e.g. the HBase binding's block-cache
   * counters).
   */
  public <T> Optional<T> figure(Class<T> type) {
    return figures.stream().filter(type::isInstance).map(type::cast).findFirst();
  }

  /**
   * A result of totals alone, without per-worker or binding figures: merged from shards, or read
   * back from a file.
   */
  public static RunResult ofTotals(
      RunSpec spec,
      long startEpochMillis,
      long runtimeMillis,
      long operations,
      List<MeasurementTotals> measurements,
      List<GcTotals> gc,
      List<ReportLine> extra,
      String stopReason,
      ClientInfo client) {
    return new RunResult(
        spec,
        startEpochMillis,
        runtimeMillis,
        operations,
        measurements,
        gc,
        extra,
        stopReason,
        client,
        List.of(),
        List.of());
  }

  /**
   * One worker's share of the phase, from its own recorder (the warm-up's left out, as from every
   * figure): the service times of each measure it recorded, every outcome together, by report name;
   * the operations it counted; the time from its operation source's opening to the end of its
   * binding's cleanup; and its source's own figures ({@link
   * io.hbload.core.source.OperationSource#figures}). hbload pe prints PE's per-client lines from
   * these.
   */
  public record Worker(
      int index,
      long operations,
      long elapsedNanos,
      Map<String, Histogram> service,
      Map<String, Long> figures) {
    public Worker {
      service = Map.copyOf(service);
      figures = Map.copyOf(figures);
    }

    /**
     * The service times of {@code measure}, every outcome together; an empty histogram when it
     * recorded none.
     */
    public Histogram service(String measure) {
      Histogram h = service.get(measure);
      return h != null ? h : new Histogram(3);
    }

    /** A figure of its source, 0 when the source gave none under that name. */
    public long figure(String name) {
      return figures.getOrDefault(name, 0L);
    }
  }

  /** One collector's totals. */
  public record GcTotals(String name, long count, long timeMillis) {}

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
    return measurement(name)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "no "
                        + name
                        + " measurement in this run; have: "
                        + measurements.stream().map(MeasurementTotals::name).toList()));
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
