package io.hbload.core.mixgraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The distance is the exact supremum for distributions over whole numbers. */
class KolmogorovSmirnovTest {
  @Test
  void aSampleOfTheDistributionItselfIsAtDistanceZero() {
    // F: 1, 2 and 3 with 1/4, 1/2, 1/4
    long[] sample = {1, 2, 2, 3};
    assertThat(KolmogorovSmirnov.distance(sample, n -> n < 1 ? 0 : n < 2 ? 0.25 : n < 3 ? 0.75 : 1))
        .isZero();
  }

  @Test
  void theSupremumBetweenTwoSampleValuesCounts() {
    // all of F's mass at 5, between the sample's 1 and 10: just below 10, F_n is 1/4 and F is 1
    long[] sample = {1, 10, 10, 10};
    assertThat(KolmogorovSmirnov.distance(sample, n -> n >= 5 ? 1 : 0))
        .isCloseTo(0.75, within(1e-12));
  }

  @Test
  void massBelowTheSmallestSampleValueCounts() {
    // uniform over 1..10; the sample has only 10s: F(9) = 0.9 where F_n is 0
    long[] sample = {10, 10};
    assertThat(KolmogorovSmirnov.distance(sample, n -> Math.min(1, Math.max(0, n / 10.0))))
        .isCloseTo(0.9, within(1e-12));
  }
}
