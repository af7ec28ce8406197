package io.hbload.report.compare;

import java.util.Arrays;
import java.util.Collection;
import org.HdrHistogram.Histogram;

/**
 * The distinct bucket values (each bucket's highest equivalent value, as {@link
 * Histogram#getValueAtPercentile} reports it) that any histogram of both sides recorded, sorted: a
 * common axis, so that a bootstrap resample sums short count arrays instead of whole histograms,
 * and a percentile is one scan. Immutable.
 */
final class ValueScale {
  private final long[] values;

  private ValueScale(long[] values) {
    this.values = values;
  }

  static ValueScale of(Collection<Histogram> histograms) {
    return of(histograms, new RecordedValues());
  }

  static ValueScale of(Collection<Histogram> histograms, RecordedValues recorded) {
    long[] all = new long[16];
    int n = 0;
    for (Histogram h : histograms) {
      long[] values = recorded.of(h)[0];
      if (n + values.length > all.length) {
        all = Arrays.copyOf(all, Math.max(all.length * 2, n + values.length));
      }
      System.arraycopy(values, 0, all, n, values.length);
      n += values.length;
    }
    return new ValueScale(Arrays.stream(all, 0, n).sorted().distinct().toArray());
  }

  int size() {
    return values.length;
  }

  long value(int index) {
    return values[index];
  }

  /**
   * Where {@code value} sits on the scale; it must be one of the values the scale was built from.
   */
  int index(long value) {
    int i = Arrays.binarySearch(values, value);
    if (i < 0) {
      throw new IllegalStateException("value " + value + " not on the scale");
    }
    return i;
  }

  /**
   * The values at the percentiles {@code ps} (ascending) of the counts, with HdrHistogram's rule
   * (the first bucket whose cumulative count reaches ceil(p% of the total)), so that a figure here
   * equals the one {@code --json} printed from the same histogram; NaN for an empty one.
   */
  void percentiles(long[] counts, long total, double[] ps, double[] out) {
    if (total == 0) {
      Arrays.fill(out, Double.NaN);
      return;
    }
    int k = 0;
    long cumulative = 0;
    for (int i = 0; i < counts.length && k < ps.length; i++) {
      cumulative += counts[i];
      while (k < ps.length && cumulative >= rank(ps[k], total)) {
        out[k++] = values[i];
      }
    }
    while (k
        < ps.length) { // rounding cannot leave one behind, but a last value is the honest answer if
      // it did
      out[k++] = values[values.length - 1];
    }
  }

  /**
   * The figures of summed counts: the values at {@code ps}, then the throughput (operations per
   * second over {@code seconds}, NaN without time), as every bootstrap replicate and estimate has
   * them.
   */
  double[] figures(long[] counts, long total, double seconds, double[] ps) {
    double[] out = new double[ps.length + 1];
    percentiles(counts, total, ps, out);
    out[ps.length] = seconds > 0 ? total / seconds : Double.NaN;
    return out;
  }

  private static long rank(double percentile, long total) {
    double p = Math.min(Math.max(Math.nextAfter(percentile, Double.NEGATIVE_INFINITY), 0.0), 100.0);
    return Math.max(1, (long) Math.ceil(p * total / 100.0));
  }
}
