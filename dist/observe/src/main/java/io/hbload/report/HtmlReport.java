package io.hbload.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Renders one or more runs as a single offline HTML page: throughput over time, latency percentiles
 * over time (service and intended), under them what the servers were doing (GC pauses, queues,
 * memstore) on the same time axis, the percentile spectrum per operation to p99.999 on a log axis,
 * the block-cache hit ratio, the totals, and the run's environment and settings (as the JSON holds
 * them: secrets already redacted there). Several runs (a suite's rounds) get a side-by-side table
 * and throughput bars first, discarded rounds greyed, then one section each. A
 * Content-Security-Policy meta tag forbids every fetch, so the page cannot reach the network even
 * if a value in it looked like a URL. Stateless.
 */
public final class HtmlReport {
  /** Only inline styles and data: images; no script, no fetch of any kind. */
  public static final String CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

  private static final double[] OVER_TIME = {50, 99, 99.9};
  private static final String[] SKIPPED_FIELDS = {
    "measurements", "gc", "bindingMetrics", "environment", "client", "properties", "commandLine"
  };

  private HtmlReport() {}

  public static String render(List<RunInput> runs) {
    return render(runs, Optional.empty());
  }

  /**
   * As {@link #render(List)}, with a table of its own first (a suite's table of the kept rounds).
   */
  public static String render(List<RunInput> runs, Optional<SummaryTable> summary) {
    StringBuilder h = start(title(runs));
    summary.ifPresent(t -> summary(h, t));
    if (runs.size() > 1) {
      rounds(h, runs);
    }
    for (RunInput run : runs) {
      section(h, run);
    }
    return h.append("</body>\n</html>\n").toString();
  }

  /**
   * Every report page's start, up to and including its {@code <h1>heading</h1>}: the CSP that
   * forbids every fetch, the title, the one style sheet.
   */
  public static StringBuilder start(String heading) {
    return new StringBuilder(64 * 1024)
        .append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta http-equiv=\"Content-Security-Policy\" content=\"")
        .append(CSP)
        .append("\">\n<title>")
        .append(Html.escape(heading))
        .append("</title>\n<style>")
        .append(STYLE)
        .append("</style>\n</head>\n<body>\n<h1>")
        .append(Html.escape(heading))
        .append("</h1>\n");
  }

  /**
   * The page's title: what was run; for several runs (a suite's rounds), every distinct workload in
   * the order first run, not only the first one's.
   */
  static String title(List<RunInput> runs) {
    Set<String> workloads = new LinkedHashSet<>();
    runs.forEach(r -> workloads.add(headline(r.result())));
    return "hbload report: "
        + (runs.size() > 1 ? runs.size() + " runs of " : "")
        + String.join("; ", workloads);
  }

  /** What was run, in the words of the command line: workload mix, binding, threads, target. */
  static String headline(JsonNode j) {
    StringBuilder mix = new StringBuilder();
    for (String op : List.of("read", "update", "insert", "scan", "readmodifywrite", "delete")) {
      double share = j.path("properties").path(op + "proportion").asDouble(0);
      if (share > 0) {
        mix.append(mix.length() == 0 ? "" : "/")
            .append(op)
            .append(' ')
            .append(SvgChart.number(100 * share))
            .append('%');
      }
    }
    double target = j.path("targetOpsPerSec").asDouble(0);
    return j.path("phase").asText()
        + (mix.length() > 0 ? " " + mix : "")
        + ", binding "
        + j.path("binding").asText()
        + ", "
        + j.path("threads").asText()
        + " threads, "
        + (target > 0
            ? "target " + SvgChart.number(target) + " ops/s"
            : "no target (as fast as it goes)");
  }

  /**
   * The intervals a chart over time plots: all but a last one much shorter than the others (the few
   * operations after the last full sample, which would draw a spike of noise, not a change); every
   * interval still counts in the spectrum and the totals.
   */
  static List<TaggedInterval> plotted(List<TaggedInterval> l) {
    long[] lengths = l.stream().mapToLong(t -> t.endEpochMillis() - t.startEpochMillis()).toArray();
    return lastIsPartial(lengths) ? l.subList(0, l.size() - 1) : l;
  }

  /**
   * Whether the last of these interval lengths (in time order) is a partial one, much shorter than
   * the others: under a quarter of their median, with three or more to tell. The run page and the
   * compare page leave such an interval out of their charts over time (the few operations after the
   * last full sample draw a spike of noise, not a change).
   */
  public static boolean lastIsPartial(long[] lengths) {
    if (lengths.length < 3) {
      return false;
    }
    long[] sorted = lengths.clone();
    Arrays.sort(sorted);
    return lengths[lengths.length - 1] < sorted[sorted.length / 2] / 4;
  }

  private static void summary(StringBuilder h, SummaryTable t) {
    h.append("<h2>").append(Html.escape(t.title())).append("</h2>\n<table class=\"summary\">\n");
    for (int i = 0; i < t.cells().size(); i++) {
      String cell = i == 0 ? "th" : "td";
      h.append("<tr>");
      for (String c : t.cells().get(i)) {
        h.append('<')
            .append(cell)
            .append('>')
            .append(Html.escape(c))
            .append("</")
            .append(cell)
            .append('>');
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n<p class=\"note\">").append(Html.escape(t.legend())).append("</p>\n");
  }

  private static void rounds(StringBuilder h, List<RunInput> runs) {
    h.append(
        "<h2>Rounds side by side</h2>\n<table class=\"rounds\"><tr><th>run</th><th>operations</th>"
            + "<th>ops/s</th><th>errors</th></tr>\n");
    List<String> labels = new ArrayList<>();
    double[] tput = new double[runs.size()];
    boolean[] greyed = new boolean[runs.size()];
    for (int i = 0; i < runs.size(); i++) {
      RunInput r = runs.get(i);
      JsonNode j = r.result();
      labels.add(r.label());
      tput[i] = j.path("throughputOpsPerSec").asDouble(Double.NaN);
      greyed[i] = r.discarded();
      h.append("<tr")
          .append(r.discarded() ? " class=\"discarded\"" : "")
          .append("><td>")
          .append(Html.escape(r.label()))
          .append(r.discarded() ? " (discarded)" : "")
          .append("</td><td>")
          .append(j.path("operations").asText())
          .append("</td><td>")
          .append(SvgChart.number(tput[i]))
          .append("</td><td>")
          .append(j.path("errors").asText())
          .append("</td></tr>\n");
    }
    h.append("</table>\n")
        .append(
            SvgChart.bars("Throughput per run (grey: discarded)", "ops/s", labels, tput, greyed));
  }

  private static void section(StringBuilder h, RunInput run) {
    JsonNode j = run.result();
    h.append("<section class=\"run")
        .append(run.discarded() ? " discarded" : "")
        .append("\">\n<h2>")
        .append(Html.escape(run.label()))
        .append(run.discarded() ? " (discarded)" : "")
        .append("</h2>\n");
    h.append("<p class=\"summary\">")
        .append(Html.escape(j.path("phase").asText()))
        .append(" phase, binding ")
        .append(Html.escape(j.path("binding").asText()))
        .append(", ")
        .append(j.path("threads").asText())
        .append(" threads, ")
        .append(j.path("operations").asText())
        .append(" operations in ")
        .append(SvgChart.number(j.path("runtimeMillis").asDouble() / 1000))
        .append(" s, ")
        .append(SvgChart.number(j.path("throughputOpsPerSec").asDouble()))
        .append(" ops/s, ")
        .append(j.path("errors").asText())
        .append(" errors</p>\n");
    Map<String, List<TaggedInterval>> series = bySeries(run.intervals());
    long t0 = run.intervals().stream().mapToLong(TaggedInterval::startEpochMillis).min().orElse(0);
    if (series.isEmpty()) {
      h.append(
          "<p class=\"note\">No interval log given (--hlog): the charts over time are left out; the spectrum "
              + "below comes from the JSON's percentiles.</p>\n");
    } else {
      int points = series.values().stream().mapToInt(l -> plotted(l).size()).max().orElse(0);
      if (points < 2) {
        h.append("<p class=\"note\">The log has ")
            .append(points)
            .append(" interval")
            .append(points == 1 ? "" : "s")
            .append(
                ": the charts over time show what there is; a run of a few seconds has a point a second.</p>\n");
      }
      // a schedule's targetOpsPerSec is its peak, not a line to draw: its own chart below has it
      double target = j.has("targetSchedule") ? 0 : j.path("targetOpsPerSec").asDouble(0);
      List<SvgChart.Rule> faults = faultRules(j, t0);
      h.append(ruled(throughput(series, t0, target), faults).render());
      OutlierMarks outliers = OutlierMarks.of(j);
      for (String m : measurements(series)) {
        h.append(ruled(overTime(m, series, t0, outliers), faults).render());
      }
    }
    rateCharts(h, j);
    long serverT0 = series.isEmpty() ? startMillis(j) : t0;
    serverCharts(h, j, serverT0, faultRules(j, serverT0));
    h.append(spectrum(run, series).render());
    blockCache(h, j);
    totals(h, j);
    settings(h, j);
    h.append("</section>\n");
  }

  /**
   * The schedule against what was done ({@code rate} of the JSON): the rate asked and the rate
   * achieved per interval, the backlog under it, and, with an objective, a vertical rule at the
   * first interval that broke it, with the rate asked then. Nothing for a run without a schedule or
   * objective.
   */
  static void rateCharts(StringBuilder h, JsonNode j) {
    JsonNode rate = j.path("rate");
    JsonNode intervals = rate.path("intervals");
    if (!rate.isObject() || intervals.size() == 0) {
      return;
    }
    int n = intervals.size();
    double[] xs = new double[n];
    double[] intended = new double[n];
    double[] achieved = new double[n];
    double[] backlog = new double[n];
    for (int i = 0; i < n; i++) {
      JsonNode in = intervals.get(i);
      xs[i] = in.get(1).asDouble();
      intended[i] = in.get(2).asDouble();
      achieved[i] = in.get(3).asDouble();
      backlog[i] = in.get(4).asDouble();
    }
    h.append("<h3 class=\"rate\">Rate schedule: ")
        .append(Html.escape(rate.path("schedule").asText()))
        .append("</h3>\n");
    SvgChart r =
        new SvgChart(
            "Intended and achieved rate per interval (dashed: the schedule's)",
            "seconds since the start of measuring",
            "operations/s");
    r.add(new SvgChart.Series("intended", SvgChart.PALETTE[8], true, xs, intended));
    r.add(new SvgChart.Series("achieved", SvgChart.PALETTE[0], false, xs, achieved));
    SvgChart b =
        new SvgChart(
            "Backlog: operations due and not done (measured from each one's intended start)",
            "seconds since the start of measuring",
            "operations");
    b.add(new SvgChart.Series("backlog", SvgChart.PALETTE[1], false, xs, backlog));
    JsonNode broken = rate.path("sloBroken");
    String slo = rate.path("slo").asText();
    double at = broken.path("atSeconds").asDouble();
    String asked = SvgChart.number(Math.round(broken.path("scheduleOpsPerSec").asDouble()));
    if (broken.isObject()) {
      SvgChart.Rule rule =
          new SvgChart.Rule(
              "slo",
              slo + " broken at " + SvgChart.number(at) + " s, at ~" + asked + " ops/s",
              true,
              at,
              SvgChart.PALETTE[1],
              true);
      r.rule(rule);
      b.rule(rule);
    }
    JsonNode forGood = rate.path("sloBrokenForGood");
    String forGoodText = "";
    if (forGood.isObject()) {
      double from = forGood.path("atSeconds").asDouble();
      String fromRate = SvgChart.number(Math.round(forGood.path("scheduleOpsPerSec").asDouble()));
      forGoodText =
          "; it never held again from " + SvgChart.number(from) + " s, at ~" + fromRate + " ops/s";
      if (from != at) {
        SvgChart.Rule rule =
            new SvgChart.Rule(
                "slo-for-good",
                slo
                    + " never held again from "
                    + SvgChart.number(from)
                    + " s, ~"
                    + fromRate
                    + " ops/s",
                true,
                from,
                SvgChart.PALETTE[3],
                false);
        r.rule(rule);
        b.rule(rule);
      }
    }
    h.append(r.render()).append(b.render());
    if (rate.path("slo").isTextual()) {
      String note =
          broken.isObject()
              ? slo
                  + " first broke in the interval ending at "
                  + SvgChart.number(at)
                  + " s ("
                  + broken.path("by").asText()
                  + "): this store stops coping at ~"
                  + asked
                  + " ops/s"
                  + forGoodText
              : slo + " held in every interval";
      h.append("<p class=\"note slo\">").append(Html.escape(note)).append("</p>\n");
    }
  }

  /**
   * A vertical rule per injected fault ({@code faults} of the JSON) at its instant on a chart whose
   * time axis starts at {@code t0}, named with the fault and what it cost: where a latency spike or
   * a drop in throughput lines up with the fault that caused it. None without faults.
   */
  static List<SvgChart.Rule> faultRules(JsonNode j, long t0) {
    List<SvgChart.Rule> out = new ArrayList<>();
    for (JsonNode f : j.path("faults").path("faults")) {
      double at = (f.path("injectedEpochMillis").asLong() - t0) / 1000.0;
      String recovery =
          f.path("recovered").asBoolean()
              ? "recovered in " + SvgChart.number(f.path("recoverySeconds").asDouble()) + " s"
              : f.path("endedSteady").asBoolean()
                  ? "recovery not judged (the run ended)"
                  : "did not recover";
      out.add(
          new SvgChart.Rule(
              "fault-" + f.path("number").asInt(),
              "fault "
                  + f.path("number").asInt()
                  + ": "
                  + f.path("action").asText()
                  + " at "
                  + SvgChart.number(at)
                  + " s, "
                  + SvgChart.number(f.path("secondsWithoutService").asDouble())
                  + " s without service, "
                  + recovery,
              true,
              at,
              SvgChart.PALETTE[3],
              false));
    }
    return out;
  }

  private static SvgChart ruled(SvgChart c, List<SvgChart.Rule> rules) {
    rules.forEach(c::rule);
    return c;
  }

  private static long startMillis(JsonNode j) {
    try {
      return Instant.parse(j.path("startTime").asText()).toEpochMilli();
    } catch (DateTimeParseException e) {
      return 0;
    }
  }

  /**
   * What the servers were doing ({@code serverSeries} of the JSON), on the client's time axis so
   * that a pause or a queue lines up with the latency above it: one chart per title the binding
   * gave, a line per server and figure, each chart's freshness note under it. A run whose binding
   * reads no server figures says so instead.
   */
  private static void serverCharts(
      StringBuilder h, JsonNode j, long t0, List<SvgChart.Rule> faults) {
    JsonNode s = j.path("serverSeries");
    if (!s.isObject()) {
      h.append("<p class=\"note server-series\">No server series: the ")
          .append(Html.escape(j.path("binding").asText()))
          .append(
              " binding reads no server figures (GC pauses, memstore, flush and compaction queues)"
                  + " during a run.</p>\n");
      return;
    }
    h.append("<h3>What the servers were doing</h3>\n<p class=\"note server-series\">")
        .append(Html.escape(s.path("source").asText()))
        .append(
            s.path("error").isTextual()
                ? "; a read failed: " + Html.escape(s.path("error").asText())
                : "")
        .append("</p>\n");
    Map<String, List<JsonNode>> charts = new LinkedHashMap<>();
    for (JsonNode f : s.path("figures")) {
      charts.computeIfAbsent(f.path("chart").asText(), k -> new ArrayList<>()).add(f);
    }
    int servers = s.path("servers").size();
    for (Map.Entry<String, List<JsonNode>> chart : charts.entrySet()) {
      SvgChart c =
          new SvgChart(
              chart.getKey(), "seconds since start", chart.getValue().get(0).path("unit").asText());
      int color = 0;
      List<String> notes = new ArrayList<>();
      for (JsonNode server : s.path("servers")) {
        for (JsonNode f : chart.getValue()) {
          JsonNode points = server.path("series").path(f.path("key").asText());
          if (points.size() == 0) {
            continue;
          }
          double[] xs = new double[points.size()];
          double[] ys = new double[points.size()];
          for (int i = 0; i < xs.length; i++) {
            xs[i] = (points.get(i).path(0).asLong() - t0) / 1000.0;
            ys[i] = points.get(i).path(1).asDouble();
          }
          String name = figureLabel(f);
          if (servers > 1) {
            name = server.path("server").asText() + " " + name;
          }
          c.add(new SvgChart.Series(name, color(color++), false, xs, ys));
          String note = f.path("note").asText();
          if (!note.isEmpty() && !notes.contains(note)) {
            notes.add(note);
          }
        }
      }
      if (color == 0) {
        continue; // no server gave this figure a point
      }
      h.append(ruled(c, faults).render());
      for (String note : notes) {
        h.append("<p class=\"note\">").append(Html.escape(note)).append("</p>\n");
      }
    }
  }

  /**
   * A figure's legend name: its meter, and its tag values ({@code gc.pause.milliseconds G1 Young
   * Generation}).
   */
  private static String figureLabel(JsonNode f) {
    StringBuilder name = new StringBuilder(f.path("meter").asText());
    f.path("tags").forEach(v -> name.append(' ').append(v.asText()));
    return name.toString();
  }

  /** Interval histograms grouped by tag, in time order. */
  private static Map<String, List<TaggedInterval>> bySeries(List<TaggedInterval> intervals) {
    Map<String, List<TaggedInterval>> out = new LinkedHashMap<>();
    for (TaggedInterval i : intervals) {
      if (i.measurement().equals("CLEANUP")) {
        continue; // the workers' cleanup calls, one per thread at the end: not load, and they
        // squash the axes
      }
      out.computeIfAbsent(i.tag(), k -> new ArrayList<>()).add(i);
    }
    out.values()
        .forEach(l -> l.sort((a, b) -> Long.compare(a.startEpochMillis(), b.startEpochMillis())));
    return out;
  }

  private static List<String> measurements(Map<String, List<TaggedInterval>> series) {
    List<String> out = new ArrayList<>();
    for (List<TaggedInterval> l : series.values()) {
      String m = l.get(0).measurement();
      if (!out.contains(m)) {
        out.add(m);
      }
    }
    return out;
  }

  private static SvgChart throughput(
      Map<String, List<TaggedInterval>> series, long t0, double target) {
    SvgChart c =
        new SvgChart(
            "Throughput over time" + (target > 0 ? " (dashed: the target)" : ""),
            "seconds since start",
            "operations/s");
    TreeMap<Long, Double> total = new TreeMap<>();
    int color = 1;
    for (Map.Entry<String, List<TaggedInterval>> e : series.entrySet()) {
      if (!e.getKey().endsWith(".service")) {
        continue;
      }
      List<TaggedInterval> l = plotted(e.getValue());
      double[] xs = new double[l.size()];
      double[] ys = new double[l.size()];
      for (int i = 0; i < l.size(); i++) {
        TaggedInterval t = l.get(i);
        double seconds = Math.max(1, t.endEpochMillis() - t.startEpochMillis()) / 1000.0;
        xs[i] = (t.endEpochMillis() - t0) / 1000.0;
        ys[i] = t.histogram().getTotalCount() / seconds;
        total.merge(t.endEpochMillis(), ys[i], Double::sum);
      }
      c.add(new SvgChart.Series(l.get(0).measurement(), color(color++), false, xs, ys));
    }
    double[] xs = new double[total.size()];
    double[] ys = new double[total.size()];
    int i = 0;
    for (Map.Entry<Long, Double> e : total.entrySet()) {
      xs[i] = (e.getKey() - t0) / 1000.0;
      ys[i++] = e.getValue();
    }
    c.add(new SvgChart.Series("all", SvgChart.PALETTE[0], false, xs, ys));
    if (target > 0 && xs.length > 0) {
      c.add(
          new SvgChart.Series(
              "target",
              SvgChart.PALETTE[8],
              true,
              new double[] {0, xs[xs.length - 1]},
              new double[] {target, target}));
    }
    return c;
  }

  private static SvgChart overTime(
      String m, Map<String, List<TaggedInterval>> series, long t0, OutlierMarks outliers) {
    SvgChart c =
        new SvgChart(m + ": latency percentiles over time", "seconds since start", "milliseconds")
            .logY();
    int color = 0;
    for (double p : OVER_TIME) {
      for (String kind : List.of("service", "intended")) {
        List<TaggedInterval> l = plotted(series.getOrDefault(m + "." + kind, List.of()));
        double[] xs = new double[l.size()];
        double[] ys = new double[l.size()];
        for (int i = 0; i < l.size(); i++) {
          xs[i] = (l.get(i).endEpochMillis() - t0) / 1000.0;
          ys[i] = l.get(i).histogram().getValueAtPercentile(p) / 1e6;
        }
        if (!l.isEmpty()) {
          SvgChart.Series s =
              new SvgChart.Series(
                  m + " " + kind + " " + pName(p), color(color), kind.equals("intended"), xs, ys);
          if (p == 99.9 && kind.equals("service") && !outliers.isEmpty()) {
            // the run's tail outliers, ringed on the series they were judged by
            c.add(s, outliers.dots(l, ys, t0));
          } else {
            c.add(s);
          }
        }
      }
      color++;
    }
    return c;
  }

  /**
   * Latency at percentiles 0 to 99.999, on an axis of 1/(1-p) so that each nine gets the same
   * width.
   */
  private static SvgChart spectrum(RunInput run, Map<String, List<TaggedInterval>> series) {
    SvgChart c =
        new SvgChart(
                "Percentile spectrum (solid: service, dashed: intended)",
                "percentile",
                "milliseconds")
            .logX(x -> pLabel(x))
            .logY();
    int color = 0;
    if (!series.isEmpty()) {
      for (String m : measurements(series)) {
        for (String kind : List.of("service", "intended")) {
          List<TaggedInterval> l = series.get(m + "." + kind);
          if (l == null) {
            continue;
          }
          Histogram sum = l.get(0).histogram().copy();
          l.stream().skip(1).forEach(t -> sum.add(t.histogram()));
          int n = 61;
          double[] xs = new double[n];
          double[] ys = new double[n];
          for (int i = 0; i < n; i++) {
            xs[i] = Math.pow(10, 5.0 * i / (n - 1));
            ys[i] = sum.getValueAtPercentile(100 * (1 - 1 / xs[i])) / 1e6;
          }
          c.add(new SvgChart.Series(m + " " + kind, color(color), kind.equals("intended"), xs, ys));
        }
        color++;
      }
      return c;
    }
    for (JsonNode m : run.result().path("measurements")) {
      if (m.path("name").asText().equals("CLEANUP")) {
        continue;
      }
      for (String kind : List.of("service", "intended")) {
        JsonNode lat = m.path(kind + "Micros");
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (Iterator<String> it = lat.fieldNames(); it.hasNext(); ) {
          String f = it.next();
          if (f.startsWith("p") && lat.get(f).isNumber()) {
            double p = Double.parseDouble(f.substring(1));
            xs.add(1 / (1 - p / 100));
            ys.add(lat.get(f).asDouble() / 1000);
          }
        }
        if (!xs.isEmpty()) {
          c.add(
              new SvgChart.Series(
                  m.path("name").asText() + " " + kind,
                  color(color),
                  kind.equals("intended"),
                  xs.stream().mapToDouble(Double::doubleValue).toArray(),
                  ys.stream().mapToDouble(Double::doubleValue).toArray()));
        }
      }
      color++;
    }
    return c;
  }

  private static void blockCache(StringBuilder h, JsonNode j) {
    List<String> labels = new ArrayList<>();
    List<Double> values = new ArrayList<>();
    String note = null;
    for (JsonNode line : j.path("bindingMetrics")) {
      if (!line.path("metric").asText().equals("BLOCKCACHE")) {
        continue;
      }
      String name = line.path("measurement").asText();
      if (name.endsWith("HitRatio") && line.path("value").isNumber()) {
        labels.add(name.equals("HitRatio") ? "all" : name.substring(0, 2));
        values.add(line.path("value").asDouble());
      } else if (name.equals("Note")) {
        note = line.path("value").asText();
      }
    }
    h.append("<h3>Block-cache hit ratio</h3>\n");
    if (labels.isEmpty()) {
      h.append("<p class=\"note\">")
          .append(
              Html.escape(
                  note != null
                      ? note
                      : "not reported by the " + j.path("binding").asText() + " binding"))
          .append("</p>\n");
      return;
    }
    h.append(
        SvgChart.bars(
            "Block-cache hit ratio over the phase",
            "hit ratio",
            labels,
            values.stream().mapToDouble(Double::doubleValue).toArray(),
            new boolean[labels.size()]));
  }

  private static void totals(StringBuilder h, JsonNode j) {
    h.append("<h3>Totals</h3>\n<table><tr><th>measurement</th><th>operations</th>");
    for (String c :
        List.of(
            "service p50",
            "service p99",
            "service p99.9",
            "service max",
            "intended p99",
            "intended p99.9",
            "returns")) {
      h.append("<th>").append(c).append("</th>");
    }
    h.append("</tr>\n");
    for (JsonNode m : j.path("measurements")) {
      h.append("<tr><td>")
          .append(Html.escape(m.path("name").asText()))
          .append("</td><td>")
          .append(String.format(Locale.ROOT, "%,d", m.path("operations").asLong()))
          .append("</td>");
      for (String f :
          List.of(
              "serviceMicros/p50",
              "serviceMicros/p99",
              "serviceMicros/p99.9",
              "serviceMicros/max",
              "intendedMicros/p99",
              "intendedMicros/p99.9")) {
        String[] p = f.split("/");
        JsonNode v = m.path(p[0]).path(p[1]);
        h.append("<td>").append(v.isNumber() ? latency(v.asDouble()) : "").append("</td>");
      }
      List<String> returns = new ArrayList<>();
      m.path("returns")
          .fields()
          .forEachRemaining(
              e ->
                  returns.add(
                      e.getKey() + " " + String.format(Locale.ROOT, "%,d", e.getValue().asLong())));
      h.append("<td>").append(Html.escape(String.join(", ", returns))).append("</td></tr>\n");
    }
    h.append("</table>\n");
  }

  /**
   * A latency given in microseconds, in milliseconds or seconds with its unit and three significant
   * digits: "0.065 ms", "4.45 ms", "96.9 ms", "1.48 s" (a table of "96.86k" microseconds made
   * people count digits).
   */
  static String latency(double micros) {
    double ms = micros / 1000;
    if (ms >= 1000) {
      return String.format(
          Locale.ROOT, ms >= 100_000 ? "%.0f s" : ms >= 10_000 ? "%.1f s" : "%.2f s", ms / 1000);
    }
    return String.format(
        Locale.ROOT,
        ms >= 100 ? "%.0f ms" : ms >= 10 ? "%.1f ms" : ms >= 1 ? "%.2f ms" : "%.3f ms",
        ms);
  }

  private static void settings(StringBuilder h, JsonNode j) {
    Map<String, String> rows = new LinkedHashMap<>();
    if (j.path("commandLine").isArray() && !j.path("commandLine").isEmpty()) {
      rows.put("command line", shellWords(j.path("commandLine")));
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = j.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (!List.of(SKIPPED_FIELDS).contains(e.getKey())
          && e.getValue().isValueNode()
          && !e.getValue().isNull()) {
        rows.put(e.getKey(), e.getValue().asText());
      }
    }
    for (String group : List.of("client", "environment", "properties")) {
      for (Iterator<Map.Entry<String, JsonNode>> it = j.path(group).fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        String shown = shown(e.getValue());
        if (shown != null) {
          rows.put(group + "." + e.getKey(), shown);
        }
      }
    }
    h.append("<h3>Environment and settings</h3>\n<table class=\"settings\">\n");
    rows.forEach(
        (k, v) ->
            h.append("<tr><th>")
                .append(Html.escape(k))
                .append("</th><td>")
                .append(Html.escape(v))
                .append("</td></tr>\n"));
    h.append("</table>\n");
  }

  /**
   * A setting as people read it, or null for nothing to show: text as it is, a list as its items
   * separated by spaces, no raw {@code null} or {@code []}.
   */
  private static String shown(JsonNode v) {
    if (v.isNull() || v.isMissingNode() || (v.isContainerNode() && v.isEmpty())) {
      return null;
    } else if (v.isArray()) {
      List<String> items = new ArrayList<>();
      v.forEach(item -> items.add(item.isValueNode() ? item.asText() : item.toString()));
      return String.join(" ", items);
    }
    return v.isValueNode() ? v.asText() : v.toString();
  }

  /** A command line as a shell would take it back: words with spaces or quotes are quoted. */
  static String shellWords(JsonNode args) {
    List<String> words = new ArrayList<>();
    for (JsonNode a : args) {
      String w = a.asText();
      words.add(
          w.isEmpty() || !w.matches("[A-Za-z0-9_@%+=:,./-]+")
              ? "'" + w.replace("'", "'\\''") + "'"
              : w);
    }
    return String.join(" ", words);
  }

  private static String color(int i) {
    return SvgChart.PALETTE[i % SvgChart.PALETTE.length];
  }

  static String pName(double p) {
    return "p" + (p % 1 == 0 ? Long.toString((long) p) : Double.toString(p));
  }

  /** Axis label of 1/(1-p): 1 -> 0%, 10 -> 90%, 100 -> 99%, ... 1e5 -> 99.999%. */
  public static String pLabel(double x) {
    if (x < 1.5) {
      return "0%";
    }
    int nines = (int) Math.round(Math.log10(x));
    return nines == 1 ? "90%" : "99" + (nines > 2 ? "." + "9".repeat(nines - 2) : "") + "%";
  }

  public static final String STYLE =
      String.join(
          "\n",
          "body{font-family:sans-serif;margin:1.5em;color:#222;max-width:1100px}",
          "h1{font-size:1.5em}h2{font-size:1.25em;border-bottom:1px solid #ccc}h3{font-size:1.05em}",
          "svg.chart{display:block;margin:0.5em 0 1em}",
          ".plot{fill:#fff;stroke:#999}.grid{stroke:#e6e6e6}.tick,.legend{font-size:11px;fill:#444}",
          ".axis{font-size:12px;fill:#222}.title{font-size:13px;font-weight:bold;fill:#222}",
          "table{border-collapse:collapse;font-size:12px;margin-bottom:1em}",
          "td,th{border:1px solid #ddd;padding:2px 6px;text-align:left}th{background:#f4f4f4}",
          ".discarded{color:#999}section.discarded{opacity:0.5}.note{color:#666;font-style:italic}",
          "");
}
