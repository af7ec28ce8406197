package io.hbload.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The tail outliers of a result ({@code tailOutliers} of the JSON: intervals whose p99.9 stood out,
 * with the server events in or just before them), as rings on the p99.9 series of the latency
 * charts: one kind for an outlier a server event explains, one for an outlier nothing explains, the
 * causes in the point's tooltip. The text report lists the same outliers.
 */
final class OutlierMarks {
  static final SvgChart.Mark EXPLAINED =
      new SvgChart.Mark("outlier-explained", "tail outlier, a server event", "#d62728");
  static final SvgChart.Mark UNEXPLAINED =
      new SvgChart.Mark("outlier-unexplained", "tail outlier, nothing explains it", "#7f7f7f");

  private record Outlier(
      long startMillis, long endMillis, double timesMedian, List<String> causes) {}

  private final List<Outlier> outliers;

  private OutlierMarks(List<Outlier> outliers) {
    this.outliers = outliers;
  }

  /** The outliers of {@code result}; none when it has no {@code tailOutliers}. */
  static OutlierMarks of(JsonNode result) {
    List<Outlier> out = new ArrayList<>();
    for (JsonNode o : result.path("tailOutliers").path("outliers")) {
      List<String> causes = new ArrayList<>();
      o.path("causes").forEach(c -> causes.add(c.asText()));
      out.add(
          new Outlier(
              o.path("startEpochMillis").asLong(),
              o.path("endEpochMillis").asLong(),
              o.path("timesMedian").asDouble(),
              List.copyOf(causes)));
    }
    return new OutlierMarks(List.copyOf(out));
  }

  boolean isEmpty() {
    return outliers.isEmpty();
  }

  /**
   * A dot for each interval of {@code intervals} (plotted at {@code ys}, milliseconds), ringed
   * where the interval is an outlier's: the one whose end is nearest the outlier's, within half an
   * interval (the run's tails are judged over all operations, the chart is one operation's).
   */
  List<SvgChart.Point> dots(List<TaggedInterval> intervals, double[] ys, long t0) {
    List<SvgChart.Point> dots = new ArrayList<>(intervals.size());
    for (int i = 0; i < intervals.size(); i++) {
      TaggedInterval t = intervals.get(i);
      Outlier o = outlierOf(t);
      String at = String.format(Locale.ROOT, "%.1f s", (t.endEpochMillis() - t0) / 1000.0);
      String p999 = SvgChart.number(ys[i]) + " ms";
      if (o == null) {
        dots.add(new SvgChart.Point(at, "p99.9 " + p999 + " at " + at, false, null));
      } else {
        String why =
            o.causes().isEmpty() ? "no server event explains it" : String.join("; ", o.causes());
        String title =
            String.format(
                Locale.ROOT,
                "tail outlier at %s: p99.9 %s (%.1fx the run's median): %s",
                at,
                p999,
                o.timesMedian(),
                why);
        dots.add(
            new SvgChart.Point(at, title, false, o.causes().isEmpty() ? UNEXPLAINED : EXPLAINED));
      }
    }
    return dots;
  }

  private Outlier outlierOf(TaggedInterval t) {
    long half = Math.max(1, (t.endEpochMillis() - t.startEpochMillis()) / 2);
    for (Outlier o : outliers) {
      if (Math.abs(o.endMillis() - t.endEpochMillis()) <= half) {
        return o;
      }
    }
    return null;
  }
}
