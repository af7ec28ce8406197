package io.hbload.report.compare;

import io.hbload.report.Html;
import io.hbload.report.HtmlReport;
import io.hbload.report.SvgChart;
import io.hbload.report.compare.ComparisonReport.Spectrum;
import io.hbload.report.compare.ComparisonReport.Throughput;

/**
 * The comparison as one offline page, drawn as the run report draws (inline SVG, the same
 * Content-Security-Policy forbidding every fetch): the verdict first, then per operation the
 * percentile spectra of A and B overlaid, each with its band (dashed), the throughput of both over
 * time, and the table. Needs a report made with {@link Comparer.Settings#charts()}. Stateless.
 */
public final class ComparisonHtml {
  private static final String A_COLOR = SvgChart.PALETTE[0];
  private static final String B_COLOR = SvgChart.PALETTE[1];

  private ComparisonHtml() {}

  public static String render(ComparisonReport report) {
    StringBuilder h = HtmlReport.start("hbload compare: " + report.a() + " vs " + report.b());
    // the answer first, before any chart: what a reader of a CI artefact looks for
    h.append("<p id=\"verdict\"><strong>verdict: ")
        .append(Html.escape(report.verdict().line()))
        .append("</strong></p>\n");
    if (report.gate() != null) {
      h.append("<p id=\"gate\">gate: ").append(Html.escape(report.gate().line())).append("</p>\n");
    }
    for (Throughput ta : report.throughput()) {
      if (!ta.side().equals("A")) {
        continue;
      }
      Throughput tb =
          report.throughput().stream()
              .filter(t -> t.side().equals("B") && t.group().equals(ta.group()))
              .findFirst()
              .orElseThrow();
      SvgChart c =
          new SvgChart(
              title(ta.group(), "throughput over time (first round)"),
              "seconds since start",
              "ops/s");
      c.add(new SvgChart.Series("A", A_COLOR, false, ta.seconds(), ta.opsPerSec()));
      c.add(new SvgChart.Series("B", B_COLOR, false, tb.seconds(), tb.opsPerSec()));
      h.append(c.render());
    }
    for (Spectrum sa : report.spectra()) {
      if (!sa.side().equals("A")) {
        continue;
      }
      Spectrum sb =
          report.spectra().stream()
              .filter(
                  s ->
                      s.side().equals("B")
                          && s.group().equals(sa.group())
                          && s.operation().equals(sa.operation()))
              .findFirst()
              .orElseThrow();
      SvgChart c =
          new SvgChart(
                  title(
                      sa.group(),
                      sa.operation() + " service latency spectrum (dashed: " + sa.band() + ")"),
                  "percentile",
                  "milliseconds")
              .logX(HtmlReport::pLabel)
              .logY();
      for (Spectrum s : new Spectrum[] {sa, sb}) {
        String color = s == sa ? A_COLOR : B_COLOR;
        c.add(new SvgChart.Series(s.side(), color, false, s.inverseTail(), s.millis()));
        c.add(new SvgChart.Series(s.side() + " low", color, true, s.inverseTail(), s.low()));
        c.add(new SvgChart.Series(s.side() + " high", color, true, s.inverseTail(), s.high()));
      }
      h.append(c.render());
    }
    tables(report, h);
    return h.append("</body>\n</html>\n").toString();
  }

  /**
   * The comparison's table as HTML tables: per operation, one row a figure with its columns, the
   * interval's method above it; then what differs between the sides and the notes, as lists.
   */
  private static void tables(ComparisonReport report, StringBuilder h) {
    h.append("<h2>Table</h2>\n<p>A: ")
        .append(Html.escape(report.a()))
        .append("<br>B: ")
        .append(Html.escape(report.b()))
        .append("</p>\n");
    if (report.calibration() != null) {
      h.append("<p id=\"calibration\">calibration: ")
          .append(Html.escape(report.calibration().line()))
          .append("</p>\n");
    }
    list(h, "Not comparable (compared with --force)", report.notComparable());
    list(
        h,
        "Environment",
        report.environment().isEmpty()
            ? java.util.List.of("no difference recorded")
            : report.environment());
    for (ComparisonReport.Operation o : report.operations()) {
      h.append("<h3>")
          .append(Html.escape((o.unnamedGroup() ? "" : o.group() + ": ") + o.operation()))
          .append(" (")
          .append(o.countA())
          .append(" vs ")
          .append(o.countB())
          .append(" operations)</h3>\n<p class=\"method\">interval: ")
          .append(Html.escape(o.method() + ": " + o.why()))
          .append(
              "</p>\n<table class=\"comparison\">\n<tr><th>figure</th><th>A</th><th>B</th>"
                  + "<th>B/A</th><th>95 % CI of B/A</th><th>detectable</th><th>verdict</th></tr>\n");
      for (ComparisonReport.Metric m : o.metrics()) {
        h.append("<tr><td>")
            .append(Html.escape(m.name() + " (" + m.unit() + ")"))
            .append("</td><td class=\"n\">")
            .append(ComparisonReport.figure(m.a()))
            .append("</td><td class=\"n\">")
            .append(ComparisonReport.figure(m.b()))
            .append("</td><td class=\"n\">")
            .append(String.format(java.util.Locale.ROOT, "%.3f", m.ratio()))
            .append("</td><td class=\"n\">")
            .append(m.intervalText())
            .append("</td><td class=\"n\">")
            .append(
                m.detectablePercent() == null
                    ? "-"
                    : String.format(
                        java.util.Locale.ROOT, "&plusmn;%.1f %%", m.detectablePercent()))
            .append("</td><td>")
            .append(Html.escape(m.verdict()))
            .append("</td></tr>\n");
      }
      h.append("</table>\n");
    }
    list(h, "Notes", report.notes());
  }

  private static void list(StringBuilder h, String title, java.util.List<String> items) {
    if (items.isEmpty()) {
      return;
    }
    h.append("<h3>").append(Html.escape(title)).append("</h3>\n<ul>\n");
    for (String i : items) {
      h.append("<li>").append(Html.escape(i)).append("</li>\n");
    }
    h.append("</ul>\n");
  }

  private static String title(String group, String what) {
    return group.equals(SideReader.RUN_GROUP) ? what : group + ": " + what;
  }
}
