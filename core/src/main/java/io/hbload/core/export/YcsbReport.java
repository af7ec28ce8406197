package io.hbload.core.export;

import io.hbload.core.audit.AuditReport;
import io.hbload.core.binding.ReportLine;
import io.hbload.core.config.MeasurementInterval;
import io.hbload.core.fault.FaultReport;
import io.hbload.core.measure.MeasurementTotals;
import io.hbload.core.result.RunResult;
import io.hbload.core.schedule.RateReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The final report as YCSB 0.17.0's hdrhistogram measurements produce it: OVERALL, the GC lines per
 * collector and in total, then each measurement (Operations, AverageLatency(us), MinLatency(us),
 * MaxLatency(us), one line per {@code hdrhistogram.percentiles} entry, Return= lines) in YCSB's
 * order, then {@code Intended-} blocks when {@code measurement.interval=both}. hbload appends its
 * own lines last (the longest call, binding metrics), so parsers of YCSB's lines are unaffected.
 * Stateless.
 */
public final class YcsbReport {
  private YcsbReport() {}

  public static List<ReportRecord> records(RunResult r) {
    List<ReportRecord> out = new ArrayList<>();
    long runtime = r.runtimeMillis();
    out.add(new ReportRecord("OVERALL", "RunTime(ms)", runtime));
    out.add(new ReportRecord("OVERALL", "Throughput(ops/sec)", r.throughputOpsPerSec()));
    long gcCount = 0;
    long gcTime = 0;
    for (RunResult.GcTotals gc : r.gc()) {
      String n = gc.name().replace(' ', '_');
      out.add(new ReportRecord("TOTAL_GCS_" + n, "Count", gc.count()));
      out.add(new ReportRecord("TOTAL_GC_TIME_" + n, "Time(ms)", gc.timeMillis()));
      out.add(
          new ReportRecord("TOTAL_GC_TIME_%_" + n, "Time(%)", 100.0 * gc.timeMillis() / runtime));
      gcCount += gc.count();
      gcTime += gc.timeMillis();
    }
    out.add(new ReportRecord("TOTAL_GCs", "Count", gcCount));
    out.add(new ReportRecord("TOTAL_GC_TIME", "Time(ms)", gcTime));
    out.add(new ReportRecord("TOTAL_GC_TIME_%", "Time(%)", 100.0 * gcTime / runtime));

    Map<String, MeasurementTotals> byName = new LinkedHashMap<>();
    r.measurements().forEach(m -> byName.put(m.name(), m));
    MeasurementInterval mode = r.spec().execution().measurementInterval();
    List<Double> percentiles = r.spec().outputs().percentiles();
    for (String name : YcsbOrder.of(byName.keySet())) {
      MeasurementTotals m = byName.get(name);
      Histogram h = mode == MeasurementInterval.INTENDED ? m.intended() : m.service();
      latencyLines(out, name, h, percentiles);
      m.returns()
          .forEach((status, count) -> out.add(new ReportRecord(name, "Return=" + status, count)));
    }
    if (mode == MeasurementInterval.BOTH) {
      List<String> intendedNames = byName.keySet().stream().map(n -> "Intended-" + n).toList();
      for (String name : YcsbOrder.of(intendedNames)) {
        latencyLines(
            out, name, byName.get(name.substring("Intended-".length())).intended(), percentiles);
      }
    }
    out.add(new ReportRecord("OVERALL", "LongestCall(ms)", r.longestCallMillis()));
    if (r.stopReason() != null) {
      out.add(new ReportRecord("OVERALL", "StoppedEarly", r.stopReason()));
    }
    for (ReportLine line : r.extra()) {
      Object v = line.value() instanceof Integer i ? (Object) (long) i : line.value();
      out.add(new ReportRecord(line.metric(), line.measurement(), v));
    }
    r.figure(FaultReport.class).ifPresent(f -> out.addAll(FaultLines.of(f)));
    // the audit's one line: [VERIFY], acknowledged N, present N, lost N, ...
    r.figure(AuditReport.class)
        .ifPresent(
            a -> {
              int comma = a.summary().indexOf(", ");
              out.add(
                  new ReportRecord(
                      "VERIFY", a.summary().substring(0, comma), a.summary().substring(comma + 2)));
            });
    r.figure(RateReport.class).ifPresent(f -> out.addAll(RateLines.of(f)));
    return out;
  }

  private static void latencyLines(
      List<ReportRecord> out, String name, Histogram h, List<Double> percentiles) {
    long count = h.getTotalCount();
    out.add(new ReportRecord(name, "Operations", count));
    // An empty histogram prints as YCSB's does: NaN average, Long.MAX_VALUE minimum, 0 maximum.
    out.add(
        new ReportRecord(
            name, "AverageLatency(us)", count == 0 ? Double.NaN : h.getMean() / 1000.0));
    out.add(
        new ReportRecord(
            name, "MinLatency(us)", count == 0 ? Long.MAX_VALUE : h.getMinValue() / 1000));
    out.add(new ReportRecord(name, "MaxLatency(us)", count == 0 ? 0L : h.getMaxValue() / 1000));
    for (double p : percentiles) {
      out.add(
          new ReportRecord(
              name,
              ordinal(p) + "PercentileLatency(us)",
              count == 0 ? 0L : h.getValueAtPercentile(p) / 1000));
    }
  }

  /** YCSB's percentile naming: 95 -> 95th, 1 -> 1st, 99.9 -> 99.9. */
  static String ordinal(double p) {
    if (p % 1 != 0) {
      return Double.toString(p);
    }
    int j = (int) p;
    int mod100 = j % 100;
    if (mod100 >= 11 && mod100 <= 13) {
      return j + "th";
    }
    return switch (j % 10) {
      case 1 -> j + "st";
      case 2 -> j + "nd";
      case 3 -> j + "rd";
      default -> j + "th";
    };
  }
}
