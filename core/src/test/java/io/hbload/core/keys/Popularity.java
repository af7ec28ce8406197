package io.hbload.core.keys;

import java.util.Arrays;
import java.util.function.LongSupplier;

/** Draw counts over key numbers [0, size), with the statistics the distribution tests compare. */
public final class Popularity {
  private final long[] counts;
  private long total;

  public Popularity(int size) {
    counts = new long[size];
  }

  public static Popularity draw(int size, int draws, LongSupplier source) {
    Popularity p = new Popularity(size);
    for (int i = 0; i < draws; i++) {
      p.add(source.getAsLong());
    }
    return p;
  }

  public void add(long key) {
    if (key < 0 || key >= counts.length) {
      throw new AssertionError("key number out of range: " + key);
    }
    counts[(int) key]++;
    total++;
  }

  public double share(long key) {
    return (double) counts[(int) key] / total;
  }

  /** Key numbers by descending count. */
  public int[] ranking(int k) {
    Integer[] idx = new Integer[counts.length];
    for (int i = 0; i < idx.length; i++) {
      idx[i] = i;
    }
    Arrays.sort(idx, (a, b) -> Long.compare(counts[b], counts[a]));
    return Arrays.stream(idx).limit(k).mapToInt(Integer::intValue).toArray();
  }

  public double topShare(int k) {
    long sum = 0;
    for (int key : ranking(k)) {
      sum += counts[key];
    }
    return (double) sum / total;
  }

  /** Total-variation distance between the two empirical distributions, in [0, 1]. */
  public double totalVariation(Popularity other) {
    double sum = 0;
    int n = Math.max(counts.length, other.counts.length);
    for (int i = 0; i < n; i++) {
      double a = i < counts.length ? (double) counts[i] / total : 0;
      double b = i < other.counts.length ? (double) other.counts[i] / other.total : 0;
      sum += Math.abs(a - b);
    }
    return sum / 2;
  }

  /** Pearson chi-square statistic against the uniform distribution over [from, to]. */
  public double chiSquareUniform(int from, int to) {
    double expected = (double) total / (to - from + 1);
    double chi = 0;
    for (int i = from; i <= to; i++) {
      double d = counts[i] - expected;
      chi += d * d / expected;
    }
    return chi;
  }

  public long count(long key) {
    return counts[(int) key];
  }

  public long total() {
    return total;
  }
}
