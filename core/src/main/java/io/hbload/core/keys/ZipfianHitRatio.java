package io.hbload.core.keys;

/**
 * The share of a zipfian read mix's requests that go to the hottest {@code cached} of {@code
 * records} keys: the block-cache hit ratio to expect once a cache holding that many rows is warm
 * and keeps the hottest ones (an LRU cache under a skewed mix comes close to that).
 *
 * <p>YCSB's {@code requestdistribution=zipfian} is scrambled: a zipfian draw over {@value
 * ScrambledZipfianKeyChooser#ITEM_COUNT_TEXT} items (θ = 0.99, ζ = {@link
 * ScrambledZipfianKeyChooser#ZETAN}), hashed onto the records. The hottest {@code N} keys are (to
 * within hash collisions among the top N items, which are rare for N much smaller than the record
 * count) those that the N most popular items hash to; they get those items' share
 * ζ(N)/ζ(ITEM_COUNT) plus their even share N/records of the remaining draws, which the hash spreads
 * uniformly:
 *
 * <pre>
 *   hit(N, records) = z + (1 - z) * N / records,   z = ζ(N) / ζ(ITEM_COUNT)
 * </pre>
 *
 * ζ(N) is summed exactly up to 10^6 items, as {@link Zipfian#zeta} does, and continued beyond by
 * the Euler-Maclaurin formula (error below 1e-12 there), so a billion keys cost microseconds. With
 * {@code records <= N} the ratio is 1. Stateless.
 */
public final class ZipfianHitRatio {
  private static final long EXACT_UP_TO = 1_000_000;
  private static final double ZETA_EXACT = Zipfian.zeta(EXACT_UP_TO);

  private ZipfianHitRatio() {}

  /** Expected hit ratio of a cache holding the hottest {@code cached} rows of {@code records}. */
  public static double of(long cached, long records) {
    if (records <= 0 || cached >= records) {
      return 1.0;
    }
    if (cached <= 0) {
      return 0.0;
    }
    double z = Math.min(1.0, zeta(cached) / ScrambledZipfianKeyChooser.ZETAN);
    return z + (1 - z) * cached / (double) records;
  }

  /** ζ(n, 0.99) = Σ_{i=1..n} i^-0.99: exact up to 10^6, Euler-Maclaurin beyond. */
  public static double zeta(long n) {
    if (n <= EXACT_UP_TO) {
      return Zipfian.zeta(n);
    }
    double t = Zipfian.THETA;
    double m = EXACT_UP_TO;
    double x = n;
    // Σ_{i=m+1..n} f(i) = ∫_m^n f + (f(n) - f(m)) / 2 + (f'(n) - f'(m)) / 12 + O(f'''), f(x) = x^-θ
    double integral = (Math.pow(x, 1 - t) - Math.pow(m, 1 - t)) / (1 - t);
    double ends = (Math.pow(x, -t) - Math.pow(m, -t)) / 2;
    double slopes = (-t * Math.pow(x, -t - 1) + t * Math.pow(m, -t - 1)) / 12;
    return ZETA_EXACT + integral + ends + slopes;
  }
}
