package io.hbload.report.compare;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The interval histograms of one tag of one side, in time order, each reduced to its non-empty
 * buckets as indexes into a {@link ValueScale} shared with the other side, with its length in
 * seconds. A resample of intervals is then a sum of a few short arrays. Immutable.
 */
final class IntervalSeries {
  private final ValueScale scale;
  private final int[][] index;
  private final long[][] count;
  private final long[] totals;
  private final double[] seconds;

  IntervalSeries(ValueScale scale, List<Histogram> intervals) {
    this(scale, intervals, new RecordedValues());
  }

  IntervalSeries(ValueScale scale, List<Histogram> intervals, RecordedValues recorded) {
    this.scale = scale;
    int n = intervals.size();
    index = new int[n][];
    count = new long[n][];
    totals = new long[n];
    seconds = new double[n];
    for (int i = 0; i < n; i++) {
      Histogram h = intervals.get(i);
      long[][] values = recorded.of(h);
      index[i] = new int[values[0].length];
      for (int b = 0; b < index[i].length; b++) {
        index[i][b] = scale.index(values[0][b]);
      }
      count[i] = values[1];
      totals[i] = h.getTotalCount();
      seconds[i] = Math.max(0, h.getEndTimeStamp() - h.getStartTimeStamp()) / 1000.0;
    }
  }

  int size() {
    return totals.length;
  }

  long total() {
    long t = 0;
    for (long c : totals) {
      t += c;
    }
    return t;
  }

  ValueScale scale() {
    return scale;
  }

  /**
   * Adds interval {@code i}'s counts into {@code into} (aligned with the scale); returns its count.
   */
  long addTo(int i, long[] into) {
    int[] ix = index[i];
    long[] c = count[i];
    for (int b = 0; b < ix.length; b++) {
      into[ix[b]] += c[b];
    }
    return totals[i];
  }

  double seconds(int i) {
    return seconds[i];
  }

  long count(int i) {
    return totals[i];
  }
}
