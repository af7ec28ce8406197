package io.hbload.core.mixgraph;

import io.hbload.core.config.MixgraphSpec;
import io.hbload.core.config.MixgraphSpec.KeyRangeHotness;
import io.hbload.core.config.MixgraphSpec.Mix;
import io.hbload.core.config.MixgraphSpec.Pareto;
import io.hbload.core.config.MixgraphSpec.SineRate;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.DoubleToLongFunction;

/** Mixgraph specs with db_bench's defaults, and sorted samples of a sampler's draws. */
final class Samples {
  /** Draws per distribution test: the KS distance of a right sample is then about 0.003. */
  static final int DRAWS = 100_000;

  /**
   * Above every right sample's KS distance at 100,000 draws (1.95 / sqrt(n) = 0.0062 is the 0.1 %
   * critical value; discrete distributions stay below it), below every wrong one's in these tests.
   */
  static final double BOUND = 0.01;

  /** The paper's all-random key ranges (keyrange_dist_a..d, keyrange_num=30). */
  static final KeyRangeHotness ALL_RANDOM_RANGES =
      new KeyRangeHotness(14.18, -2.917, 0.0164, -0.08082, 30);

  private Samples() {}

  /** db_bench's defaults, with these key ranges (null for none) and key model. */
  static MixgraphSpec spec(KeyRangeHotness ranges, double keyDistA, double keyDistB) {
    return new MixgraphSpec(
        ranges,
        keyDistA,
        keyDistB,
        new Pareto(0, 0.2615, 25.45),
        new Pareto(0, 2.517, 14.236),
        new Mix(1, 0, 0),
        10_000,
        1024,
        16,
        new SineRate(false, 1, 1, 0, 1, 10_000, 0));
  }

  /** db_bench's defaults with these value sizes and maximum. */
  static MixgraphSpec values(Pareto sizes, int max) {
    MixgraphSpec d = spec(null, 0, 0);
    return new MixgraphSpec(
        null, 0, 0, sizes, d.scanLengths(), d.mix(), d.maxScanLength(), max, 16, d.sine());
  }

  /** {@link #DRAWS} values of {@code draw} at uniform u in (0, 1], sorted. */
  static long[] sorted(long seed, DoubleToLongFunction draw) {
    SplittableRandom random = new SplittableRandom(seed);
    long[] out = new long[DRAWS];
    for (int i = 0; i < DRAWS; i++) {
      out[i] = draw.applyAsLong(1 - random.nextDouble());
    }
    Arrays.sort(out);
    return out;
  }
}
