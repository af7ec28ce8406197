package io.hbload.core.mixgraph;

import static io.hbload.core.mixgraph.Samples.BOUND;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hbload.core.config.MixgraphSpec.Pareto;
import org.junit.jupiter.api.Test;

/**
 * db_bench's Pareto draws (its value sizes' and scan lengths' parameters) follow the generalized
 * Pareto distribution they are configured with, within a KS distance of 0.01 on 100,000 draws, and
 * the check tells a draw of other parameters apart.
 */
class GeneralizedParetoTest {
  @Test
  void valueSizeParametersDrawTheirDistribution() {
    GeneralizedPareto pareto = new GeneralizedPareto(new Pareto(0, 0.2615, 25.45));
    long[] draws = Samples.sorted(1, pareto::draw);
    assertThat(KolmogorovSmirnov.distance(draws, pareto::cdf)).isLessThan(BOUND);

    GeneralizedPareto other = new GeneralizedPareto(new Pareto(0, 0.2615, 30));
    assertThat(KolmogorovSmirnov.distance(draws, other::cdf)).isGreaterThan(BOUND);
  }

  @Test
  void heavyTailedScanParametersDrawTheirDistribution() {
    GeneralizedPareto pareto = new GeneralizedPareto(new Pareto(0, 2.517, 14.236));
    long[] draws = Samples.sorted(2, pareto::draw);
    assertThat(KolmogorovSmirnov.distance(draws, pareto::cdf)).isLessThan(BOUND);

    GeneralizedPareto other = new GeneralizedPareto(new Pareto(0, 2.0, 14.236));
    assertThat(KolmogorovSmirnov.distance(draws, other::cdf)).isGreaterThan(BOUND);
  }

  @Test
  void exponentialAndBoundedShapesDrawTheirDistribution() {
    GeneralizedPareto exponential = new GeneralizedPareto(new Pareto(5, 0, 40));
    assertThat(KolmogorovSmirnov.distance(Samples.sorted(3, exponential::draw), exponential::cdf))
        .isLessThan(BOUND);
    // k < 0: support ends at theta - sigma / k = 200
    GeneralizedPareto bounded = new GeneralizedPareto(new Pareto(0, -0.5, 100));
    long[] draws = Samples.sorted(4, bounded::draw);
    assertThat(draws[draws.length - 1]).isLessThanOrEqualTo(200);
    assertThat(KolmogorovSmirnov.distance(draws, bounded::cdf)).isLessThan(BOUND);
  }

  @Test
  void drawsAsDbBenchInvertsTheTail() {
    GeneralizedPareto pareto = new GeneralizedPareto(new Pareto(0, 0.2615, 25.45));
    // u = 1: theta; u = 0.5: the median sigma (2^k - 1) / k = 19.2, rounded up
    assertThat(pareto.draw(1)).isZero();
    assertThat(pareto.quantile(0.5))
        .isCloseTo(25.45 * (Math.pow(2, 0.2615) - 1) / 0.2615, within(1e-9));
    assertThat(pareto.draw(0.5)).isEqualTo(20);
    assertThat(pareto.cdf(pareto.quantile(0.25))).isCloseTo(0.75, within(1e-12));
  }
}
