package io.hbload.report;

import io.hbload.hdfs.report.DataNodeFaultResult;
import io.hbload.hdfs.report.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The part of the dfsio page for passes with DataNodes stopped in their middle: per pass, the
 * throughput second by second and the files' missing units, with the fault and the return to full
 * redundancy marked; then the figures (healthy against degraded, the repair) in one table and the
 * settings that paced the repair. Stateless.
 */
final class DfsioFaultSection {
  private DfsioFaultSection() {}

  static void append(StringBuilder h, List<RunResult> runs) {
    List<RunResult> faulted = runs.stream().filter(r -> r.dataNodeFault().isPresent()).toList();
    if (faulted.isEmpty()) {
      return;
    }
    h.append("<h3>DataNodes stopped in the middle of a pass</h3>\n");
    for (RunResult r : faulted) {
      DataNodeFaultResult f = r.dataNodeFault().get();
      h.append(chart(r.label(), f));
    }
    h.append("<table class=\"passes\"><tr><th></th>");
    for (RunResult r : faulted) {
      h.append("<th>").append(Html.escape(r.label())).append("</th>");
    }
    h.append("</tr>\n");
    row(h, faulted, "DataNodes stopped", f -> String.join(", ", f.stopped()));
    row(h, faulted, "how", f -> String.join("; ", f.howStopped()));
    row(
        h,
        faulted,
        "stopped at s",
        f -> f.injectedAtSeconds() < 0 ? "not stopped" : f(f.injectedAtSeconds(), 1));
    row(h, faulted, "healthy MiB/s", f -> f(f.healthy().mibPerSec(), 1));
    row(
        h,
        faulted,
        "degraded MiB/s",
        f -> f(f.degraded().mibPerSec(), 1) + " (" + f(100 * f.throughputRatio(), 0) + " %)");
    row(h, faulted, "healthy p50 / p99 ms", f -> millis(f.healthy()));
    row(h, faulted, "degraded p50 / p99 ms", f -> millis(f.degraded()));
    row(h, faulted, "missing units at fault", f -> Long.toString(f.missingUnitsAtFault()));
    row(
        h,
        faulted,
        "NameNode declared dead at s",
        f -> f.nameNodeNoticedSeconds() < 0 ? "no" : f(f.nameNodeNoticedSeconds(), 1));
    row(h, faulted, "full redundancy", DataNodeFaultResult::fullRedundancyText);
    row(h, faulted, "restored MiB", f -> f(f.restoredBytes() / 1048576.0, 1));
    row(h, faulted, "DataNode counters", f -> f.dataNodeCounters().toString());
    h.append("</table>\n<h3>Settings pacing detection and repair (-D to change)</h3>\n");
    h.append("<table class=\"settings\">\n");
    for (Map.Entry<String, String> e :
        faulted.get(0).dataNodeFault().get().throttles().entrySet()) {
      h.append("<tr><th>")
          .append(Html.escape(e.getKey()))
          .append("</th><td>")
          .append(Html.escape(e.getValue()))
          .append("</td></tr>\n");
    }
    h.append("</table>\n");
  }

  private static String chart(String label, DataNodeFaultResult f) {
    List<DataNodeFaultResult.Sample> samples = f.series();
    double[] xs = new double[samples.size()];
    double[] mib = new double[samples.size()];
    double[] missing = new double[samples.size()];
    for (int i = 0; i < samples.size(); i++) {
      xs[i] = samples.get(i).second();
      mib[i] = samples.get(i).mibPerSec();
      long m = samples.get(i).missingUnits();
      missing[i] = m < 0 ? Double.NaN : m;
    }
    List<SvgChart> charts = new ArrayList<>();
    charts.add(
        new SvgChart(label + ": throughput per second", "s", "MiB/s")
            .add(new SvgChart.Series("MiB/s", SvgChart.PALETTE[0], false, xs, mib)));
    charts.add(
        new SvgChart(label + ": units of the files missing from live DataNodes", "s", "units")
            .add(new SvgChart.Series("missing units", SvgChart.PALETTE[1], false, xs, missing)));
    StringBuilder out = new StringBuilder();
    for (SvgChart c : charts) {
      if (f.injectedAtSeconds() >= 0) {
        c.rule(
            new SvgChart.Rule(
                "fault", "DataNodes stopped", true, f.injectedAtSeconds(), "#d62728", true));
      }
      if (f.recovered()) {
        c.rule(
            new SvgChart.Rule(
                "recovered", "full redundancy", true, f.fullRedundancySeconds(), "#2ca02c", true));
      }
      out.append(c.render());
    }
    return out.toString();
  }

  private static String millis(DataNodeFaultResult.Window w) {
    return w.calls() == 0
        ? "no calls"
        : f(w.p50Micros() / 1000.0, 2) + " / " + f(w.p99Micros() / 1000.0, 2);
  }

  private static void row(
      StringBuilder h,
      List<RunResult> runs,
      String name,
      java.util.function.Function<DataNodeFaultResult, String> cell) {
    h.append("<tr><th>").append(Html.escape(name)).append("</th>");
    for (RunResult r : runs) {
      h.append("<td>").append(Html.escape(cell.apply(r.dataNodeFault().get()))).append("</td>");
    }
    h.append("</tr>\n");
  }

  private static String f(double v, int decimals) {
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
