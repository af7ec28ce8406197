package io.hbload.core.mixgraph;

import static io.hbload.core.mixgraph.Samples.BOUND;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.config.MixgraphSpec.Pareto;
import org.junit.jupiter.api.Test;

/**
 * Value sizes follow db_bench's rule (at least 10 bytes, a draw above the maximum taken modulo it),
 * and {@link ValueSizes#cdf} states that distribution: 100,000 sizes are within a KS distance of
 * 0.01 of it, also where the modulo moves a seventh of the mass, and not of the distribution that
 * caps at the maximum instead.
 */
class ValueSizesTest {
  private static final Pareto PAPER = new Pareto(0, 0.2615, 25.45);

  @Test
  void sizesFollowTheirDistribution() {
    ValueSizes sizes = new ValueSizes(Samples.values(PAPER, 1024));
    long[] drawn = Samples.sorted(5, sizes::size);
    assertThat(drawn[0]).isEqualTo(10);
    assertThat(KolmogorovSmirnov.distance(drawn, sizes::cdf)).isLessThan(BOUND);

    ValueSizes other = new ValueSizes(Samples.values(new Pareto(0, 0.2615, 35), 1024));
    assertThat(KolmogorovSmirnov.distance(drawn, other::cdf)).isGreaterThan(BOUND);
  }

  @Test
  void drawsAboveTheMaximumWrapAsInDbBench() {
    // P(draw > 64) = (1 + 0.2615 * 64 / 25.45)^(-1 / 0.2615) = 0.145
    ValueSizes sizes = new ValueSizes(Samples.values(PAPER, 64));
    long[] drawn = Samples.sorted(6, sizes::size);
    assertThat(drawn[drawn.length - 1]).isLessThanOrEqualTo(64);
    assertThat(KolmogorovSmirnov.distance(drawn, sizes::cdf)).isLessThan(BOUND);

    GeneralizedPareto pareto = new GeneralizedPareto(PAPER);
    double capped =
        KolmogorovSmirnov.distance(drawn, n -> n < 10 ? 0 : n >= 64 ? 1 : pareto.cdf(n));
    assertThat(capped).as("sizes capped at the maximum instead").isGreaterThan(BOUND);
  }

  @Test
  void sizeFollowsDbBenchRule() {
    ValueSizes sizes = new ValueSizes(Samples.values(new Pareto(0, 0, 100), 1000));
    // exponential: the draw at u is ceil(-100 ln u)
    assertThat(sizes.size(1)).as("0 raised to 10").isEqualTo(10);
    assertThat(sizes.size(Math.exp(-5.5))).isEqualTo(550);
    assertThat(sizes.size(Math.exp(-10))).as("exactly the maximum").isEqualTo(1000);
    assertThat(sizes.size(Math.exp(-12.345))).as("1235 modulo 1000").isEqualTo(235);
    assertThat(sizes.size(Math.exp(-20))).as("2000 modulo 1000").isZero();
  }
}
