package io.hbload.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The scale's percentiles are HdrHistogram's, so compare's figures are the ones {@code --json}
 * printed.
 */
class ValueScaleTest {
  @Test
  void percentilesOfSummedIntervalsEqualHdrHistogramsOfTheSum() {
    SplittableRandom random = new SplittableRandom(7);
    List<Histogram> intervals = new java.util.ArrayList<>();
    Histogram sum = new Histogram(3);
    for (int i = 0; i < 30; i++) {
      Histogram h = new Histogram(3);
      for (int j = 0; j < 500; j++) {
        h.recordValue((long) (1_000_000 * Math.exp(1.2 * random.nextGaussian())));
      }
      h.setStartTimeStamp(i * 1000L);
      h.setEndTimeStamp(i * 1000L + 1000);
      intervals.add(h);
      sum.add(h);
    }
    ValueScale scale = ValueScale.of(intervals);
    IntervalSeries series = new IntervalSeries(scale, intervals);
    double[] ps = {0.5, 50, 90, 99, 99.9, 99.99, 100};
    double[] figures = BlockBootstrap.estimate(series, ps);
    for (int k = 0; k < ps.length; k++) {
      assertThat(figures[k]).as("p%s", ps[k]).isEqualTo((double) sum.getValueAtPercentile(ps[k]));
    }
    assertThat(figures[ps.length]).as("throughput").isEqualTo(15_000 / 30.0);
  }

  @Test
  void theBootstrapIsReproducibleFromItsSeedAndVariesWithIt() {
    SplittableRandom random = new SplittableRandom(3);
    List<Histogram> intervals = new java.util.ArrayList<>();
    for (int i = 0; i < 27; i++) {
      Histogram h = new Histogram(3);
      for (int j = 0; j < 100; j++) {
        h.recordValue(1000 + random.nextInt(100_000));
      }
      h.setStartTimeStamp(i * 500L);
      h.setEndTimeStamp(i * 500L + 500);
      intervals.add(h);
    }
    IntervalSeries series = new IntervalSeries(ValueScale.of(intervals), intervals);
    double[] ps = {50};
    assertThat(BlockBootstrap.blockLength(27)).isEqualTo(3);
    assertThat(BlockBootstrap.replicates(series, ps, 50, 11))
        .isDeepEqualTo(BlockBootstrap.replicates(series, ps, 50, 11));
    assertThat(
            java.util.Arrays.deepEquals(
                BlockBootstrap.replicates(series, ps, 50, 11),
                BlockBootstrap.replicates(series, ps, 50, 12)))
        .as("another seed, other resamples")
        .isFalse();
  }
}
