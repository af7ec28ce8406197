package io.hbload.core.mixgraph;

import io.hbload.core.config.MixgraphSpec;

/**
 * The size of a value a Put writes, as db_bench's mixgraph sizes it: a generalized Pareto draw
 * ({@code value_theta}, {@code value_k}, {@code value_sigma}) rounded up, at least 10 bytes, and a
 * draw above {@code mix_max_value_size} taken modulo it (db_bench's rule, which keeps the tail's
 * mass instead of piling it on the maximum). Immutable, thread-safe; {@link #size} allocates
 * nothing.
 */
public final class ValueSizes {
  /** db_bench's smallest value. */
  static final int MIN_SIZE = 10;

  /** Wraps beyond this many maxima are left out of {@link #cdf}: their mass is below 1e-12. */
  private static final int MAX_WRAPS = 1_000_000;

  private final GeneralizedPareto pareto;
  private final int max;

  public ValueSizes(MixgraphSpec spec) {
    this.pareto = new GeneralizedPareto(spec.valueSizes());
    this.max = spec.maxValueSize();
  }

  /** The size for a uniform {@code u} in (0, 1]. */
  public int size(double u) {
    long drawn = pareto.draw(u);
    if (drawn < MIN_SIZE) {
      return MIN_SIZE;
    }
    return (int) (drawn > max ? drawn % max : drawn);
  }

  /** Empty bins for a run's value sizes: one per size up to 4096 sizes. */
  public Tally newTally() {
    return Tally.linear(max());
  }

  /** The largest size {@link #size} returns. */
  public int max() {
    return Math.max(max, MIN_SIZE);
  }

  /**
   * P(size <= n), the configured distribution a run's sizes are checked against: the draws that
   * land at or below n directly, plus those above the maximum whose remainder does (a draw of
   * exactly j * max, j >= 2, wraps to 0).
   */
  public double cdf(long n) {
    if (n < 0) {
      return 0;
    }
    double p = n >= MIN_SIZE ? pareto.cdf(Math.min(n, max)) : 0;
    if (n >= max) {
      return p + (1 - pareto.cdf(max));
    }
    for (long j = 1; j <= MAX_WRAPS; j++) {
      double base = pareto.cdf(j * (double) max);
      if (1 - base < 1e-12) {
        break;
      }
      p += pareto.cdf(j * (double) max + n) - base;
      p += pareto.cdf((j + 1) * (double) max) - pareto.cdf((j + 1) * (double) max - 1);
    }
    return Math.min(1, p);
  }
}
