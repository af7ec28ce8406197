package io.hbload.core.source;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * An operation's draws depend on the seed, its number and its part alone, and the first draws of
 * neighbouring operations (an operation takes only a few) are as uniform and as unrelated as one
 * stream's: each operation starts its own stream, so a weak start would show here first.
 */
class CycleRandomTest {
  @Test
  void aPositionDrawsTheSameWhateverWasDrawnBefore() {
    CycleRandom a = new CycleRandom(42);
    CycleRandom b = new CycleRandom(42);
    b.at(7, CycleRandom.FIRST);
    b.nextLong();
    b.at(1_000_000, CycleRandom.LATER);
    b.nextLong();
    a.at(5, CycleRandom.FIRST);
    b.at(5, CycleRandom.FIRST);
    for (int i = 0; i < 10; i++) {
      assertThat(b.nextLong()).isEqualTo(a.nextLong());
    }
    a.at(5, CycleRandom.LATER);
    b.at(5, CycleRandom.FIRST);
    assertThat(a.nextLong()).as("another part of the operation").isNotEqualTo(b.nextLong());
    CycleRandom c = new CycleRandom(43);
    c.at(5, CycleRandom.FIRST);
    a.at(5, CycleRandom.FIRST);
    assertThat(c.nextLong()).as("another seed").isNotEqualTo(a.nextLong());
  }

  /**
   * The first draw of operations 0 .. N-1 in 64 buckets: a chi-square statistic far below what
   * 0.001 allows for 63 degrees of freedom (103.4), and neighbours' first draws uncorrelated.
   */
  @Test
  void theFirstDrawsOfConsecutiveOperationsAreUniformAndUnrelated() {
    CycleRandom r = new CycleRandom(42);
    int n = 640_000;
    long[] buckets = new long[64];
    double sumXy = 0;
    double sum = 0;
    double sumSq = 0;
    double previous = 0;
    for (int i = 0; i < n; i++) {
      r.at(i, CycleRandom.FIRST);
      double x = r.nextDouble();
      buckets[(int) (x * 64)]++;
      sum += x;
      sumSq += x * x;
      if (i > 0) {
        sumXy += x * previous;
      }
      previous = x;
    }
    double expected = n / 64.0;
    double chi = 0;
    for (long b : buckets) {
      chi += (b - expected) * (b - expected) / expected;
    }
    assertThat(chi).as("chi-square, 63 degrees of freedom").isLessThan(103.4);
    double mean = sum / n;
    double variance = sumSq / n - mean * mean;
    double lag1 = (sumXy / (n - 1) - mean * mean) / variance;
    assertThat(Math.abs(lag1)).as("lag-1 correlation of first draws").isLessThan(0.01);
  }
}
