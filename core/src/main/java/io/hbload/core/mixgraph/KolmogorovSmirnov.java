package io.hbload.core.mixgraph;

import java.util.function.LongToDoubleFunction;

/**
 * The Kolmogorov-Smirnov distance sup |F_n(x) - F(x)| between a sample and a configured
 * distribution over whole numbers (key numbers, ranks, sizes), exact for such a step-function F:
 * both sides only change at whole numbers, so the supremum is reached at a sample value or just
 * before the next one. (commons-math's test assumes a continuous F, which these are not.)
 * Stateless.
 */
public final class KolmogorovSmirnov {
  private KolmogorovSmirnov() {}

  /**
   * The distance of {@code sorted} (ascending, not empty) to the distribution whose P(X <= n) is
   * {@code cdf}.
   */
  public static double distance(long[] sorted, LongToDoubleFunction cdf) {
    int n = sorted.length;
    double d = cdf.applyAsDouble(sorted[0] - 1); // below the smallest value the sample has none
    int i = 0;
    while (i < n) {
      long x = sorted[i];
      while (i < n && sorted[i] == x) {
        i++;
      }
      double empirical = i / (double) n;
      d = Math.max(d, Math.abs(empirical - cdf.applyAsDouble(x)));
      long before = i < n ? sorted[i] - 1 : Long.MAX_VALUE;
      if (before > x) {
        // the configured F keeps rising up to the next sample value while F_n stays
        d = Math.max(d, Math.abs(empirical - cdf.applyAsDouble(before)));
      }
    }
    return d;
  }
}
