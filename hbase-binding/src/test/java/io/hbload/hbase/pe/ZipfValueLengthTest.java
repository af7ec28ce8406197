package io.hbload.hbase.pe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** --valueZipf's lengths: PE's range (1 .. valueSize-1) and weights (L^-1.2). */
class ZipfValueLengthTest {
  @Test
  void lengthsFollowPesWeights() {
    int valueSize = 1000;
    double total = 0;
    for (int l = 1; l < valueSize; l++) {
      total += Math.pow(l, -1.2);
    }
    ZipfValueLength zipf = new ZipfValueLength(valueSize);
    SplittableRandom random = new SplittableRandom(42);
    int draws = 200_000;
    long[] counts = new long[valueSize];
    for (int i = 0; i < draws; i++) {
      int l = zipf.next(random);
      assertThat(l).isBetween(1, valueSize - 1);
      counts[l]++;
    }
    for (int l : new int[] {1, 2, 10}) {
      assertThat(counts[l] / (double) draws)
          .as("P(%d)", l)
          .isCloseTo(Math.pow(l, -1.2) / total, within(0.005));
    }
    long upTo100 = 0;
    for (int l = 1; l <= 100; l++) {
      upTo100 += counts[l];
    }
    double expected = 0;
    for (int l = 1; l <= 100; l++) {
      expected += Math.pow(l, -1.2) / total;
    }
    assertThat(upTo100 / (double) draws).isCloseTo(expected, within(0.005));
  }

  @Test
  void largeValuesStayInRangeAndReachTheLongOnes() {
    int valueSize = 4 * 1024 * 1024;
    ZipfValueLength zipf = new ZipfValueLength(valueSize);
    SplittableRandom random = new SplittableRandom(7);
    int longest = 0;
    for (int i = 0; i < 100_000; i++) {
      int l = zipf.next(random);
      assertThat(l).isBetween(1, valueSize - 1);
      longest = Math.max(longest, l);
    }
    assertThat(longest).isGreaterThan(100_000);
  }
}
