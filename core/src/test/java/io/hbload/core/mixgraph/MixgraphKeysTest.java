package io.hbload.core.mixgraph;

import static io.hbload.core.mixgraph.Samples.ALL_RANDOM_RANGES;
import static io.hbload.core.mixgraph.Samples.BOUND;
import static io.hbload.core.mixgraph.Samples.DRAWS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.hbload.core.config.MixgraphSpec.KeyRangeHotness;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Keys follow the configured key-range hotness and key model: 100,000 keys of the paper's
 * all-random parameters are within a KS distance of 0.01 of the distribution they describe, and far
 * from uniform keys and from other hotness; the power model's ranks follow a r^b.
 */
class MixgraphKeysTest {
  private static final long RECORDS = 30_000;

  @Test
  void allRandomKeysFollowTheirRangesHotness() {
    MixgraphKeys keys = new MixgraphKeys(Samples.spec(ALL_RANDOM_RANGES, 0, 0), RECORDS);
    long[] drawn = draw(keys, 7);
    assertThat(drawn[0]).isNotNegative();
    assertThat(drawn[DRAWS - 1]).isLessThan(RECORDS);
    assertThat(KolmogorovSmirnov.distance(drawn, keys::keyCdf)).isLessThan(BOUND);

    assertThat(KolmogorovSmirnov.distance(drawn, n -> Math.min(1, (n + 1) / (double) RECORDS)))
        .as("uniform keys")
        .isGreaterThan(BOUND);
    MixgraphKeys other =
        new MixgraphKeys(
            Samples.spec(new KeyRangeHotness(14.18, -1.5, 0.0164, -0.08082, 30), 0, 0), RECORDS);
    assertThat(KolmogorovSmirnov.distance(drawn, other::keyCdf))
        .as("other hotness")
        .isGreaterThan(BOUND);
  }

  @Test
  void rangesWeighTheTwoTermExponentialAsDbBench() {
    KeyRanges ranges = new KeyRanges(ALL_RANDOM_RANGES, RECORDS);
    assertThat(ranges.count()).isEqualTo(30);
    assertThat(ranges.keysPerRange()).isEqualTo(1000);
    // db_bench: the coldest range (x = 30) sets the scale 1 / f(30) + 1 = 685; range 1 weighs
    // floor(685 f(1)) = 535, range 30 one
    double f30 = ALL_RANDOM_RANGES.at(30);
    double amplify = Math.floor(1 / f30) + 1;
    double[] shares = new double[30];
    for (int i = 0; i < 30; i++) {
      shares[i] = ranges.probability(i);
    }
    Arrays.sort(shares);
    assertThat(shares[29] * ranges.totalWeight())
        .isEqualTo(Math.floor(amplify * ALL_RANDOM_RANGES.at(1)));
    assertThat(shares[0] * ranges.totalWeight()).isCloseTo(1, within(1e-9));
    assertThat(Arrays.stream(shares).sum()).isCloseTo(1, within(1e-12));
    // shuffled by the parameters alone: the hottest range is not the first, and always the same
    assertThat(ranges.probability(0)).isLessThan(shares[29]);
    assertThat(new KeyRanges(ALL_RANDOM_RANGES, RECORDS).probability(0))
        .isEqualTo(ranges.probability(0));
  }

  @Test
  void powerRanksFollowTheirModel() {
    // the paper's key model: F(rank) = 0.002312 rank^0.3467
    MixgraphKeys keys = new MixgraphKeys(Samples.spec(null, 0.002312, 0.3467), RECORDS);
    long[] ranks = Samples.sorted(8, u -> keys.rank(1 - u));
    assertThat(KolmogorovSmirnov.distance(ranks, keys::rankCdf)).isLessThan(BOUND);

    MixgraphKeys other = new MixgraphKeys(Samples.spec(null, 0.002312, 0.4), RECORDS);
    assertThat(KolmogorovSmirnov.distance(ranks, other::rankCdf)).isGreaterThan(BOUND);
  }

  @Test
  void powerKeysStayInTheirRangeAndConcentrate() {
    MixgraphKeys keys =
        new MixgraphKeys(Samples.spec(ALL_RANDOM_RANGES, 0.002312, 0.3467), RECORDS);
    long[] drawn = draw(keys, 9);
    assertThat(drawn[0]).isNotNegative();
    assertThat(drawn[DRAWS - 1]).isLessThan(RECORDS);
    // rank 1 of the hottest range (about 78 % of accesses) alone takes 0.23 % of them: the most
    // drawn key is drawn about 180 times where a uniform key would be drawn 3 times
    int most = 0;
    for (int i = 0; i < DRAWS; ) {
      int j = i;
      while (j < DRAWS && drawn[j] == drawn[i]) {
        j++;
      }
      most = Math.max(most, j - i);
      i = j;
    }
    assertThat(most).isGreaterThan(100);
  }

  @Test
  void hotnessThatNoRangeHasIsRefused() {
    assertThatThrownBy(() -> new KeyRanges(new KeyRangeHotness(-1, 0, 0, 0, 10), 100))
        .hasMessageContaining("no key range is ever accessed");
    assertThatThrownBy(() -> new KeyRanges(new KeyRangeHotness(1, 40, 1e-15, 0, 30), 100))
        .hasMessageContaining("too many orders of magnitude");
  }

  private static long[] draw(MixgraphKeys keys, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    long[] out = new long[DRAWS];
    for (int i = 0; i < DRAWS; i++) {
      out[i] = keys.next(random);
    }
    Arrays.sort(out);
    return out;
  }
}
