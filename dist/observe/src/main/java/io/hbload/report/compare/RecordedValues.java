package io.hbload.report.compare;

import java.util.IdentityHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Each histogram's recorded bucket values and counts, read once: walking a histogram's buckets is
 * most of a comparison's time, and a comparison read each interval five times (the common scale,
 * the side's series, each round's), a calibration a hundred times over. Keyed by identity (a
 * histogram's own equality hashes its counts). Not thread-safe: one comparison's, or one
 * calibration's.
 */
final class RecordedValues {
  private final Map<Histogram, long[][]> read = new IdentityHashMap<>();

  /** {@code h}'s recorded values ({@code [0]}, ascending) and their counts ({@code [1]}). */
  long[][] of(Histogram h) {
    return read.computeIfAbsent(h, RecordedValues::walk);
  }

  private static long[][] walk(Histogram h) {
    long[] values = new long[16];
    long[] counts = new long[16];
    int n = 0;
    for (HistogramIterationValue v : h.recordedValues()) {
      if (n == values.length) {
        values = java.util.Arrays.copyOf(values, n * 2);
        counts = java.util.Arrays.copyOf(counts, n * 2);
      }
      values[n] = v.getValueIteratedTo();
      counts[n++] = v.getCountAtValueIteratedTo();
    }
    return new long[][] {java.util.Arrays.copyOf(values, n), java.util.Arrays.copyOf(counts, n)};
  }
}
