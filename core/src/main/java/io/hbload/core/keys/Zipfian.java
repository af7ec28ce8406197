package io.hbload.core.keys;

import java.util.random.RandomGenerator;

/**
 * Zipfian numbers over [{@code min}, {@code min + items - 1}] with θ = 0.99, drawn as in Gray et
 * al., "Quickly Generating Billion-Record Synthetic Databases" (SIGMOD 1994), the algorithm of
 * YCSB's {@code ZipfianGenerator}: {@code min} is the most popular, then {@code min + 1}, and so
 * on.
 *
 * <p>ζ(n) is a sum over all n items, so constructing without a precomputed ζ costs O(n); {@link
 * #next(long)} with a larger item count extends ζ incrementally and never shrinks it. Exactly like
 * YCSB, η is then recomputed from ζ(new n) but still with the item count given at construction,
 * which is what YCSB's "latest" distribution does; reproducing it keeps the popularity identical.
 *
 * <p>Not thread-safe, no locks: each worker owns its instance (YCSB shares one and synchronises the
 * ζ growth). Draws allocate nothing; a draw costs one {@code nextDouble()} and at most one {@code
 * pow}.
 */
public final class Zipfian {
  /** YCSB's fixed zipfian constant; {@code zipfianconstant} is not a property in 0.17.0. */
  public static final double THETA = 0.99;

  static final double ALPHA = 1.0 / (1.0 - THETA);
  private static final double ZETA_2 = zeta(0, 2, 0.0);

  /**
   * Draws with u·ζ below this (and above 1) are the second item; saves a pow for the two hottest
   * items.
   */
  private static final double SECOND_ITEM_BOUND = 1.0 + Math.pow(0.5, THETA);

  private final long base;
  private final long items;
  private final RandomGenerator rnd;
  private double zetan;
  private double eta;
  private long countForZeta;

  /** Over [min, max] inclusive, computing ζ(max − min + 1) now (O(n)). */
  public Zipfian(long min, long max, RandomGenerator rnd) {
    this(min, max, zeta(max - min + 1), rnd);
  }

  /** Over [min, max] inclusive with ζ(max − min + 1) already known (O(1)). */
  public Zipfian(long min, long max, double zetan, RandomGenerator rnd) {
    this.base = min;
    this.items = max - min + 1;
    this.rnd = rnd;
    this.zetan = zetan;
    this.countForZeta = items;
    this.eta = eta(zetan);
  }

  /** ζ(n, 0.99) = Σ_{i=1..n} 1/i^0.99, summed in YCSB's order so results match to the last bit. */
  public static double zeta(long n) {
    return zeta(0, n, 0.0);
  }

  /**
   * ζ for {@code n} items continued from the sum {@code initialSum} over the first {@code from}
   * items.
   */
  public static double zeta(long from, long n, double initialSum) {
    double sum = initialSum;
    for (long i = from; i < n; i++) {
      sum += 1 / Math.pow(i + 1, THETA);
    }
    return sum;
  }

  /** Number of items given at construction. */
  public long items() {
    return items;
  }

  /** A draw over the construction-time items. */
  public long next() {
    return next(items);
  }

  /**
   * A draw over [{@code min}, {@code min + itemCount - 1}]; a count above any seen before grows ζ
   * by the missing terms (O(growth)), a smaller one reuses the larger ζ as YCSB does.
   */
  public long next(long itemCount) {
    if (itemCount > countForZeta) {
      grow(itemCount);
    }
    double u = rnd.nextDouble();
    double uz = u * zetan;
    if (uz < 1.0) {
      return base;
    }
    if (uz < SECOND_ITEM_BOUND) {
      return base + 1;
    }
    return base + (long) (itemCount * powAlpha(eta * u - eta + 1));
  }

  /**
   * x^(1/(1-θ)) for θ = 0.99, i.e. x^99.99999999999991: x^100 by six squarings and two products,
   * with the 9e-14 exponent remainder ignored (relative effect below 1e-11 for x in (0, 1], far
   * under what any popularity statistic resolves). A third of Math.pow's cost on the key-choice hot
   * path.
   */
  static double powAlpha(double x) {
    double x2 = x * x;
    double x4 = x2 * x2;
    double x8 = x4 * x4;
    double x16 = x8 * x8;
    double x32 = x16 * x16;
    double x64 = x32 * x32;
    return x64 * x32 * x4;
  }

  private void grow(long itemCount) {
    zetan = zeta(countForZeta, itemCount, zetan);
    countForZeta = itemCount;
    eta = eta(zetan);
  }

  private double eta(double zeta) {
    return (1 - Math.pow(2.0 / items, 1 - THETA)) / (1 - ZETA_2 / zeta);
  }
}
