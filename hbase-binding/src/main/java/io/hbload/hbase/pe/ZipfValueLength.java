package io.hbload.hbase.pe;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * PE's {@code --valueZipf} value lengths: 1 .. valueSize-1, length L drawn with a weight of L^-1.2,
 * the distribution PE's {@code RandomDistribution.Zipf(random, 1, valueSize, 1.2)} draws (short
 * values common, long ones rare). Lengths are grouped into buckets, each one length wide until
 * lengths reach 1000 and then about 0.1% of its lengths wide (PE's epsilon), so that the table
 * stays small for large values: a draw picks a bucket by the cumulative weights, then a length
 * uniformly within it.
 *
 * <p>Immutable once built; {@link #next} allocates nothing and draws from the caller's random.
 */
final class ZipfValueLength {
  private static final double EXPONENT = 1.2;
  private static final double BUCKET_WIDTH = 0.001;

  /** Last length of each bucket, ascending; bucket i holds upper[i-1]+1 .. upper[i]. */
  private final int[] upper;

  /** Probability of a length up to upper[i]; the last is 1. */
  private final double[] cumulative;

  /**
   * @param valueSize PE's --valueSize, at least 2 (PE's Zipf refuses a range of one length)
   */
  ZipfValueLength(int valueSize) {
    if (valueSize < 2) {
      throw new IllegalArgumentException(
          "--valueZipf needs --valueSize of at least 2: " + valueSize);
    }
    int max = valueSize - 1;
    int[] ends = new int[Math.min(max, 1024)];
    double[] sums = new double[ends.length];
    int buckets = 0;
    int last = 0;
    double sum = 0;
    for (int length = 1; length <= max; length++) {
      sum += Math.exp(-EXPONENT * Math.log(length));
      if (length == max || length * (1 - BUCKET_WIDTH) > last) {
        if (buckets == ends.length) {
          ends = Arrays.copyOf(ends, buckets * 2);
          sums = Arrays.copyOf(sums, buckets * 2);
        }
        ends[buckets] = length;
        sums[buckets++] = sum;
        last = length;
      }
    }
    this.upper = Arrays.copyOf(ends, buckets);
    this.cumulative = new double[buckets];
    for (int i = 0; i < buckets; i++) {
      cumulative[i] = sums[i] / sum;
    }
    cumulative[buckets - 1] = 1.0; // rounding must not leave a draw past the last bucket
  }

  /** A length in 1 .. valueSize-1. */
  int next(SplittableRandom random) {
    double d = random.nextDouble();
    int i = Arrays.binarySearch(cumulative, d);
    if (i < 0) {
      i = -i - 1; // the first bucket whose cumulative weight is above d
    }
    int lower = i == 0 ? 0 : upper[i - 1];
    return upper[i] - random.nextInt(upper[i] - lower);
  }
}
