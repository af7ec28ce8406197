package io.hbload.report.compare;

import com.fasterxml.jackson.databind.JsonNode;
import io.hbload.report.compare.ComparisonReport.Metric;
import io.hbload.report.compare.ComparisonReport.Operation;
import java.util.ArrayList;
import java.util.List;

/**
 * Compares one dfsio pass (write or read, a storage policy) of two sides. With several passes a
 * side the interval comes from their spread, as for rounds; with one, the average IO rate's comes
 * from the per-file spread the pass recorded (its files are its samples: mean, standard deviation
 * and count give Welch's interval), and the totals, one figure a side, get none. Stateless.
 */
final class DfsioComparison {
  private DfsioComparison() {}

  static Operation compare(String group, List<Round> a, List<Round> b) {
    boolean rounds = a.size() >= 2 && b.size() >= 2;
    String method = rounds ? "rounds" : "files";
    String why =
        rounds
            ? a.size() + " vs " + b.size() + " passes: from their spread (Welch's t on the logs)"
            : "one pass a side: the average IO rate's interval from the spread of its files' rates (Welch's t); the"
                + " totals are one figure a side and get none: repeat the pass for them";
    List<Metric> metrics = new ArrayList<>();
    for (String field : new String[] {"avgIoRateMiBps", "throughputMiBps", "aggregateMiBps"}) {
      double ma = mean(a, field);
      double mb = mean(b, field);
      RatioTest.Welch test;
      String tooFew = null;
      if (rounds) {
        test = Comparer.welch(values(a, field), values(b, field), mb / ma);
      } else if (field.equals("avgIoRateMiBps")) {
        test = fromFiles(a.get(0).result(), b.get(0).result(), mb / ma);
      } else {
        test = null;
        tooFew = "one figure a side, no interval: repeat the pass for one";
      }
      metrics.add(
          Comparer.metric(
              field.replace("MiBps", ""),
              "MiB/s",
              true,
              ma,
              mb,
              test == null ? null : test.interval95(),
              test,
              tooFew));
    }
    faultMetrics(a, b, metrics);
    boolean judged = interval(metrics);
    return new Operation(
        group,
        group,
        judged ? method : "none",
        why,
        judged ? null : "no interval from one pass a side of fewer than 2 files; repeat the pass",
        files(a),
        files(b),
        metrics);
  }

  /**
   * With DataNodes stopped in the middle of the pass on both sides (one pass a side): the degraded
   * throughput and p99 and the seconds back to full redundancy, side by side with no interval: one
   * figure a side. A side that never recovered has no figure there.
   */
  private static void faultMetrics(List<Round> a, List<Round> b, List<Metric> metrics) {
    JsonNode fa = a.get(0).result().path("dataNodeFault");
    JsonNode fb = b.get(0).result().path("dataNodeFault");
    if (!fa.isObject() || !fb.isObject()) {
      return;
    }
    String why = "one figure a side, no interval: repeat the pass for one";
    metrics.add(
        Comparer.metric(
            "degraded",
            "MiB/s",
            true,
            fa.path("degraded").path("mibPerSec").asDouble(Double.NaN),
            fb.path("degraded").path("mibPerSec").asDouble(Double.NaN),
            null,
            null,
            why));
    metrics.add(
        Comparer.metric(
            "degraded p99",
            "us",
            false,
            fa.path("degraded").path("p99Micros").asDouble(Double.NaN),
            fb.path("degraded").path("p99Micros").asDouble(Double.NaN),
            null,
            null,
            why));
    metrics.add(
        Comparer.metric(
            "to full redundancy",
            "s",
            false,
            fa.path("secondsToFullRedundancy").asDouble(Double.NaN),
            fb.path("secondsToFullRedundancy").asDouble(Double.NaN),
            null,
            null,
            fa.path("recovered").asBoolean() && fb.path("recovered").asBoolean()
                ? why
                : "a side did not recover within its run"));
  }

  private static boolean interval(List<Metric> metrics) {
    return metrics.stream().anyMatch(m -> m.low() != null);
  }

  private static long files(List<Round> rounds) {
    return rounds.stream().mapToLong(r -> r.result().path("files").asLong()).sum();
  }

  private static double[] values(List<Round> rounds, String field) {
    return rounds.stream().mapToDouble(r -> r.result().path(field).asDouble()).toArray();
  }

  private static double mean(List<Round> rounds, String field) {
    return java.util.Arrays.stream(values(rounds, field)).average().orElse(Double.NaN);
  }

  /**
   * Welch's interval for the ratio of two mean IO rates from each pass's per-file mean, standard
   * deviation and file count, on the log scale by the delta method (the log of a mean has standard
   * error sd / (mean sqrt n)).
   */
  private static RatioTest.Welch fromFiles(JsonNode a, JsonNode b, double ratio) {
    double ma = a.path("avgIoRateMiBps").asDouble();
    double mb = b.path("avgIoRateMiBps").asDouble();
    double sa = a.path("ioRateStdDev").asDouble(Double.NaN);
    double sb = b.path("ioRateStdDev").asDouble(Double.NaN);
    long na = a.path("files").asLong();
    long nb = b.path("files").asLong();
    if (na < 2
        || nb < 2
        || !(ma > 0)
        || !(mb > 0)
        || !Double.isFinite(sa)
        || !Double.isFinite(sb)) {
      return null;
    }
    double va = Math.max(sa * sa / (ma * ma), 1e-6) / na;
    double vb = Math.max(sb * sb / (mb * mb), 1e-6) / nb;
    double df = (va + vb) * (va + vb) / (va * va / (na - 1) + vb * vb / (nb - 1));
    return new RatioTest.Welch(Math.log(ratio), Math.sqrt(va + vb), df);
  }
}
