package io.hbload.report.compare;

import com.fasterxml.jackson.databind.JsonNode;
import io.hbload.core.config.SpecException;
import io.hbload.report.HtmlReport;
import io.hbload.report.compare.ComparisonReport.Metric;
import io.hbload.report.compare.ComparisonReport.Operation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * Compares two sides: per group and operation, throughput and latency percentiles (service, and
 * intended where it differs), the ratio B/A with a 95 % interval and a verdict. The interval comes
 * from the rounds when both sides have at least two (a bootstrap of the rounds, {@link
 * HierarchicalBootstrap}: it holds run-to-run variation), else from a block bootstrap over the
 * interval histograms of each side ({@link BlockBootstrap}: only the variation within a run). Point
 * figures always come from the summed histograms of all of a side's rounds. Stateless.
 */
public final class Comparer {
  static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};

  /**
   * Fewest interval histograms a side needs for a block bootstrap: below, the resamples repeat a
   * handful of runs.
   */
  static final int MIN_INTERVALS = 8;

  /**
   * Fewest latencies beyond a percentile, per side (or round), for its figure to be judged at all.
   */
  static final int MIN_TAIL = 10;

  /**
   * Fewest operations of a kind for it to be compared (YCSB's per-thread CLEANUP calls are a
   * handful).
   */
  static final int MIN_OPERATIONS = 100;

  /**
   * The smallest spread of per-round log figures used: a histogram of 3 significant digits cannot
   * tell values 0.1 % apart, so rounds that agree to the bucket do not make an interval of zero
   * width.
   */
  private static final double LOG_RESOLUTION = 0.001;

  /** Properties that define what was measured: a difference in any makes the sides incomparable. */
  private static final List<String> WORKLOAD_KEYS =
      List.of(
          "workload",
          "recordcount",
          "requestdistribution",
          "fieldcount",
          "fieldlength",
          "insertstart",
          "insertcount",
          "maxscanlength",
          "scanlengthdistribution");

  /**
   * @param seed the bootstrap's seed: the same inputs and seed print the same intervals
   * @param force compare sides that are not comparable, listing the differences
   * @param charts also the HTML page's data (spectra with bands, throughput over time)
   * @param figures what the verdict and the gate judge ({@code --gate}); all figures by default
   * @param slowerPercent the gate's threshold ({@code --fail-if-slower}), null without a gate
   * @param detectPercent the difference to say the rounds needed for ({@code --detect}); null for
   *     none
   */
  public record Settings(
      long seed,
      int resamples,
      boolean force,
      boolean charts,
      FigureSelection figures,
      Double slowerPercent,
      Double detectPercent) {
    public Settings {
      figures = figures == null ? FigureSelection.ALL : figures;
    }

    /** The rounds needed are said for the gate's threshold. */
    public Settings(
        long seed,
        int resamples,
        boolean force,
        boolean charts,
        FigureSelection figures,
        Double slowerPercent) {
      this(seed, resamples, force, charts, figures, slowerPercent, slowerPercent);
    }

    public Settings(long seed, int resamples, boolean force, boolean charts) {
      this(seed, resamples, force, charts, FigureSelection.ALL, null);
    }

    /**
     * Without the charts' data (spectra with bands, throughput over time), which only the HTML page
     * draws.
     */
    public Settings(long seed, int resamples, boolean force) {
      this(seed, resamples, force, false);
    }
  }

  /** Points of a spectrum: 1/(1-p) from 1 (p0) to 1e5 (p99.999), evenly on a log axis. */
  private static final int SPECTRUM_POINTS = 41;

  private Comparer() {}

  public static ComparisonReport compare(Side a, Side b, Settings settings) {
    return compare(a, b, settings, new RecordedValues());
  }

  /** With {@code recorded}: the histograms already read (a calibration compares them again). */
  static ComparisonReport compare(Side a, Side b, Settings settings, RecordedValues recorded) {
    if (a.kind() != b.kind()) {
      throw new SpecException(
          "A and B are not comparable: A holds " + kind(a) + " results, B " + kind(b));
    }
    List<String> differences = new ArrayList<>();
    Map<String, String[]> pairs = pairs(a, b, differences);
    for (String[] p : pairs.values()) {
      differences.addAll(
          a.kind() == Side.Kind.RUN
              ? runDifferences(a.groups().get(p[0]), b.groups().get(p[1]))
              : dfsioDifferences(a.groups().get(p[0]), b.groups().get(p[1])));
    }
    if (!differences.isEmpty() && !settings.force()) {
      throw new SpecException(
          "A and B are not comparable: "
              + String.join("; ", differences)
              + " (--force compares them anyway)");
    }
    List<Operation> operations = new ArrayList<>();
    Charts charts = new Charts();
    List<String> notes = new ArrayList<>();
    List<String> environment = new ArrayList<>();
    pairs.forEach(
        (name, p) -> {
          List<Round> ra = a.groups().get(p[0]);
          List<Round> rb = b.groups().get(p[1]);
          environment.addAll(
              environment(
                  name, pairs.size() > 1, ra.get(0).result(), rb.get(0).result(), a.kind()));
          if (a.kind() == Side.Kind.RUN) {
            runs(name, ra, rb, settings, recorded, operations, notes, charts);
          } else {
            operations.add(DfsioComparison.compare(name, ra, rb));
          }
        });
    // a fixed order, whatever order the sides were read in: compare A B and compare B A list the
    // same blocks in the same places
    operations.sort(Comparator.comparing(Operation::group).thenComparing(Operation::operation));
    charts.spectra.sort(
        Comparator.comparing(ComparisonReport.Spectrum::group)
            .thenComparing(ComparisonReport.Spectrum::operation)
            .thenComparing(ComparisonReport.Spectrum::side));
    charts.throughput.sort(
        Comparator.comparing(ComparisonReport.Throughput::group)
            .thenComparing(ComparisonReport.Throughput::side));
    Verdict verdict = Verdict.of(operations, settings.figures(), null);
    Verdict gate =
        settings.slowerPercent() == null
            ? null
            : Verdict.of(operations, settings.figures(), settings.slowerPercent());
    return new ComparisonReport(
        a.label(),
        b.label(),
        settings.seed(),
        settings.resamples(),
        verdict,
        gate,
        settings.force() ? differences : List.of(),
        environment,
        operations,
        notes,
        charts.spectra,
        charts.throughput,
        null);
  }

  private static String kind(Side s) {
    return s.kind() == Side.Kind.DFSIO ? "dfsio" : "load/run";
  }

  /**
   * Groups to compare, by name; two single groups (a run against a suite's one workload) pair
   * whatever their names.
   */
  private static Map<String, String[]> pairs(Side a, Side b, List<String> differences) {
    Map<String, String[]> out = new LinkedHashMap<>();
    if (a.groups().size() == 1 && b.groups().size() == 1) {
      String ga = a.groups().keySet().iterator().next();
      String gb = b.groups().keySet().iterator().next();
      out.put(
          ga.equals(gb) || gb.equals(SideReader.RUN_GROUP)
              ? ga
              : ga.equals(SideReader.RUN_GROUP) ? gb : ga + " vs " + gb,
          new String[] {ga, gb});
      if (!ga.equals(gb) && !ga.equals(SideReader.RUN_GROUP) && !gb.equals(SideReader.RUN_GROUP)) {
        differences.add("A is " + ga + ", B is " + gb);
      }
      return out;
    }
    for (String g : a.groups().keySet()) {
      if (b.groups().containsKey(g)) {
        out.put(g, new String[] {g, g});
      }
    }
    if (!a.groups().keySet().equals(b.groups().keySet())) {
      differences.add(
          "A holds "
              + String.join(", ", a.groups().keySet())
              + "; B holds "
              + String.join(", ", b.groups().keySet()));
    }
    if (out.isEmpty()) {
      throw new SpecException(
          "A and B are not comparable: nothing in common (A holds "
              + String.join(", ", a.groups().keySet())
              + "; B holds "
              + String.join(", ", b.groups().keySet())
              + ")");
    }
    return out;
  }

  /** What was measured, compared over every round of both sides against A's first. */
  private static List<String> runDifferences(List<Round> a, List<Round> b) {
    List<String> out = new ArrayList<>();
    JsonNode first = a.get(0).result();
    List<Round> all = new ArrayList<>(a);
    all.addAll(b);
    for (Round r : all) {
      JsonNode doc = r.result();
      differ(out, "phase", first.path("phase").asText(), doc.path("phase").asText(), r);
      TreeSet<String> keys = new TreeSet<>(WORKLOAD_KEYS);
      first
          .path("properties")
          .fieldNames()
          .forEachRemaining(
              k -> {
                if (k.endsWith("proportion")) {
                  keys.add(k);
                }
              });
      doc.path("properties")
          .fieldNames()
          .forEachRemaining(
              k -> {
                if (k.endsWith("proportion")) {
                  keys.add(k);
                }
              });
      for (String k : keys) {
        differ(out, k, property(first, k), property(doc, k), r);
      }
      differ(out, "operations", operationNames(first), operationNames(doc), r);
      if (!out.isEmpty()) {
        return out; // the first round that differs says enough
      }
    }
    return out;
  }

  /**
   * A property as the run took it (an absent proportion is YCSB's default, so it is shown as
   * absent).
   */
  private static String property(JsonNode doc, String key) {
    JsonNode v = doc.path("properties").path(key);
    return v.isMissingNode() ? "(not set)" : v.asText();
  }

  private static String operationNames(JsonNode doc) {
    TreeSet<String> names = new TreeSet<>();
    for (JsonNode m : doc.path("measurements")) {
      if (m.path("operations").asLong() >= MIN_OPERATIONS) {
        names.add(m.path("name").asText());
      }
    }
    return String.join(",", names);
  }

  private static void differ(List<String> out, String what, String a, String b, Round r) {
    if (!a.equals(b)) {
      out.add(what + " " + a + " vs " + b + " (" + r.label() + ")");
    }
  }

  private static List<String> dfsioDifferences(List<Round> a, List<Round> b) {
    List<String> out = new ArrayList<>();
    JsonNode first = a.get(0).result();
    List<Round> all = new ArrayList<>(a);
    all.addAll(b);
    for (Round r : all) {
      for (String k : new String[] {"phase", "files", "bytes"}) {
        differ(out, k, first.path(k).asText(), r.result().path(k).asText(), r);
      }
      if (!out.isEmpty()) {
        return out;
      }
    }
    return out;
  }

  /**
   * Settings and environment that differ (the load average always, when recorded): listed beside
   * the result.
   */
  private static List<String> environment(
      String group, boolean named, JsonNode a, JsonNode b, Side.Kind kind) {
    Map<String, String> fields = new LinkedHashMap<>();
    if (kind == Side.Kind.RUN) {
      fields.put("version", "/version");
      fields.put("binding", "/binding");
      fields.put("threads", "/threads");
      fields.put("target ops/s", "/targetOpsPerSec");
      fields.put("host", "/client/host");
      fields.put("shards", "/client/shards");
      fields.put("java", "/environment/javaVersion");
      fields.put("jvm", "/environment/javaVm");
      fields.put("jvm flags", "/environment/jvmArgs");
      fields.put("cpus", "/environment/availableProcessors");
      fields.put("os", "/environment/os");
    } else {
      fields.put("policy", "/policy");
      fields.put("coder", "/coder");
      fields.put("target", "/target");
      fields.put("datanodes down", "/dataNodesDown");
    }
    List<String> out = new ArrayList<>();
    String prefix = named ? "[" + group + "] " : "";
    fields.forEach(
        (name, pointer) -> {
          String va = a.at(pointer).toString();
          String vb = b.at(pointer).toString();
          if (!va.equals(vb)) {
            out.add(prefix + name + ": A " + va + ", B " + vb);
          }
        });
    String load = kind == Side.Kind.RUN ? "/environment/loadAverage" : "/load1Start";
    if (a.at(load).isNumber() || b.at(load).isNumber()) {
      out.add(
          prefix
              + (kind == Side.Kind.RUN
                  ? "load average at the end of the run"
                  : "load average at the start")
              + ": A "
              + loadAverage(a.at(load))
              + ", B "
              + loadAverage(b.at(load)));
    }
    return out;
  }

  private static String loadAverage(JsonNode v) {
    return v.isNumber() ? String.format(Locale.ROOT, "%.2f", v.asDouble()) : "-";
  }

  /** What the HTML page draws beside the table, filled only when the settings ask for it. */
  private static final class Charts {
    final List<ComparisonReport.Spectrum> spectra = new ArrayList<>();
    final List<ComparisonReport.Throughput> throughput = new ArrayList<>();
  }

  private static void runs(
      String group,
      List<Round> ra,
      List<Round> rb,
      Settings settings,
      RecordedValues recorded,
      List<Operation> operations,
      List<String> notes,
      Charts charts) {
    if (settings.charts()) {
      charts.throughput.add(throughput(group, "A", ra.get(0)));
      charts.throughput.add(throughput(group, "B", rb.get(0)));
    }
    for (String op : operationsOf(ra, rb)) {
      String service = op + ".service";
      String intended = op + ".intended";
      List<Histogram> all = new ArrayList<>();
      for (List<Round> side : List.of(ra, rb)) {
        for (Round r : side) {
          for (String tag : List.of(service, intended)) {
            all.addAll(r.intervals().getOrDefault(tag, List.of()));
          }
        }
      }
      ValueScale scale = ValueScale.of(all, recorded);
      SideSeries sa = new SideSeries(scale, recorded, ra, service, intended);
      SideSeries sb = new SideSeries(scale, recorded, rb, service, intended);
      long ca = sa.service.total();
      long cb = sb.service.total();
      if (Math.min(ca, cb) < MIN_OPERATIONS) {
        notes.add(
            (group.equals(SideReader.RUN_GROUP) ? "" : "[" + group + "] ")
                + op
                + ": too few operations to"
                + " compare ("
                + ca
                + " vs "
                + cb
                + ", at least "
                + MIN_OPERATIONS
                + " a side)");
        continue;
      }
      boolean rounds = ra.size() >= 2 && rb.size() >= 2;
      int na = sa.service.size();
      int nb = sb.service.size();
      String method;
      String why;
      String noInterval = null;
      boolean paired = rounds && paired(ra, rb);
      if (rounds && bootstrapsRounds(ra.size(), rb.size())) {
        method = "rounds";
        why =
            ra.size()
                + " vs "
                + rb.size()
                + " rounds"
                + (paired ? ", taken in turn and so paired (a duet)" : "")
                + ": a bootstrap of the rounds (drawn"
                + (paired ? " in pairs" : "")
                + ", each whole; "
                + settings.resamples()
                + " resamples, seed "
                + settings.seed()
                + ", percentiles expanded for "
                + Math.min(ra.size(), rb.size())
                + " rounds), which holds run-to-run variation; figures from the summed histograms"
                + " of all rounds";
      } else if (rounds) {
        method = "rounds";
        why =
            ra.size()
                + " vs "
                + rb.size()
                + " rounds: from their spread (Welch's t on the logs of the per-round figures;"
                + " from "
                + HierarchicalBootstrap.FEWEST_ROUNDS
                + " rounds a side, a bootstrap of the rounds), which holds run-to-run variation;"
                + " figures from the summed histograms of all rounds";
      } else if (Math.min(na, nb) >= MIN_INTERVALS) {
        method = "block-bootstrap";
        why =
            "one run a side, so from "
                + na
                + " vs "
                + nb
                + " interval histograms (moving blocks of "
                + BlockBootstrap.blockLength(na)
                + " and "
                + BlockBootstrap.blockLength(nb)
                + " intervals, "
                + settings.resamples()
                + " resamples, seed "
                + settings.seed()
                + ", percentiles expanded for "
                + Math.min(BlockBootstrap.blocks(na), BlockBootstrap.blocks(nb))
                + " blocks); it holds the variation within each"
                + " run, not between runs: repeat rounds (a suite) for that";
      } else {
        method = "none";
        noInterval =
            na
                + " vs "
                + nb
                + " intervals a side, need "
                + MIN_INTERVALS
                + "; use a shorter status.interval or longer runs (or several rounds)";
        why =
            "one run a side and only "
                + na
                + " vs "
                + nb
                + " interval histograms (a bootstrap needs "
                + MIN_INTERVALS
                + "): record shorter intervals (-p status.interval) or several rounds";
      }
      List<Metric> metrics = new ArrayList<>();
      long seed = settings.seed() ^ (31L * group.hashCode() + op.hashCode());
      metrics.addAll(
          latencies(
              method,
              "service",
              sa.service,
              sb.service,
              sa.serviceRounds,
              sb.serviceRounds,
              paired,
              settings.resamples(),
              seed,
              true));
      if (sa.intendedDiffers || sb.intendedDiffers) {
        metrics.addAll(
            latencies(
                method,
                "intended",
                sa.intended,
                sb.intended,
                sa.intendedRounds,
                sb.intendedRounds,
                paired,
                settings.resamples(),
                seed + 1,
                false));
      }
      operations.add(new Operation(group, op, method, why, noInterval, ca, cb, metrics));
      if (rounds && settings.detectPercent() != null && settings.detectPercent() > 0) {
        String note =
            RoundsNeeded.note(
                (group.equals(SideReader.RUN_GROUP) ? "" : "[" + group + "] ") + op + ": ",
                metrics,
                Math.min(ra.size(), rb.size()),
                settings.detectPercent());
        if (note != null) {
          notes.add(note);
        }
      }
      if (settings.charts()) {
        charts.spectra.add(spectrum(group, op, "A", method, sa, settings.resamples(), seed + 2));
        charts.spectra.add(spectrum(group, op, "B", method, sb, settings.resamples(), seed + 3));
      }
    }
  }

  /**
   * A side's service spectrum with its band: the bootstrap's (one run a side) or the rounds' range.
   */
  private static ComparisonReport.Spectrum spectrum(
      String group, String op, String side, String method, SideSeries s, int resamples, long seed) {
    int n = SPECTRUM_POINTS;
    double[] xs = new double[n];
    double[] ps = new double[n];
    for (int i = 0; i < n; i++) {
      xs[i] = Math.pow(10, 5.0 * i / (n - 1));
      ps[i] = 100 * (1 - 1 / xs[i]);
    }
    double[] mid = BlockBootstrap.estimate(s.service, ps);
    double[] low = new double[n];
    double[] high = new double[n];
    java.util.Arrays.fill(low, Double.NaN);
    java.util.Arrays.fill(high, Double.NaN);
    String band = "none";
    if (method.equals("rounds")) {
      band = "lowest and highest round";
      java.util.Arrays.fill(low, Double.POSITIVE_INFINITY);
      java.util.Arrays.fill(high, Double.NEGATIVE_INFINITY);
      for (IntervalSeries round : s.serviceRounds) {
        double[] r = BlockBootstrap.estimate(round, ps);
        for (int i = 0; i < n; i++) {
          low[i] = Math.min(low[i], r[i] / 1e6);
          high[i] = Math.max(high[i], r[i] / 1e6);
        }
      }
    } else if (method.equals("block-bootstrap")) {
      band = "block bootstrap, 95 %";
      double[][] reps = BlockBootstrap.replicates(s.service, ps, resamples, seed);
      double tail = BlockBootstrap.expandedTail(BlockBootstrap.blocks(s.service.size()));
      Percentile q = new Percentile().withEstimationType(Percentile.EstimationType.R_7);
      for (int i = 0; i < n; i++) {
        q.setData(column(reps, i));
        low[i] = q.evaluate(100 * tail) / 1e6;
        high[i] = q.evaluate(100 * (1 - tail)) / 1e6;
      }
    }
    double[] millis = new double[n];
    for (int i = 0; i < n; i++) {
      millis[i] = mid[i] / 1e6;
    }
    return new ComparisonReport.Spectrum(group, op, side, band, xs, millis, low, high);
  }

  /**
   * All operations' service counts per interval of a round, over seconds since its first interval.
   */
  static ComparisonReport.Throughput throughput(String group, String side, Round round) {
    java.util.TreeMap<Long, double[]> byStart = new java.util.TreeMap<>();
    round
        .intervals()
        .forEach(
            (tag, list) -> {
              if (tag.endsWith(".service")) {
                for (Histogram h : list) {
                  double seconds = (h.getEndTimeStamp() - h.getStartTimeStamp()) / 1000.0;
                  double[] v =
                      byStart.computeIfAbsent(
                          h.getStartTimeStamp(), t -> new double[] {0, seconds});
                  v[0] += h.getTotalCount();
                }
              }
            });
    // a partial last interval (the few operations after the last full one) is left out of the
    // chart, as on the run page: its rate is noise and drew a spike at the end of every run
    long[] lengths = byStart.values().stream().mapToLong(v -> Math.round(v[1] * 1000)).toArray();
    int points = HtmlReport.lastIsPartial(lengths) ? byStart.size() - 1 : byStart.size();
    double[] xs = new double[points];
    double[] ys = new double[points];
    long first = byStart.isEmpty() ? 0 : byStart.firstKey();
    int i = 0;
    for (Map.Entry<Long, double[]> e : byStart.entrySet()) {
      if (i == points) {
        break;
      }
      xs[i] = (e.getKey() - first) / 1000.0 + e.getValue()[1];
      ys[i++] = e.getValue()[1] > 0 ? e.getValue()[0] / e.getValue()[1] : Double.NaN;
    }
    return new ComparisonReport.Throughput(group, side, xs, ys);
  }

  /**
   * Whether the sides' rounds were taken in turn, as a duet takes them: as many a side, and in time
   * order each A round and the B round of the same place are the two runs of one pair (ABBA or
   * ABAB). Judged from the runs' start times, so that any two suites run in turn pair, and rounds
   * taken apart never do.
   */
  static boolean paired(List<Round> a, List<Round> b) {
    if (a.size() != b.size() || a.size() < 2) {
      return false;
    }
    List<long[]> starts = new ArrayList<>(); // {start millis, side, index}
    for (int side = 0; side < 2; side++) {
      List<Round> rounds = side == 0 ? a : b;
      for (int i = 0; i < rounds.size(); i++) {
        String text = rounds.get(i).result().path("startTime").asText("");
        try {
          starts.add(new long[] {java.time.Instant.parse(text).toEpochMilli(), side, i});
        } catch (java.time.format.DateTimeParseException e) {
          return false;
        }
      }
    }
    starts.sort(Comparator.comparingLong((long[] s) -> s[0]));
    for (int p = 0; p < a.size(); p++) {
      long[] first = starts.get(2 * p);
      long[] second = starts.get(2 * p + 1);
      if (first[1] == second[1] || first[2] != p || second[2] != p) {
        return false;
      }
    }
    return true;
  }

  /**
   * Operations whose service latencies both sides logged, by name: a round's tags are an unordered
   * map, and taken in its order the notes came out in another order from one run of compare to the
   * next.
   */
  private static List<String> operationsOf(List<Round> a, List<Round> b) {
    List<String> out = new ArrayList<>();
    for (String tag : new TreeSet<>(a.get(0).intervals().keySet())) {
      if (tag.endsWith(".service")) {
        String op = tag.substring(0, tag.length() - ".service".length());
        if (a.stream().allMatch(r -> r.intervals().containsKey(tag))
            && b.stream().allMatch(r -> r.intervals().containsKey(tag))) {
          out.add(op);
        }
      }
    }
    return out;
  }

  /** A side's interval series of one operation: all rounds together, and each round on its own. */
  private static final class SideSeries {
    final IntervalSeries service;
    final IntervalSeries intended;
    final List<IntervalSeries> serviceRounds = new ArrayList<>();
    final List<IntervalSeries> intendedRounds = new ArrayList<>();
    final boolean intendedDiffers;

    SideSeries(
        ValueScale scale,
        RecordedValues recorded,
        List<Round> rounds,
        String serviceTag,
        String intendedTag) {
      List<Histogram> s = new ArrayList<>();
      List<Histogram> i = new ArrayList<>();
      boolean differs = false;
      for (Round r : rounds) {
        List<Histogram> rs = r.intervals().get(serviceTag);
        List<Histogram> ri = r.intervals().getOrDefault(intendedTag, List.of());
        s.addAll(rs);
        i.addAll(ri);
        serviceRounds.add(new IntervalSeries(scale, rs, recorded));
        intendedRounds.add(new IntervalSeries(scale, ri, recorded));
        differs |= !sameHistograms(rs, ri);
      }
      service = new IntervalSeries(scale, s, recorded);
      intended = new IntervalSeries(scale, i, recorded);
      intendedDiffers = differs;
    }

    /** Closed-loop runs record the same latency twice; intended figures are then only repeated. */
    private static boolean sameHistograms(List<Histogram> a, List<Histogram> b) {
      if (a.size() != b.size()) {
        return false;
      }
      Iterator<Histogram> ib = b.iterator();
      for (Histogram h : a) {
        Histogram o = ib.next();
        if (h.getTotalCount() != o.getTotalCount()
            || h.getMaxValue() != o.getMaxValue()
            || h.getValueAtPercentile(50) != o.getValueAtPercentile(50)
            || h.getValueAtPercentile(99) != o.getValueAtPercentile(99)) {
          return false;
        }
      }
      return true;
    }
  }

  private static List<Metric> latencies(
      String method,
      String kind,
      IntervalSeries a,
      IntervalSeries b,
      List<IntervalSeries> roundsA,
      List<IntervalSeries> roundsB,
      boolean paired,
      int resamples,
      long seed,
      boolean throughput) {
    double[] pa = BlockBootstrap.estimate(a, PERCENTILES);
    double[] pb = BlockBootstrap.estimate(b, PERCENTILES);
    double[][] intervals = new double[PERCENTILES.length + 1][];
    RatioTest[] tests = new RatioTest[PERCENTILES.length + 1];
    if (method.equals("block-bootstrap")) {
      double[][] ra = BlockBootstrap.replicates(a, PERCENTILES, resamples, seed);
      double[][] rb =
          BlockBootstrap.replicates(b, PERCENTILES, resamples, seed ^ 0x9E3779B97F4A7C15L);
      int blocks = Math.min(BlockBootstrap.blocks(a.size()), BlockBootstrap.blocks(b.size()));
      judge(ra, rb, blocks, intervals, tests);
    } else if (method.equals("rounds") && !bootstrapsRounds(roundsA.size(), roundsB.size())) {
      double[][] ra = perRound(roundsA);
      double[][] rb = perRound(roundsB);
      for (int k = 0; k <= PERCENTILES.length; k++) {
        RatioTest.Welch w = welch(column(ra, k), column(rb, k), pb[k] / pa[k]);
        if (w != null) {
          intervals[k] = w.interval95();
          tests[k] = w;
        }
      }
    } else if (method.equals("rounds")) {
      double[][][] reps =
          HierarchicalBootstrap.replicates(roundsA, roundsB, paired, PERCENTILES, resamples, seed);
      judge(reps[0], reps[1], Math.min(roundsA.size(), roundsB.size()), intervals, tests);
    }
    // every method judges the figure of a side's summed histograms: its tail is the side's
    long tailA = a.total();
    long tailB = b.total();
    List<Metric> out = new ArrayList<>();
    if (throughput) {
      out.add(
          metric(
              "throughput",
              "ops/s",
              true,
              pa[PERCENTILES.length],
              pb[PERCENTILES.length],
              intervals[PERCENTILES.length],
              tests[PERCENTILES.length],
              null));
    }
    for (int k = 0; k < PERCENTILES.length; k++) {
      double p = PERCENTILES[k];
      String name = kind + " p" + (p % 1 == 0 ? Long.toString((long) p) : Double.toString(p));
      String tooFew = null;
      long need = (long) Math.ceil(MIN_TAIL * 100.0 / (100 - p) - 1e-6);
      if (Math.min(tailA, tailB) < need) {
        tooFew =
            "too few latencies beyond p"
                + (p % 1 == 0 ? Long.toString((long) p) : Double.toString(p))
                + " to judge (needs "
                + need
                + " a side)";
      }
      out.add(metric(name, "ms", false, pa[k] / 1e6, pb[k] / 1e6, intervals[k], tests[k], tooFew));
    }
    return out;
  }

  /**
   * Whether rounds of these counts get the bootstrap of the rounds (else Welch's t on per-round
   * figures): decided once, for the method's reason and for its intervals.
   */
  private static boolean bootstrapsRounds(int roundsA, int roundsB) {
    return Math.min(roundsA, roundsB) >= HierarchicalBootstrap.FEWEST_ROUNDS;
  }

  /**
   * Each figure's expanded percentile interval and test from bootstrap replicates of both sides,
   * for {@code units} independent units (blocks, or rounds).
   */
  private static void judge(
      double[][] ra, double[][] rb, int units, double[][] intervals, RatioTest[] tests) {
    double tail = BlockBootstrap.expandedTail(units);
    for (int k = 0; k <= PERCENTILES.length; k++) {
      double[] ratios = ratios(ra, rb, k);
      if (ratios != null) {
        intervals[k] = bootstrapInterval(ratios, tail);
        tests[k] = RatioTest.Bootstrap.of(ratios, units);
      }
    }
  }

  private static double[][] perRound(List<IntervalSeries> rounds) {
    double[][] out = new double[rounds.size()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = BlockBootstrap.estimate(rounds.get(i), PERCENTILES);
    }
    return out;
  }

  private static double[] column(double[][] rows, int k) {
    double[] out = new double[rows.length];
    for (int i = 0; i < rows.length; i++) {
      out[i] = rows[i][k];
    }
    return out;
  }

  /**
   * The replicate ratios of figure {@code k} (resampled B over resampled A, drawn independently),
   * null when one is not finite.
   */
  private static double[] ratios(double[][] ra, double[][] rb, int k) {
    double[] ratios = new double[ra.length];
    for (int r = 0; r < ra.length; r++) {
      ratios[r] = rb[r][k] / ra[r][k];
      if (!Double.isFinite(ratios[r]) || !(ratios[r] > 0)) {
        return null;
      }
    }
    return ratios;
  }

  /** The {@code tail} and 1 - {@code tail} quantiles of the replicate ratios: the expanded 95 %. */
  private static double[] bootstrapInterval(double[] ratios, double tail) {
    Percentile q = new Percentile().withEstimationType(Percentile.EstimationType.R_7);
    q.setData(ratios);
    return new double[] {q.evaluate(100 * tail), q.evaluate(100 * (1 - tail))};
  }

  /**
   * Welch's interval for the ratio from per-round figures: the difference of mean logs is the log
   * ratio's spread, and the interval is centred on the ratio of the summed histograms' figures.
   * Null when a round's figure is not positive.
   */
  static RatioTest.Welch welch(double[] a, double[] b, double ratio) {
    if (!(ratio > 0) || !Double.isFinite(ratio)) {
      return null;
    }
    double[] la = logs(a);
    double[] lb = logs(b);
    if (la == null || lb == null) {
      return null;
    }
    double va = Math.max(variance(la), LOG_RESOLUTION * LOG_RESOLUTION) / la.length;
    double vb = Math.max(variance(lb), LOG_RESOLUTION * LOG_RESOLUTION) / lb.length;
    double se = Math.sqrt(va + vb);
    double df = (va + vb) * (va + vb) / (va * va / (la.length - 1) + vb * vb / (lb.length - 1));
    return new RatioTest.Welch(Math.log(ratio), se, df);
  }

  private static double[] logs(double[] v) {
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      if (!(v[i] > 0) || !Double.isFinite(v[i])) {
        return null;
      }
      out[i] = Math.log(v[i]);
    }
    return out;
  }

  private static double variance(double[] v) {
    double mean = 0;
    for (double x : v) {
      mean += x / v.length;
    }
    double s = 0;
    for (double x : v) {
      s += (x - mean) * (x - mean);
    }
    return s / (v.length - 1);
  }

  /**
   * A metric with its verdict: {@code interval} null (no method), or {@code tooFew} set, gives no
   * verdict.
   */
  static Metric metric(
      String name,
      String unit,
      boolean higherIsBetter,
      double a,
      double b,
      double[] interval,
      RatioTest test,
      String tooFew) {
    double ratio = b / a;
    if (tooFew != null || interval == null || test == null || !Double.isFinite(ratio)) {
      String why =
          tooFew != null
              ? tooFew
              : !Double.isFinite(ratio) ? "no ratio (A is 0)" : "no interval: see above";
      return new Metric(name, unit, higherIsBetter, a, b, ratio, null, null, why, null, null);
    }
    double low = interval[0];
    double high = interval[1];
    double detectable = 100 * (Math.sqrt(high / low) - 1);
    String verdict;
    if (low > 1) {
      verdict = higherIsBetter ? "B faster" : "B slower";
    } else if (high < 1) {
      verdict = higherIsBetter ? "B slower" : "B faster";
    } else {
      verdict =
          String.format(
              Locale.ROOT,
              "no difference this data can detect (it would see about %.1f%%)",
              detectable);
    }
    if (low > 1) {
      verdict +=
          String.format(
              Locale.ROOT,
              " by %.1f%% (%.1f%% .. %.1f%%)",
              100 * (ratio - 1),
              100 * (low - 1),
              100 * (high - 1));
    } else if (high < 1) {
      verdict +=
          String.format(
              Locale.ROOT,
              " by %.1f%% (%.1f%% .. %.1f%%)",
              100 * (1 - ratio),
              100 * (1 - high),
              100 * (1 - low));
    }
    return new Metric(
        name, unit, higherIsBetter, a, b, ratio, low, high, verdict, detectable, test);
  }
}
