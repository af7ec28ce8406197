package io.hbload.core.mixgraph;

import io.hbload.core.config.MixgraphSpec.KeyRangeHotness;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The key space cut into {@code keyrange_num} equal ranges whose shares of the accesses follow the
 * two-term exponential f(x) = a exp(bx) + c exp(dx), built as db_bench's GenerateTwoTermExpKeys
 * builds them: range x's hotness, scaled by the first positive hotness met from the last range down
 * (so that the coldest gets a weight of about 1), floored to a whole weight, and the ranges then
 * shuffled over the key space by a generator seeded with the total weight, so that the same
 * parameters always put the hot ranges at the same places. Immutable, thread-safe; {@link #range}
 * allocates nothing.
 */
public final class KeyRanges {
  /** db_bench treats a hotness below this as none. */
  private static final double NO_HOTNESS = 1e-16;

  /** The largest total weight: a uniform draw below it must be exact. */
  private static final double MAX_TOTAL = 0x1p62;

  /** {@code starts[i]}: the first weight of range i (by key position); {@code starts[n]} total. */
  private final long[] starts;

  private final long keysPerRange;

  /**
   * @throws IllegalArgumentException with a one-line reason when no range is ever accessed, or the
   *     hotness spans too many orders of magnitude to weigh in whole numbers
   */
  public KeyRanges(KeyRangeHotness hotness, long records) {
    int n = hotness.count();
    long[] weights = new long[n];
    double amplify = 0;
    for (int x = n; x >= 1; x--) {
      double p = hotness.at(x);
      if (!(p >= NO_HOTNESS)) {
        continue; // below db_bench's floor, negative or not a number: never accessed
      }
      if (amplify == 0) {
        amplify = Math.floor(1 / p) + 1;
      }
      double weight = Math.floor(amplify * p);
      if (weight > MAX_TOTAL / n) {
        throw new IllegalArgumentException(
            "the key-range hotness spans too many orders of magnitude (range "
                + x
                + " is more than 4e18/keyrange_num times as hot as the coldest)");
      }
      weights[n - x] = (long) weight;
    }
    long total = Arrays.stream(weights).sum();
    if (total == 0) {
      throw new IllegalArgumentException(
          "no key range is ever accessed: a*exp(b*x) + c*exp(d*x) is below 1e-16 for every range");
    }
    SplittableRandom shuffle = new SplittableRandom(total);
    for (int i = n - 1; i > 0; i--) {
      int j = shuffle.nextInt(i + 1);
      long w = weights[i];
      weights[i] = weights[j];
      weights[j] = w;
    }
    this.starts = new long[n + 1];
    for (int i = 0; i < n; i++) {
      starts[i + 1] = starts[i] + weights[i];
    }
    this.keysPerRange = records / n;
  }

  /** The total weight: {@link #range} takes a uniform draw below it. */
  public long totalWeight() {
    return starts[starts.length - 1];
  }

  /** The range (by key position, from 0) a uniform {@code draw} in [0, total weight) falls in. */
  public int range(long draw) {
    int i = Arrays.binarySearch(starts, draw);
    // an exact hit may be the start of empty ranges too: the last range starting there holds it
    if (i >= 0) {
      while (starts[i + 1] == draw) {
        i++;
      }
      return i;
    }
    return -i - 2;
  }

  /** Range i's share of the accesses. */
  public double probability(int i) {
    return (starts[i + 1] - starts[i]) / (double) totalWeight();
  }

  /** How many ranges there are. */
  public int count() {
    return starts.length - 1;
  }

  /** The keys of each range: the records divided by the ranges, the remainder never accessed. */
  public long keysPerRange() {
    return keysPerRange;
  }
}
