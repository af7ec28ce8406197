package io.hbload.report;

import io.hbload.hdfs.config.Sizes;
import io.hbload.hdfs.report.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * {@code hbload dfsio ... --html FILE}: the passes of one dfsio command as an offline page in the
 * style of {@link HtmlReport} (inline SVG, the same Content-Security-Policy forbidding every
 * fetch): aggregate MiB/s per pass (policy and mode: write, read, degraded read with its DataNodes
 * down), TestDFSIO's per-file rates, client process CPU, then every figure of the text report in
 * one table and the coder and environment. dfsio measures a pass as a whole, so there is no plot
 * over time. Stateless.
 */
public final class DfsioHtmlReport {
  private DfsioHtmlReport() {}

  /**
   * @param isal whether hbload's ISA-L coder loaded in this JVM, and why not (the report's {@code
   *     ISA-L coder:} line)
   */
  public static String render(String title, List<RunResult> runs, String isal) {
    StringBuilder h = HtmlReport.start("hbload dfsio report: " + title);
    if (runs.isEmpty()) {
      return h.append("<p class=\"note\">No pass finished.</p>\n</body>\n</html>\n").toString();
    }
    RunResult first = runs.get(0);
    h.append("<p class=\"summary\">")
        .append(runs.size())
        .append(" pass")
        .append(runs.size() == 1 ? "" : "es")
        .append(" on ")
        .append(Html.escape(first.target()))
        .append(", ")
        .append(first.files())
        .append(" files x ")
        .append(Html.escape(Sizes.format(first.files() == 0 ? 0 : first.bytes() / first.files())))
        .append(", started ")
        .append(Html.escape(first.start().toString()))
        .append("</p>\n");
    List<String> labels = new ArrayList<>();
    for (RunResult r : runs) {
      labels.add(label(r));
    }
    // one colour per storage policy, so that "RS-6-3 against 3x replication" reads at a glance
    Map<String, String> colors = policyColors(runs);
    h.append("<p class=\"legend\">");
    colors.forEach(
        (policy, color) ->
            h.append("<span style=\"color:")
                .append(color)
                .append("\">&#9632;</span> ")
                .append(Html.escape(policy))
                .append(" &nbsp; "));
    h.append("</p>\n");
    h.append(
        bars(
            "Aggregate throughput per pass (all bytes over the pass's wall time)",
            "MiB/s",
            labels,
            runs,
            RunResult::aggregateMiBps));
    h.append(
        bars(
            "TestDFSIO average IO rate per pass (mean of per-file MiB/s)",
            "MiB/s",
            labels,
            runs,
            RunResult::avgIoRateMiBps));
    h.append(
        bars(
            "Client process CPU per pass (CPU time over wall time; the DataNodes too when embedded)",
            "cores",
            labels,
            runs,
            RunResult::cpuCores));
    table(h, runs);
    DfsioFaultSection.append(h, runs);
    h.append("<h3>Coder and environment</h3>\n<table class=\"settings\">\n");
    Map<String, String> env = new LinkedHashMap<>();
    env.put("target", first.target());
    env.put("ISA-L coder", isal);
    env.put("java.version", System.getProperty("java.version"));
    env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
    env.put("cpus", Integer.toString(Runtime.getRuntime().availableProcessors()));
    env.forEach(
        (k, v) ->
            h.append("<tr><th>")
                .append(Html.escape(k))
                .append("</th><td>")
                .append(Html.escape(v))
                .append("</td></tr>\n"));
    return h.append("</table>\n</body>\n</html>\n").toString();
  }

  /**
   * A pass's short label, policy over mode on two lines so six bars fit: {@code RS-3-2-1024k /
   * degraded (2 DN down)}.
   */
  static String label(RunResult r) {
    return r.policy() + "\n" + r.mode();
  }

  private static String bars(
      String title,
      String unit,
      List<String> labels,
      List<RunResult> runs,
      ToDoubleFunction<RunResult> value) {
    double[] v = runs.stream().mapToDouble(value).toArray();
    Map<String, String> colors = policyColors(runs);
    String[] fills = runs.stream().map(r -> colors.get(r.policy())).toArray(String[]::new);
    return SvgChart.bars(title, unit, labels, v, new boolean[runs.size()], fills);
  }

  /** A colour per storage policy, in the order the passes first used them. */
  static Map<String, String> policyColors(List<RunResult> runs) {
    Map<String, String> colors = new LinkedHashMap<>();
    for (RunResult r : runs) {
      colors.computeIfAbsent(
          r.policy(), p -> SvgChart.PALETTE[colors.size() % SvgChart.PALETTE.length]);
    }
    return colors;
  }

  private static void table(StringBuilder h, List<RunResult> runs) {
    h.append("<h3>Passes</h3>\n<table class=\"passes\"><tr><th></th>");
    for (RunResult r : runs) {
      h.append("<th>").append(Html.escape(r.label())).append("</th>");
    }
    h.append("</tr>\n");
    row(
        h,
        runs,
        "mode",
        r ->
            r.dataNodeFault().isPresent()
                ? "healthy, then " + r.dataNodesDown() + " DataNode(s) stopped"
                : r.dataNodesDown() == 0
                    ? "healthy"
                    : "degraded ("
                        + r.dataNodesDown()
                        + (r.dataNodesDown() == 1 ? " DataNode" : " DataNodes")
                        + " down)");
    row(h, runs, "policy", RunResult::policy);
    row(h, runs, "raw coder", RunResult::coder);
    row(h, runs, "files", r -> Integer.toString(r.files()));
    row(h, runs, "bytes", r -> Long.toString(r.bytes()));
    row(h, runs, "elapsed s", r -> f(r.wallNanos() / 1e9, 3));
    row(h, runs, "aggregate MiB/s", r -> f(r.aggregateMiBps(), 1));
    row(h, runs, "TestDFSIO throughput MiB/s", r -> f(r.throughputMiBps(), 1));
    row(h, runs, "avg IO rate MiB/s", r -> f(r.avgIoRateMiBps(), 1));
    row(h, runs, "IO rate std dev", r -> f(r.ioRateStdDev(), 1));
    row(h, runs, "process CPU cores", r -> f(r.cpuCores(), 2));
    row(h, runs, "EC bytes read", r -> Long.toString(r.erasureCodedBytes()));
    row(h, runs, "client decode ms", r -> Long.toString(r.ecDecodeMillis()));
    row(
        h,
        runs,
        "rs_isal enc/dec ms",
        r -> f(r.isalEncodeNanos() / 1e6, 1) + " / " + f(r.isalDecodeNanos() / 1e6, 1));
    row(h, runs, "mismatched bytes", r -> Long.toString(r.mismatchedBytes()));
    row(h, runs, "load avg 1m", r -> f(r.load1Start(), 2) + " -> " + f(r.load1End(), 2));
    h.append("</table>\n");
  }

  private static void row(
      StringBuilder h, List<RunResult> runs, String name, Function<RunResult, String> cell) {
    h.append("<tr><th>").append(Html.escape(name)).append("</th>");
    for (RunResult r : runs) {
      h.append("<td>").append(Html.escape(cell.apply(r))).append("</td>");
    }
    h.append("</tr>\n");
  }

  private static String f(double v, int decimals) {
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
