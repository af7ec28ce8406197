package io.hbload.report.compare;

import io.hbload.report.compare.ComparisonReport.Metric;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * How many rounds a side would let each figure see a wanted difference: the interval of a figure
 * from n rounds is about t(n-1) s / sqrt(n) wide each side on the log scale, s the spread of one
 * round's contribution, so the rounds at hand give s and the rounds wanted follow. An estimate: it
 * takes the rounds to come to vary as these did. Stateless.
 */
final class RoundsNeeded {
  /** More rounds than this is not a plan anyone runs; said as such. */
  static final int MOST = 10_000;

  private RoundsNeeded() {}

  /**
   * Rounds a side for an interval of about {@code ±wantPercent}, from a figure's detectable {@code
   * ±havePercent} with {@code rounds} a side; {@code MOST + 1} when more than {@link #MOST}.
   */
  static int rounds(double havePercent, int rounds, double wantPercent) {
    double have = Math.log1p(havePercent / 100);
    double want = Math.log1p(wantPercent / 100);
    double spread = have * Math.sqrt(rounds) / t(rounds);
    for (int n = 2; n <= MOST; n++) {
      if (t(n) * spread / Math.sqrt(n) <= want) {
        return n;
      }
    }
    return MOST + 1;
  }

  private static double t(int rounds) {
    return new TDistribution(null, rounds - 1).inverseCumulativeProbability(0.975);
  }

  /**
   * The note for one operation: which judged figures cannot see {@code wantPercent} and the rounds
   * a side each would need; null when every judged figure already can.
   */
  static String note(String where, List<Metric> metrics, int rounds, double wantPercent) {
    List<String> needs = new ArrayList<>();
    for (Metric m : metrics) {
      if (m.detectablePercent() == null || m.detectablePercent() <= wantPercent) {
        continue;
      }
      int n = rounds(m.detectablePercent(), rounds, wantPercent);
      needs.add(m.name() + (n > MOST ? " more than " + MOST : " about " + n));
    }
    if (needs.isEmpty()) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "%sto see a %s%% difference, rounds a side (these have %d): %s; the other judged figures"
            + " already can",
        where,
        wantPercent % 1 == 0 ? Long.toString((long) wantPercent) : Double.toString(wantPercent),
        rounds,
        String.join(", ", needs));
  }
}
