package io.hbload.report.compare;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The bootstrap of the rounds of each side (a hierarchical bootstrap): a resample draws as many
 * rounds as the side has, with replacement, and takes its figures from the sum of the drawn rounds'
 * interval histograms. Rounds are what repeats (a fresh client, another moment of the machine), so
 * their spread holds the run-to-run variation; each round's intervals enter through its summed
 * histogram, so a tail figure rests on every latency of every round, far steadier than the mean of
 * per-round tail figures: on the same duets, the per-round Welch interval this replaces saw a READ
 * p99 difference of 42-138 % where this sees 37-60 %.
 *
 * <p>Each drawn round is kept whole (Davison and Hinkley 1997, 3.8, strategy 1): its figures
 * already hold the variation of its intervals, and resampling those too counts it twice (on an
 * embedded-HBase duet of 9 rounds a side, p99's interval 1.6 times as wide). With few rounds a
 * resample is one of a handful, so the comparer uses this from {@link #FEWEST_ROUNDS} rounds a side
 * and Welch's t on per-round figures below.
 *
 * <p>Paired rounds (a duet's: round i of A and round i of B taken one after the other) are drawn
 * together, by one index, so that what the machine did at that moment is in both sides of the ratio
 * and cancels, as in a paired t-test; unpaired sides are drawn independently. The spread of n drawn
 * rounds is (n-1)/n of the true one and a percentile interval too narrow; the caller expands it for
 * the number of rounds as for blocks ({@link BlockBootstrap#expandedTail}). Seeded. Stateless.
 */
final class HierarchicalBootstrap {
  /** Fewest rounds a side for this bootstrap: with fewer, a resample is one of a handful. */
  static final int FEWEST_ROUNDS = 5;

  private HierarchicalBootstrap() {}

  /**
   * {@code resamples} replicates of both sides' figures (the values at {@code ps}, then the
   * throughput): {@code [side][replicate][figure]}, side 0 being A.
   *
   * @param paired draw round i of A with round i of B (the sides must have as many rounds)
   */
  static double[][][] replicates(
      List<IntervalSeries> a,
      List<IntervalSeries> b,
      boolean paired,
      double[] ps,
      int resamples,
      long seed) {
    if (paired && a.size() != b.size()) {
      throw new IllegalArgumentException("paired sides need as many rounds a side");
    }
    SplittableRandom random = new SplittableRandom(seed);
    ValueScale scale = a.get(0).scale();
    long[] counts = new long[scale.size()];
    Whole[] wholeA = whole(a, counts);
    Whole[] wholeB = whole(b, counts);
    int[] drawA = new int[a.size()];
    int[] drawB = new int[b.size()];
    double[][][] out = new double[2][resamples][];
    for (int r = 0; r < resamples; r++) {
      draw(random, drawA);
      if (paired) {
        System.arraycopy(drawA, 0, drawB, 0, drawA.length);
      } else {
        draw(random, drawB);
      }
      out[0][r] = figures(scale, wholeA, drawA, ps, counts);
      out[1][r] = figures(scale, wholeB, drawB, ps, counts);
    }
    return out;
  }

  /**
   * A round's intervals summed once, as its non-empty buckets: a resample adds whole rounds, so a
   * long round (15 minutes of 1 s intervals) costs its buckets, not its intervals, per resample.
   */
  private record Whole(int[] index, long[] count, long total, double seconds) {}

  private static Whole[] whole(List<IntervalSeries> rounds, long[] scratch) {
    Whole[] out = new Whole[rounds.size()];
    for (int r = 0; r < out.length; r++) {
      IntervalSeries round = rounds.get(r);
      java.util.Arrays.fill(scratch, 0);
      long total = 0;
      double seconds = 0;
      for (int j = 0; j < round.size(); j++) {
        total += round.addTo(j, scratch);
        seconds += round.seconds(j);
      }
      int buckets = 0;
      for (long c : scratch) {
        buckets += c > 0 ? 1 : 0;
      }
      int[] index = new int[buckets];
      long[] count = new long[buckets];
      for (int i = 0, b = 0; i < scratch.length; i++) {
        if (scratch[i] > 0) {
          index[b] = i;
          count[b++] = scratch[i];
        }
      }
      out[r] = new Whole(index, count, total, seconds);
    }
    return out;
  }

  private static void draw(SplittableRandom random, int[] into) {
    for (int i = 0; i < into.length; i++) {
      into[i] = random.nextInt(into.length);
    }
  }

  private static double[] figures(
      ValueScale scale, Whole[] rounds, int[] drawn, double[] ps, long[] counts) {
    java.util.Arrays.fill(counts, 0);
    long total = 0;
    double seconds = 0;
    for (int i : drawn) {
      Whole round = rounds[i];
      for (int b = 0; b < round.index().length; b++) {
        counts[round.index()[b]] += round.count()[b];
      }
      total += round.total();
      seconds += round.seconds();
    }
    return scale.figures(counts, total, seconds, ps);
  }
}
