package io.hbload.gc.gclog;

import io.hbload.gc.ByteSize;
import io.hbload.gc.InvalidInputException;
import io.hbload.gc.rules.YoungSizeRule;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A robust evacuation rate from many young pauses. Per-pause rates on a busy host are very noisy
 * (docs/g1-tuner.md section 4: median 5.5-14 MB/ms, p10 1.5-2.1, p90 66-76 on one 2-CPU box), so a
 * single pause or the mean would mislead. The rate used is the 25th percentile of the per-pause
 * rates: three quarters of the observed pauses evacuated at least that fast, so an Eden sized from
 * it meets the pause goal in most cycles. The least-squares fit {@code pause = a + b * eden} is
 * reported alongside (it separates fixed per-pause cost from per-GB cost) but is not used for the
 * recommendation, because G1 keeps Eden nearly constant in steady state, which leaves the slope
 * ill-conditioned. Immutable, thread-safe.
 *
 * @param n young pauses used
 * @param skipped young pauses left out (mixed, concurrent start, evacuation failure)
 * @param p10 10th percentile rate, GiB/s
 * @param p25 25th percentile rate, GiB/s: the rate this summary recommends
 * @param median median rate, GiB/s
 * @param p90 90th percentile rate, GiB/s
 * @param medianEdenBytes median Eden size before the pause
 * @param medianPauseMillis median pause
 * @param fitInterceptMillis {@code a} of the fit, NaN with fewer than 3 pauses or constant Eden
 * @param fitMillisPerGib {@code b} of the fit, NaN likewise
 */
public record EvacuationSummary(
    int n,
    int skipped,
    double p10,
    double p25,
    double median,
    double p90,
    long medianEdenBytes,
    double medianPauseMillis,
    double fitInterceptMillis,
    double fitMillisPerGib) {

  /** Fewer pauses than this make the estimate weak (docs/g1-tuner.md section 4). */
  public static final int MIN_PAUSES = 20;

  public static EvacuationSummary of(List<GcLog> logs) {
    List<YoungPause> all = logs.stream().flatMap(l -> l.pauses().stream()).toList();
    int skipped = logs.stream().mapToInt(GcLog::skipped).sum();
    return ofPauses(all, skipped);
  }

  public static EvacuationSummary ofPauses(List<YoungPause> pauses, int skipped) {
    if (pauses.isEmpty()) {
      throw new InvalidInputException("--gc-log: no usable young pauses");
    }
    double[] rates = pauses.stream().mapToDouble(YoungPause::rateGibPerSec).sorted().toArray();
    double[] edens = pauses.stream().mapToDouble(p -> (double) p.edenBytes()).sorted().toArray();
    double[] millis = pauses.stream().mapToDouble(YoungPause::pauseMillis).sorted().toArray();
    double[] fit = fit(pauses);
    return new EvacuationSummary(
        pauses.size(),
        skipped,
        percentile(rates, 10),
        percentile(rates, 25),
        percentile(rates, 50),
        percentile(rates, 90),
        Math.round(percentile(edens, 50)),
        percentile(millis, 50),
        fit[0],
        fit[1]);
  }

  /** The rate the calculator should use, GiB/s. */
  public double rateGibPerSec() {
    return p25;
  }

  /** G1NewSizePercent for this heap and pause goal at the measured rate. */
  public int recommendedNewSizePercent(long heapBytes, int pauseMillis) {
    long eden = (long) (rateGibPerSec() * ByteSize.GIB * pauseMillis / 1000.0);
    return YoungSizeRule.newSizePercent(heapBytes, eden);
  }

  public boolean enoughPauses() {
    return n >= MIN_PAUSES;
  }

  /**
   * The caveat to show next to a rate from too few pauses, empty when there are enough. Not one of
   * the tuning result's warnings: it is about the measurement, known before the calculator runs.
   */
  public Optional<String> weakEstimateWarning() {
    return enoughPauses()
        ? Optional.empty()
        : Optional.of(
            "only "
                + n
                + " usable young pauses (want "
                + MIN_PAUSES
                + "+): the measured rate is a weak estimate");
  }

  /**
   * One line for explanations, e.g. "p25 of 57 young pauses: 2.10 GB/s (median 4.3, p10 1.2, p90
   * 9.8)".
   */
  public String describe() {
    String s =
        String.format(
            Locale.ROOT,
            "measured: p25 of %d young (Normal) pauses = %.2f GB/s (p10 %.2f, median"
                + " %.2f, p90 %.2f; median Eden %dM in %.1f ms; %d pauses skipped)",
            n,
            p25,
            p10,
            median,
            p90,
            medianEdenBytes / ByteSize.MIB,
            medianPauseMillis,
            skipped);
    if (!Double.isNaN(fitMillisPerGib)) {
      s +=
          String.format(
              Locale.ROOT,
              "; fit pause = %.1f ms + %.1f ms/GB x Eden",
              fitInterceptMillis,
              fitMillisPerGib);
    }
    return s;
  }

  /** Linear interpolation between closest ranks (Hyndman-Fan type 7, as numpy's default). */
  static double percentile(double[] sorted, double p) {
    if (sorted.length == 1) {
      return sorted[0];
    }
    double rank = p / 100.0 * (sorted.length - 1);
    int lo = (int) Math.floor(rank);
    int hi = Math.min(lo + 1, sorted.length - 1);
    return sorted[lo] + (rank - lo) * (sorted[hi] - sorted[lo]);
  }

  private static double[] fit(List<YoungPause> pauses) {
    int n = pauses.size();
    if (n < 3) {
      return new double[] {Double.NaN, Double.NaN};
    }
    double sx = 0;
    double sy = 0;
    for (YoungPause p : pauses) {
      sx += (double) p.edenBytes() / ByteSize.GIB;
      sy += p.pauseMillis();
    }
    double mx = sx / n;
    double my = sy / n;
    double sxx = 0;
    double sxy = 0;
    for (YoungPause p : pauses) {
      double dx = (double) p.edenBytes() / ByteSize.GIB - mx;
      sxx += dx * dx;
      sxy += dx * (p.pauseMillis() - my);
    }
    if (sxx <= 1e-12 * Math.max(1, mx * mx)) {
      return new double[] {Double.NaN, Double.NaN};
    }
    double b = sxy / sxx;
    return new double[] {my - b * mx, b};
  }

  @Override
  public String toString() {
    return describe();
  }
}
