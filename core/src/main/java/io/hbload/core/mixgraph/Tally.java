package io.hbload.core.mixgraph;

import java.util.Arrays;
import java.util.function.LongToDoubleFunction;

/**
 * Counts of whole numbers (key numbers, ranks, value sizes) in fixed bins, to set what a run
 * offered against what was configured: the Kolmogorov-Smirnov distance at the bins' upper edges
 * ({@link #distance}), a lower bound of the exact distance that is exact when every bin holds one
 * value. Recording is a binary search over at most {@link #MAX_BINS} edges, and allocates nothing.
 *
 * <p>A worker's own tally is confined to it; {@link #add} and {@link #distance} on a tally that
 * several workers add into are synchronized.
 */
public final class Tally {
  /** Enough bins that a right sample's binned distance is its exact one within 1/4096. */
  public static final int MAX_BINS = 4096;

  /** Bin i holds the values in (upper[i - 1], upper[i]]; the first holds everything below. */
  private final long[] upper;

  private final long[] counts;
  private long total;

  private Tally(long[] upper) {
    this.upper = upper;
    this.counts = new long[upper.length];
  }

  /** Bins of equal width over [0, max]: one per value up to {@link #MAX_BINS} values. */
  public static Tally linear(long max) {
    int bins = (int) Math.min(MAX_BINS, max + 1);
    long[] upper = new long[bins];
    for (int i = 0; i < bins; i++) {
      upper[i] = bins == max + 1 ? i : (long) Math.floor((double) max * (i + 1) / bins);
    }
    upper[bins - 1] = max;
    return new Tally(upper);
  }

  /**
   * Bins growing geometrically from 1 to {@code max}: for a heavy head (power-model ranks), one per
   * value where most of the mass is.
   */
  public static Tally geometric(long max) {
    long[] upper = new long[MAX_BINS];
    int n = 0;
    double ratio = Math.pow(Math.max(2, max), 1.0 / MAX_BINS);
    double edge = 1;
    long last = -1;
    while (n < MAX_BINS && last < max) {
      long next = Math.min(max, Math.max(last + 1, (long) Math.floor(edge)));
      upper[n++] = next;
      last = next;
      edge *= ratio;
    }
    upper[n - 1] = max;
    return new Tally(Arrays.copyOf(upper, n));
  }

  /** An empty tally with the same bins. */
  public Tally emptyCopy() {
    return new Tally(upper);
  }

  /** Counts {@code value}; a value above the last edge counts in the last bin. */
  public void record(long value) {
    int i = Arrays.binarySearch(upper, value);
    counts[i >= 0 ? i : Math.min(-i - 1, counts.length - 1)]++;
    total++;
  }

  /** Adds a worker's counts into this shared tally. */
  public synchronized void add(Tally worker) {
    for (int i = 0; i < counts.length; i++) {
      counts[i] += worker.counts[i];
    }
    total += worker.total;
  }

  /** How many values were counted. */
  public synchronized long count() {
    return total;
  }

  /**
   * sup over the bins' upper edges e of |share of values <= e - cdf(e)|; NaN when nothing was
   * counted.
   */
  public synchronized double distance(LongToDoubleFunction cdf) {
    if (total == 0) {
      return Double.NaN;
    }
    double d = 0;
    long below = 0;
    for (int i = 0; i < counts.length; i++) {
      below += counts[i];
      d = Math.max(d, Math.abs(below / (double) total - cdf.applyAsDouble(upper[i])));
    }
    return d;
  }
}
