package io.hbload.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * A line chart as inline SVG: linear or log axes, one {@code <path class="series"
 * data-series="NAME">} per series (so a browser test finds each plotted series by name), optionally
 * a dot per point and rings on some, reference lines ({@link Rule}), ticks, a legend. No script and
 * no external resource: the report must render offline and under a CSP that forbids every fetch.
 * Built once, rendered once; not thread-safe.
 */
public final class SvgChart {
  static final int WIDTH = 760;
  static final int HEIGHT = 300;
  private static final int LEFT = 70;
  private static final int RIGHT = 190;
  private static final int TOP = 30;
  private static final int BOTTOM = 45;
  public static final String[] PALETTE = {
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
    "#7f7f7f", "#bcbd22"
  };

  /** One line; points with a non-finite value (or not positive on a log axis) are left out. */
  public record Series(String name, String color, boolean dashed, double[] xs, double[] ys) {}

  /**
   * A reference line across the whole plot ({@code <line class="rule" data-rule="NAME"
   * data-at="VALUE">}, with a legend entry): vertical at an x value, else horizontal at a y value.
   * The axis range always takes it in.
   */
  public record Rule(
      String name, String legend, boolean vertical, double at, String color, boolean dashed) {}

  /**
   * A ring drawn around a point to single it out, e.g. a confirmed break; the legend shows each
   * kind used once.
   */
  public record Mark(String kind, String legend, String color) {}

  /**
   * How one point of a series is drawn as a dot ({@code <circle class="point" data-series="NAME"
   * data-point="LABEL">}): its tooltip, hollow or filled, and an optional {@link Mark}.
   */
  public record Point(String label, String title, boolean hollow, Mark mark) {}

  private final String title;
  private final String xLabel;
  private final String yLabel;
  private boolean logX;
  private boolean logY;
  private DoubleFunction<String> xTicks = SvgChart::number;
  private DoubleFunction<String> yTicks = SvgChart::number;
  private final List<Series> series = new ArrayList<>();
  private final List<List<Point>> points = new ArrayList<>();
  private final List<Rule> rules = new ArrayList<>();

  public SvgChart(String title, String xLabel, String yLabel) {
    this.title = title;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
  }

  public SvgChart logX(DoubleFunction<String> labels) {
    this.logX = true;
    this.xTicks = labels;
    return this;
  }

  public SvgChart logY() {
    this.logY = true;
    return this;
  }

  public SvgChart add(Series s) {
    series.add(s);
    points.add(null);
    return this;
  }

  /** A series drawn as a line through dots, {@code dots} giving how each of its points looks. */
  public SvgChart add(Series s, List<Point> dots) {
    if (dots.size() != s.xs().length) {
      throw new IllegalArgumentException(
          s.name() + ": " + dots.size() + " dots for " + s.xs().length + " points");
    }
    series.add(s);
    points.add(List.copyOf(dots));
    return this;
  }

  public SvgChart rule(Rule r) {
    rules.add(r);
    return this;
  }

  boolean isEmpty() {
    return series.isEmpty();
  }

  public String render() {
    double[] xr = range(true);
    double[] yr = range(false);
    StringBuilder svg = new StringBuilder();
    svg.append("<svg class=\"chart\" width=\"")
        .append(WIDTH)
        .append("\" height=\"")
        .append(HEIGHT)
        .append("\" viewBox=\"0 0 ")
        .append(WIDTH)
        .append(' ')
        .append(HEIGHT)
        .append("\" role=\"img\" aria-label=\"")
        .append(Html.escape(title))
        .append("\">\n");
    svg.append("<text class=\"title\" x=\"")
        .append(LEFT)
        .append("\" y=\"18\">")
        .append(Html.escape(title))
        .append("</text>\n");
    int plotW = WIDTH - LEFT - RIGHT;
    int plotH = HEIGHT - TOP - BOTTOM;
    svg.append("<rect class=\"plot\" x=\"")
        .append(LEFT)
        .append("\" y=\"")
        .append(TOP)
        .append("\" width=\"")
        .append(plotW)
        .append("\" height=\"")
        .append(plotH)
        .append("\"/>\n");
    for (double t : ticks(xr, logX)) {
      double px = LEFT + plotW * frac(t, xr, logX);
      svg.append(
          String.format(
              Locale.ROOT,
              "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>"
                  + "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
              px,
              TOP,
              px,
              TOP + plotH,
              px,
              TOP + plotH + 15,
              Html.escape((logX ? xTicks : (DoubleFunction<String>) SvgChart::number).apply(t))));
    }
    for (double t : ticks(yr, logY)) {
      double py = TOP + plotH * (1 - frac(t, yr, logY));
      svg.append(
          String.format(
              Locale.ROOT,
              "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>"
                  + "<text class=\"tick\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
              LEFT,
              py,
              LEFT + plotW,
              py,
              LEFT - 5,
              py + 4,
              Html.escape(yTicks.apply(t))));
    }
    svg.append(
        String.format(
            Locale.ROOT,
            "<text class=\"axis\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
            LEFT + plotW / 2,
            HEIGHT - 8,
            Html.escape(xLabel)));
    svg.append(
        String.format(
            Locale.ROOT,
            "<text class=\"axis\" x=\"14\" y=\"%d\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 14 %d)\">%s</text>%n",
            TOP + plotH / 2,
            TOP + plotH / 2,
            Html.escape(yLabel)));
    int legendY = TOP + 8;
    List<Mark> marks = new ArrayList<>();
    for (int k = 0; k < series.size(); k++) {
      Series s = series.get(k);
      List<Point> dots = points.get(k);
      StringBuilder d = new StringBuilder();
      StringBuilder drawnDots = new StringBuilder();
      for (int i = 0; i < s.xs().length; i++) {
        double x = s.xs()[i];
        double y = s.ys()[i];
        if (!usable(x, logX) || !usable(y, logY)) {
          continue;
        }
        double px = LEFT + plotW * frac(x, xr, logX);
        double py = TOP + plotH * (1 - frac(y, yr, logY));
        d.append(d.length() == 0 ? "M" : " L")
            .append(String.format(Locale.ROOT, "%.1f,%.1f", px, py));
        if (dots != null) {
          dot(drawnDots, s, dots.get(i), px, py);
          Mark mark = dots.get(i).mark();
          if (mark != null && !marks.contains(mark)) {
            marks.add(mark);
          }
        }
      }
      svg.append("<path class=\"series\" data-series=\"")
          .append(Html.escape(s.name()))
          .append("\" d=\"")
          .append(d)
          .append("\" stroke=\"")
          .append(s.color())
          .append("\" fill=\"none\" stroke-width=\"1.8\"")
          .append(s.dashed() ? " stroke-dasharray=\"5,3\"" : "")
          .append("/>\n")
          .append(drawnDots);
      legendLine(svg, legendY, s.color(), "2", s.dashed() ? "5,3" : null, s.name());
      legendY += 16;
    }
    for (Rule r : rules) {
      double at =
          r.vertical()
              ? LEFT + plotW * frac(r.at(), xr, logX)
              : TOP + plotH * (1 - frac(r.at(), yr, logY));
      svg.append(
          String.format(
              Locale.ROOT,
              "<line class=\"rule\" data-rule=\"%s\" data-at=\"%.1f\" x1=\"%.1f\" y1=\"%.1f\""
                  + " x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\"%s/>%n",
              Html.escape(r.name()),
              r.at(),
              r.vertical() ? at : LEFT,
              r.vertical() ? TOP : at,
              r.vertical() ? at : LEFT + plotW,
              r.vertical() ? TOP + plotH : at,
              r.color(),
              r.dashed() ? " stroke-dasharray=\"6,4\"" : ""));
      legendLine(svg, legendY, r.color(), "1.5", r.dashed() ? "6,4" : null, r.legend());
      legendY += 16;
    }
    for (Mark m : marks) {
      svg.append(ring("legend-mark", m, WIDTH - RIGHT + 20, legendY))
          .append(
              String.format(
                  Locale.ROOT,
                  "<text class=\"legend\" x=\"%d\" y=\"%d\">%s</text>%n",
                  WIDTH - RIGHT + 35,
                  legendY + 4,
                  Html.escape(m.legend())));
      legendY += 18;
    }
    return svg.append("</svg>\n").toString();
  }

  /** A dot of {@code s} at (px, py), and its ring when it has a mark. */
  private static void dot(StringBuilder svg, Series s, Point p, double px, double py) {
    svg.append(
        String.format(
            Locale.ROOT,
            "<circle class=\"point\" data-series=\"%s\" data-point=\"%s\" cx=\"%.1f\""
                + " cy=\"%.1f\" r=\"3.5\" stroke=\"%s\" fill=\"%s\"><title>%s</title></circle>%n",
            Html.escape(s.name()),
            Html.escape(p.label()),
            px,
            py,
            s.color(),
            p.hollow() ? "#fff" : s.color(),
            Html.escape(p.title())));
    if (p.mark() != null) {
      svg.append(ring("mark", p.mark(), px, py));
    }
  }

  /** A legend entry: a short line in the series' or rule's stroke, then its label. */
  private static void legendLine(
      StringBuilder svg, int y, String color, String width, String dash, String label) {
    svg.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"%s\"%s/>"
                + "<text class=\"legend\" x=\"%d\" y=\"%d\">%s</text>%n",
            WIDTH - RIGHT + 10,
            y,
            WIDTH - RIGHT + 30,
            y,
            color,
            width,
            dash == null ? "" : " stroke-dasharray=\"" + dash + "\"",
            WIDTH - RIGHT + 35,
            y + 4,
            Html.escape(label)));
  }

  /** A ring: {@code mark} around a point, {@code legend-mark} in the legend. */
  private static String ring(String cssClass, Mark m, double px, double py) {
    return String.format(
        Locale.ROOT,
        "<circle class=\""
            + cssClass
            + "\" data-mark=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"7.5\" fill=\"none\""
            + " stroke=\"%s\" stroke-width=\"2\"/>%n",
        Html.escape(m.kind()),
        px,
        py,
        m.color());
  }

  /**
   * Vertical bars, one per label ({@code data-label} on each bar); greyed bars (a suite's discarded
   * rounds) are drawn grey.
   */
  static String bars(
      String title, String yLabel, List<String> labels, double[] values, boolean[] greyed) {
    String[] fills = new String[values.length];
    for (int i = 0; i < fills.length; i++) {
      fills[i] = greyed[i] ? "#c8c8c8" : PALETTE[0];
    }
    return bars(title, yLabel, labels, values, greyed, fills);
  }

  /** Bars each filled with its own colour ({@code fills[i]}), e.g. one per storage policy. */
  static String bars(
      String title,
      String yLabel,
      List<String> labels,
      double[] values,
      boolean[] greyed,
      String[] fills) {
    int plotW = WIDTH - LEFT - RIGHT;
    int plotH = HEIGHT - TOP - BOTTOM;
    double max = 0;
    for (double v : values) {
      max = Math.max(max, Double.isFinite(v) ? v : 0);
    }
    double[] yr = {0, max <= 0 ? 1 : max * 1.1};
    StringBuilder svg = new StringBuilder();
    svg.append("<svg class=\"chart\" width=\"")
        .append(WIDTH)
        .append("\" height=\"")
        .append(HEIGHT)
        .append("\" role=\"img\" aria-label=\"")
        .append(Html.escape(title))
        .append("\">\n<text class=\"title\" x=\"")
        .append(LEFT)
        .append("\" y=\"18\">")
        .append(Html.escape(title))
        .append("</text>\n");
    svg.append("<rect class=\"plot\" x=\"")
        .append(LEFT)
        .append("\" y=\"")
        .append(TOP)
        .append("\" width=\"")
        .append(plotW)
        .append("\" height=\"")
        .append(plotH)
        .append("\"/>\n");
    for (double t : ticks(yr, false)) {
      double py = TOP + plotH * (1 - frac(t, yr, false));
      svg.append(
          String.format(
              Locale.ROOT,
              "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>"
                  + "<text class=\"tick\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
              LEFT,
              py,
              LEFT + plotW,
              py,
              LEFT - 5,
              py + 4,
              number(t)));
    }
    double slot = plotW / (double) Math.max(1, labels.size());
    for (int i = 0; i < labels.size(); i++) {
      double v = Double.isFinite(values[i]) ? values[i] : 0;
      double h = plotH * frac(v, yr, false);
      double x = LEFT + slot * i + slot * 0.15;
      String fill = fills[i];
      svg.append(
          String.format(
              Locale.ROOT,
              "<rect class=\"bar%s\" data-label=\"%s\" x=\"%.1f\" y=\"%.1f\" "
                  + "width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/><text class=\"tick\" x=\"%.1f\" y=\"%.1f\" "
                  + "text-anchor=\"middle\">%s</text><text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
              greyed[i] ? " discarded" : "",
              Html.escape(labels.get(i).replace('\n', ' ')),
              x,
              TOP + plotH - h,
              slot * 0.7,
              h,
              fill,
              x + slot * 0.35,
              TOP + plotH - h - 4,
              number(v),
              x + slot * 0.35,
              TOP + plotH + 15,
              lines(labels.get(i), x + slot * 0.35)));
    }
    svg.append(
        String.format(
            Locale.ROOT,
            "<text class=\"axis\" x=\"14\" y=\"%d\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 14 %d)\">%s</text>%n",
            TOP + plotH / 2,
            TOP + plotH / 2,
            Html.escape(yLabel)));
    return svg.append("</svg>\n").toString();
  }

  /**
   * A bar's label; a newline in it starts a second line under the first (long labels of many bars).
   */
  private static String lines(String label, double x) {
    int nl = label.indexOf('\n');
    if (nl < 0) {
      return Html.escape(label);
    }
    return String.format(
        Locale.ROOT,
        "<tspan>%s</tspan><tspan x=\"%.1f\" dy=\"13\">%s</tspan>",
        Html.escape(label.substring(0, nl)),
        x,
        Html.escape(label.substring(nl + 1)));
  }

  private double[] range(boolean x) {
    boolean log = x ? logX : logY;
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (Series s : series) {
      double[] vs = x ? s.xs() : s.ys();
      for (double v : vs) {
        if (usable(v, log)) {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      }
    }
    for (Rule r : rules) {
      if (r.vertical() == x && usable(r.at(), log)) {
        lo = Math.min(lo, r.at());
        hi = Math.max(hi, r.at());
      }
    }
    if (lo > hi) {
      return log ? new double[] {1, 10} : new double[] {0, 1};
    }
    if (log) {
      return new double[] {
        Math.pow(10, Math.floor(Math.log10(lo))), Math.pow(10, Math.ceil(Math.log10(hi) - 1e-9))
      };
    }
    if (!x) {
      lo = Math.min(0, lo); // throughput and ratios read best from zero
    }
    if (hi == lo) {
      hi = lo + 1;
    }
    return new double[] {lo, x ? hi : hi * 1.05};
  }

  private static boolean usable(double v, boolean log) {
    return Double.isFinite(v) && (!log || v > 0);
  }

  private static double frac(double v, double[] r, boolean log) {
    return log
        ? (Math.log10(v) - Math.log10(r[0])) / (Math.log10(r[1]) - Math.log10(r[0]))
        : (v - r[0]) / (r[1] - r[0]);
  }

  private static List<Double> ticks(double[] r, boolean log) {
    List<Double> out = new ArrayList<>();
    if (log) {
      for (double t = r[0]; t <= r[1] * 1.0001; t *= 10) {
        out.add(t);
      }
      return out;
    }
    double raw = (r[1] - r[0]) / 5;
    double mag = Math.pow(10, Math.floor(Math.log10(raw)));
    double step =
        raw / mag < 1.5 ? mag : raw / mag < 3 ? 2 * mag : raw / mag < 7 ? 5 * mag : 10 * mag;
    for (double t = Math.ceil(r[0] / step) * step; t <= r[1] + 1e-9; t += step) {
      out.add(t);
    }
    return out;
  }

  /** Short number: 12,345 -> 12.3k; 0.0012 -> 0.0012. */
  public static String number(double v) {
    double a = Math.abs(v);
    if (a >= 1e6) {
      return trim(String.format(Locale.ROOT, "%.1f", v / 1e6)) + "M";
    }
    if (a >= 1e4) {
      return trim(String.format(Locale.ROOT, "%.1f", v / 1e3)) + "k";
    }
    if (a >= 1 || a == 0) {
      return trim(String.format(Locale.ROOT, "%.2f", v));
    }
    return trim(String.format(Locale.ROOT, "%.4g", v));
  }

  private static String trim(String s) {
    return s.contains(".") && !s.contains("e") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
  }
}
