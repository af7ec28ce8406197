package io.hbload.core.suite;

/**
 * A figure over the kept rounds: its mean, min, max and sample standard deviation (n - 1 in the
 * denominator, 0 for one round). NaN values (a round without that figure) are left out; n counts
 * the rounds that had it. Immutable.
 */
public record Spread(double mean, double min, double max, double sd, int n) {
  public static final Spread NONE = new Spread(Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0);

  public static Spread of(double... values) {
    int n = 0;
    double sum = 0;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (double v : values) {
      if (!Double.isNaN(v)) {
        n++;
        sum += v;
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
    }
    if (n == 0) {
      return NONE;
    }
    double mean = sum / n;
    double squares = 0;
    for (double v : values) {
      if (!Double.isNaN(v)) {
        squares += (v - mean) * (v - mean);
      }
    }
    return new Spread(mean, min, max, n > 1 ? Math.sqrt(squares / (n - 1)) : 0, n);
  }
}
