package io.hbload.report;

import io.hbload.core.capacity.CapacityResult;
import io.hbload.core.capacity.CapacityStep;
import io.hbload.core.capacity.LatencyBound;
import io.hbload.report.SvgChart.Mark;
import io.hbload.report.SvgChart.Point;
import io.hbload.report.SvgChart.Rule;
import io.hbload.report.SvgChart.Series;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * {@code hbload run --find-max BOUND --html FILE}: a capacity search as an offline page in the
 * style of {@link HtmlReport} (inline SVG, the same Content-Security-Policy). First the "hockey
 * stick": the bound's percentile of latency (intended and service, log axis) against the offered
 * rate, a dot per step, the bound as a horizontal line, the rate found, the first broken rate, the
 * knee and the generator's limit as vertical lines, confirmed breaks and generator-limited steps
 * ringed, steps that broke the bound hollow. Then achieved against offered rate, then every step as
 * a table. Stateless.
 */
public final class FindMaxHtmlReport {
  static final Mark CONFIRMED_BREAK = new Mark("confirmed-break", "confirmed break", "#d62728");
  static final Mark GENERATOR = new Mark("generator-limited", "generator limited", "#7f7f7f");
  private static final String INTENDED_COLOR = SvgChart.PALETTE[0];
  private static final String SERVICE_COLOR = SvgChart.PALETTE[3];

  private FindMaxHtmlReport() {}

  /**
   * @param title what the page is of (the file's name, as {@code run --html} titles its report)
   */
  public static String render(String title, CapacityResult result) {
    StringBuilder h = HtmlReport.start("hbload find-max report: " + title);
    h.append("<p class=\"summary\">").append(Html.escape(result.summary())).append("</p>\n");
    if (result.note() != null) {
      h.append("<p class=\"note\">").append(Html.escape(result.note())).append("</p>\n");
    }
    if (result.steps().isEmpty()) {
      return h.append("<p class=\"note\">No step ran.</p>\n</body>\n</html>\n").toString();
    }
    LatencyBound bound = LatencyBound.parse(result.bound());
    LatencyBound.Clause drawn = bound.clauses().get(0);
    int k = percentileIndex(drawn.percentile());
    List<Integer> order = byRate(result.steps());
    h.append(hockeyStick(result, bound, order, k));
    h.append("<p class=\"note\">").append(Html.escape(legend(drawn, k))).append("</p>\n");
    h.append(achieved(result, order));
    table(h, result);
    return h.append("</body>\n</html>\n").toString();
  }

  /** Latency at the bound's percentile against offered rate, with the search's lines and marks. */
  private static String hockeyStick(
      CapacityResult result, LatencyBound bound, List<Integer> order, int k) {
    String p = HtmlReport.pName(CapacityStep.PERCENTILES[k]);
    List<CapacityStep> steps = order.stream().map(result.steps()::get).toList();
    SvgChart c =
        new SvgChart(
                "Latency " + p + " against offered rate (find-max " + result.bound() + ")",
                "offered ops/s",
                "milliseconds (log)")
            .logY();
    double[] offered = steps.stream().mapToDouble(CapacityStep::offeredOpsPerSec).toArray();
    double[] intended = steps.stream().mapToDouble(s -> s.intendedNanos()[k] / 1e6).toArray();
    double[] service = steps.stream().mapToDouble(s -> s.serviceNanos()[k] / 1e6).toArray();
    List<Point> intendedDots = new ArrayList<>();
    List<Point> serviceDots = new ArrayList<>();
    for (int n : order) {
      CapacityStep s = result.steps().get(n);
      String label = Integer.toString(n + 1);
      Mark mark =
          s.generatorLimit() != null ? GENERATOR : s.repeat() && !s.held() ? CONFIRMED_BREAK : null;
      intendedDots.add(new Point(label, tooltip(n, s, k), !s.held(), mark));
      serviceDots.add(new Point(label, tooltip(n, s, k), !s.held(), null));
    }
    // intended dashed, service solid, as the run report draws them
    c.add(new Series("intended " + p, INTENDED_COLOR, true, offered, intended), intendedDots);
    c.add(new Series("service " + p, SERVICE_COLOR, false, offered, service), serviceDots);
    for (LatencyBound.Clause clause : bound.clauses()) {
      c.rule(
          new Rule(
              "bound", "bound " + clause.text(), false, clause.limitNanos() / 1e6, "#000", true));
    }
    verticalRules(result).forEach(c::rule);
    return c.render();
  }

  /**
   * The rates the search concluded: found (last held), first broken, knee, or the generator's
   * limit.
   */
  private static List<Rule> verticalRules(CapacityResult result) {
    List<Rule> rules = new ArrayList<>();
    if (Double.isFinite(result.capacityOpsPerSec())) {
      rules.add(
          new Rule(
              "found",
              "found " + SvgChart.number(result.capacityOpsPerSec()) + " ops/s",
              true,
              result.capacityOpsPerSec(),
              "#2ca02c",
              false));
    }
    if (!result.generatorLimited() && Double.isFinite(result.firstBrokenOpsPerSec())) {
      rules.add(
          new Rule(
              "first-broken",
              "first broken " + SvgChart.number(result.firstBrokenOpsPerSec()) + " ops/s",
              true,
              result.firstBrokenOpsPerSec(),
              "#d62728",
              true));
    }
    if (Double.isFinite(result.kneeOpsPerSec())) {
      rules.add(
          new Rule(
              "knee",
              "knee " + SvgChart.number(result.kneeOpsPerSec()) + " ops/s",
              true,
              result.kneeOpsPerSec(),
              "#9467bd",
              true));
    }
    if (result.generatorLimited()) {
      rules.add(
          new Rule(
              "generator-limit",
              "generator limit " + SvgChart.number(result.generatorLimitOpsPerSec()) + " ops/s",
              true,
              result.generatorLimitOpsPerSec(),
              GENERATOR.color(),
              false));
    }
    return rules;
  }

  /** Achieved against offered rate, beside the line where they are equal. */
  private static String achieved(CapacityResult result, List<Integer> order) {
    List<CapacityStep> steps = order.stream().map(result.steps()::get).toList();
    double[] offered = steps.stream().mapToDouble(CapacityStep::offeredOpsPerSec).toArray();
    double[] achieved = steps.stream().mapToDouble(CapacityStep::achievedOpsPerSec).toArray();
    List<Point> dots = new ArrayList<>();
    for (int n : order) {
      CapacityStep s = result.steps().get(n);
      dots.add(
          new Point(
              Integer.toString(n + 1),
              String.format(
                  Locale.ROOT,
                  "offered %.0f ops/s, achieved %.0f: %s",
                  s.offeredOpsPerSec(),
                  s.achievedOpsPerSec(),
                  s.verdict()),
              !s.held(),
              s.generatorLimit() != null ? GENERATOR : null));
    }
    double lo = offered[0];
    double hi = offered[offered.length - 1];
    return new SvgChart("Achieved against offered rate", "offered ops/s", "achieved ops/s")
        .add(new Series("achieved", INTENDED_COLOR, false, offered, achieved), dots)
        .add(
            new Series(
                "achieved = offered", "#999", true, new double[] {lo, hi}, new double[] {lo, hi}))
        .render();
  }

  private static void table(StringBuilder h, CapacityResult result) {
    h.append("<h3>Steps, in the order run</h3>\n<table class=\"steps\">\n<tr>");
    for (String c :
        List.of(
            "step",
            "offered ops/s",
            "achieved ops/s",
            "intended p50 ms",
            "intended p99 ms",
            "intended p99.9 ms",
            "service p50 ms",
            "service p99 ms",
            "service p99.9 ms",
            "errors %",
            "client CPU %",
            "verdict",
            "why")) {
      h.append("<th>").append(Html.escape(c)).append("</th>");
    }
    h.append("</tr>\n");
    for (int n = 0; n < result.steps().size(); n++) {
      CapacityStep s = result.steps().get(n);
      long[] i = s.intendedNanos();
      long[] v = s.serviceNanos();
      String why = s.generatorLimit() != null ? s.generatorLimit() : s.broken();
      h.append("<tr data-step=\"").append(n + 1).append("\" class=\"").append(s.verdict());
      h.append("\">");
      for (String cell :
          List.of(
              Integer.toString(n + 1),
              f(s.offeredOpsPerSec(), 0),
              f(s.achievedOpsPerSec(), 0),
              f(i[0] / 1e6, 2),
              f(i[1] / 1e6, 2),
              f(i[2] / 1e6, 2),
              f(v[0] / 1e6, 2),
              f(v[1] / 1e6, 2),
              f(v[2] / 1e6, 2),
              f(s.errorFraction() * 100, 2),
              s.cpuLoad() < 0 ? "" : f(s.cpuLoad() * 100, 0),
              s.verdict() + (s.repeat() ? " (repeat)" : ""),
              why == null ? "" : why)) {
        h.append("<td>").append(Html.escape(cell)).append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n");
  }

  /** What the chart shows, and where the bound is judged on figures the chart does not draw. */
  private static String legend(LatencyBound.Clause drawn, int k) {
    String p = HtmlReport.pName(CapacityStep.PERCENTILES[k]);
    String shown =
        "Each dot is a step (repeats included): "
            + p
            + " of every operation's calls together, from the intended start (dashed) and of"
            + " service time (solid); hollow dots broke the bound. A broken rate counts only when"
            + " its repeat broke too (ringed). The knee is the lowest rate whose intended p99 is"
            + " twice the lowest below it.";
    boolean asDrawn =
        drawn.operation() == null && CapacityStep.PERCENTILES[k] == drawn.percentile();
    return asDrawn
        ? shown
        : shown
            + " The bound "
            + drawn.text()
            + " is judged on its own histogram ("
            + (drawn.operation() == null ? "every operation" : drawn.operation())
            + ", "
            + HtmlReport.pName(drawn.percentile())
            + "), which the steps do not record: the curve drawn is the nearest they do.";
  }

  /** The recorded percentile nearest the bound's (p50, p99 or p99.9). */
  static int percentileIndex(double percentile) {
    int best = 0;
    for (int i = 1; i < CapacityStep.PERCENTILES.length; i++) {
      if (Math.abs(CapacityStep.PERCENTILES[i] - percentile)
          < Math.abs(CapacityStep.PERCENTILES[best] - percentile)) {
        best = i;
      }
    }
    return best;
  }

  /**
   * The steps' indexes by offered rate, a repeat after its first run (a stable sort): the curve's
   * order.
   */
  private static List<Integer> byRate(List<CapacityStep> steps) {
    List<Integer> order = new ArrayList<>(IntStream.range(0, steps.size()).boxed().toList());
    order.sort(Comparator.comparingDouble(n -> steps.get(n).offeredOpsPerSec()));
    return order;
  }

  /** A dot's tooltip: the step's figures and verdict. */
  private static String tooltip(int n, CapacityStep s, int k) {
    String why = s.generatorLimit() != null ? s.generatorLimit() : s.broken();
    String p = HtmlReport.pName(CapacityStep.PERCENTILES[k]);
    return String.format(
        Locale.ROOT,
        "step %d: offered %.0f ops/s, achieved %.0f, intended %s %.2f ms, service %s %.2f ms: %s%s%s",
        n + 1,
        s.offeredOpsPerSec(),
        s.achievedOpsPerSec(),
        p,
        s.intendedNanos()[k] / 1e6,
        p,
        s.serviceNanos()[k] / 1e6,
        s.verdict(),
        s.repeat() ? " (repeat)" : "",
        why == null ? "" : ": " + why);
  }

  private static String f(double v, int decimals) {
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
