package io.hbload.core.server;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The client intervals whose tail stands out, each labelled with what the servers were doing in or
 * just before it: a GC pause and its length, a memstore flush, a compaction, queued flushes or
 * compactions, as the binding names its event figures ({@link ServerFigure#event}). A slow interval
 * that no server event explains is listed as such: that is where to look next (the network, the
 * client's own JVM, a region in transition that the sampled figures do not show).
 *
 * <p>An event measured in time (a GC pause) is named only when it could explain a quarter of the
 * interval's excess p99.9 over the median; a shorter one was beside the slow calls, not their
 * cause.
 *
 * <p>An interval stands out when its p99.9 (service time over every operation type, from completed
 * calls) is more than {@link #FACTOR} times the median interval p99.9 of the measured part of the
 * phase. A server figure's point covers the sample interval that ended at its time; an event counts
 * for a client interval when its point's interval overlaps the client interval or the one before
 * it, since a pause's effect outlasts it.
 *
 * <p>The engine collects the intervals as its reporter ticks (in {@code exec}, which sees the
 * measurements; this package sees only servers). Immutable.
 *
 * @param medianP999Nanos the median interval p99.9 the outliers are measured against
 * @param intervals the measured intervals judged
 * @param outliers the outlying intervals, slowest first
 */
public record TailOutliers(long medianP999Nanos, int intervals, List<Outlier> outliers) {
  /** How many times the median interval p99.9 an interval's p99.9 must exceed to stand out. */
  public static final double FACTOR = 3;

  /** The most outliers a report lists; the JSON holds them all. */
  public static final int LISTED = 10;

  public TailOutliers {
    outliers = List.copyOf(outliers);
  }

  /** One client interval's tail. */
  public record Interval(long startEpochMillis, long endEpochMillis, long p999Nanos) {}

  /**
   * An interval that stands out, and the server events in or just before it (none: unexplained).
   */
  public record Outlier(Interval interval, double timesMedian, List<String> causes) {
    public Outlier {
      causes = List.copyOf(causes);
    }

    public boolean explained() {
      return !causes.isEmpty();
    }
  }

  /** How many outliers carry a cause. */
  public long explained() {
    return outliers.stream().filter(Outlier::explained).count();
  }

  /**
   * The report's lines: a summary, then one per outlier (at most {@link #LISTED}); none without.
   */
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    if (outliers.isEmpty()) {
      return out;
    }
    out.add(
        String.format(
            Locale.ROOT,
            "hbload: %d of %d intervals had a p99.9 over %.0fx the run's median %s; %d of them"
                + " with a server event in or just before them:",
            outliers.size(),
            intervals,
            FACTOR,
            millis(medianP999Nanos),
            explained()));
    for (Outlier o : outliers.subList(0, Math.min(LISTED, outliers.size()))) {
      out.add(
          String.format(
              Locale.ROOT,
              "  %s-%s p99.9 %s (%.1fx): %s",
              clock(o.interval().startEpochMillis()),
              clock(o.interval().endEpochMillis()),
              millis(o.interval().p999Nanos()),
              o.timesMedian(),
              o.explained() ? String.join("; ", o.causes()) : "no server event explains it"));
    }
    if (outliers.size() > LISTED) {
      out.add("  ... " + (outliers.size() - LISTED) + " more in the result's JSON");
    }
    return out;
  }

  /**
   * The outliers among {@code intervals}, labelled from {@code series} (null: no server figures, so
   * every outlier is unexplained).
   */
  public static TailOutliers find(List<Interval> intervals, ServerSeries series) {
    return find(intervals, series, false);
  }

  /**
   * As {@link #find(List, ServerSeries)}; with {@code coldStart}, the phase had no warm-up, and its
   * first interval is labelled as the client's own cold start when it stands out (connections,
   * region locations, JIT compilation: what {@code hbload.warmup} leaves out).
   */
  public static TailOutliers find(
      List<Interval> intervals, ServerSeries series, boolean coldStart) {
    return find(intervals, series, null, coldStart);
  }

  /**
   * As {@link #find(List, ServerSeries, boolean)}, with the client's own host's figures ({@link
   * HostCpuSampler}) as causes too; {@code host} null when not sampled.
   */
  public static TailOutliers find(
      List<Interval> intervals, ServerSeries series, ServerSeries host, boolean coldStart) {
    long[] tails =
        intervals.stream().mapToLong(Interval::p999Nanos).filter(t -> t > 0).sorted().toArray();
    if (tails.length == 0) {
      return new TailOutliers(0, intervals.size(), List.of());
    }
    long median = tails[tails.length / 2];
    long interval = series == null ? 0 : series.intervalMillis();
    List<Outlier> outliers = new ArrayList<>();
    for (Interval i : intervals) {
      if (i.p999Nanos() > FACTOR * median) {
        List<String> causes = causes(i, series, interval, median);
        if (host != null) {
          causes.addAll(causes(i, host, host.intervalMillis(), median));
        }
        if (coldStart && i == intervals.get(0)) {
          causes.add(0, "the phase's first interval: the client's cold start (no hbload.warmup)");
        }
        outliers.add(new Outlier(i, i.p999Nanos() / (double) median, causes));
      }
    }
    outliers.sort(Comparator.comparingLong((Outlier o) -> o.interval().p999Nanos()).reversed());
    return new TailOutliers(median, intervals.size(), outliers);
  }

  /**
   * The events of points whose sample interval overlaps this interval or the one before it. An
   * event measured in time (a GC pause) counts only when it is long enough to explain a quarter of
   * the excess over the median: a 14 ms pause beside a 632 ms p99.9 is not why it was slow.
   */
  private static List<String> causes(
      Interval i, ServerSeries series, long sampleMillis, long medianNanos) {
    List<String> causes = new ArrayList<>();
    if (series == null) {
      return causes;
    }
    long length = Math.max(1, i.endEpochMillis() - i.startEpochMillis());
    long from = i.startEpochMillis() - length;
    for (ServerSeries.Series s : series.series()) {
      String event = s.figure().event();
      if (event == null) {
        continue;
      }
      double sum = 0;
      double max = 0;
      for (ServerSeries.Point p : s.points()) {
        boolean overlaps =
            p.epochMillis() > from && p.epochMillis() - sampleMillis < i.endEpochMillis();
        if (overlaps && p.value() > 0) {
          sum += p.value();
          max = Math.max(max, p.value());
        }
      }
      boolean inTime = s.figure().unit().startsWith("ms");
      double excessMillis = (i.p999Nanos() - medianNanos) / 1e6;
      if (sum > 0 && (!inTime || sum >= excessMillis / 4)) {
        String amount =
            s.figure().kind() == ServerFigure.Kind.COUNTER
                ? number(sum) + " " + s.figure().unit().replace(" per interval", "")
                : number(max);
        String tags = s.figure().tags().isEmpty() ? "" : " " + s.figure().tags().values();
        causes.add(event + " " + amount + tags + " on " + s.server());
      }
    }
    return causes;
  }

  private static String number(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
  }

  private static String millis(long nanos) {
    double ms = nanos / 1e6;
    return String.format(Locale.ROOT, ms >= 100 ? "%.0f ms" : ms >= 10 ? "%.1f ms" : "%.2f ms", ms);
  }

  private static String clock(long epochMillis) {
    return java.time.Instant.ofEpochMilli(epochMillis)
        .atZone(java.time.ZoneOffset.UTC)
        .toLocalTime()
        .withNano((int) (epochMillis % 1000) * 1_000_000)
        .toString();
  }
}
