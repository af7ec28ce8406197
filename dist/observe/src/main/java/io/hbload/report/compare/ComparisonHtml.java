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
    h.append("<h2>Table</h2>\n<pre style=\"overflow-x:auto\">")
        .append(Html.escape(report.text()))
        .append("</pre>\n");
    return h.append("</body>\n</html>\n").toString();
  }

  private static String title(String group, String what) {
    return group.equals(SideReader.RUN_GROUP) ? what : group + ": " + what;
  }
}
