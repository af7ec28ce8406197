package io.hbload.core.mixgraph;

import io.hbload.core.config.MixgraphSpec.Pareto;

/**
 * A generalized Pareto distribution F(x) = 1 - (1 + k (x - theta) / sigma)^(-1/k) (exponential when
 * k is 0), drawn as db_bench draws it: by inverting the upper tail at a uniform u and rounding up
 * to a whole number. Immutable, thread-safe; allocation-free.
 */
public final class GeneralizedPareto {
  private final double theta;
  private final double k;
  private final double sigma;

  public GeneralizedPareto(Pareto parameters) {
    this.theta = parameters.theta();
    this.k = parameters.k();
    this.sigma = parameters.sigma();
  }

  /**
   * The value whose upper-tail probability is {@code u} in (0, 1]: F^-1(1 - u), db_bench's
   * ParetoCdfInversion before rounding. As u is uniform, so is 1 - u: the values are F-distributed.
   */
  public double quantile(double u) {
    return k == 0 ? theta - sigma * Math.log(u) : theta + sigma * (Math.pow(u, -k) - 1) / k;
  }

  /**
   * db_bench's whole-number draw: the quantile rounded up (saturating at {@link Long#MAX_VALUE},
   * which a heavy tail reaches at small u).
   */
  public long draw(double u) {
    return (long) Math.ceil(quantile(u));
  }

  /** F(x). */
  public double cdf(double x) {
    if (x <= theta) {
      return 0;
    }
    double z = (x - theta) / sigma;
    if (k == 0) {
      return -Math.expm1(-z);
    }
    double base = 1 + k * z;
    if (base <= 0) {
      return 1; // past the end of the support of a k < 0 distribution
    }
    return 1 - Math.pow(base, -1 / k);
  }
}
