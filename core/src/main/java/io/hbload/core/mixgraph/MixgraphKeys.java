package io.hbload.core.mixgraph;

import io.hbload.core.config.MixgraphSpec;
import java.util.random.RandomGenerator;

/**
 * Which key (a number in [0, records)) a mixgraph operation touches, as db_bench's
 * GenerateTwoTermExpKeys picks it: a key range by its hotness ({@link KeyRanges}; the whole key
 * space when the four {@code keyrange_dist_*} are 0), then a key in that range, uniformly, or with
 * {@code key_dist_a} and {@code key_dist_b} by the power model: a rank r with P(rank <= r) = a r^b,
 * scattered over the range by a hash (so the hot keys of a range are not its first ones).
 *
 * <p>Unlike db_bench, whose loop skips the key ranges whenever {@code key_dist_a} or {@code
 * key_dist_b} is 0 (and so draws the paper's all-random parameters uniformly over the whole key
 * space), the ranges apply whatever the key model: their hotness is what those parameters describe.
 * Each draw is a fresh uniform number, where db_bench reuses one for the range, the key and the
 * value size.
 *
 * <p>What a run is checked on ({@link #checked}): the key number when keys are uniform within their
 * range, whose distribution {@link #keyCdf} states; under the power model the rank, which {@link
 * #rankCdf} states (a key number's probability is then scattered by the hash). Confined to one
 * worker's source, as it remembers its last draw's; {@link #next} allocates nothing.
 */
public final class MixgraphKeys {
  private final KeyRanges ranges;
  private final long rangeWeight;
  private final long keysPerRange;
  private final boolean power;
  private final double a;
  private final double b;

  /** P(key < first key of range i), for {@link #keyCdf}; null without ranges. */
  private final double[] before;

  /** The last draw's checked value: its rank, or its key number. */
  private long checked;

  /**
   * @throws IllegalArgumentException as {@link KeyRanges} does
   */
  public MixgraphKeys(MixgraphSpec spec, long records) {
    MixgraphSpec.KeyRangeHotness hotness = spec.keyRanges();
    this.ranges = hotness == null ? null : new KeyRanges(hotness, records);
    this.rangeWeight = ranges == null ? 0 : ranges.totalWeight();
    this.keysPerRange = ranges == null ? records : ranges.keysPerRange();
    this.power = spec.powerKeys();
    this.a = spec.keyDistA();
    this.b = spec.keyDistB();
    if (ranges == null) {
      this.before = null;
    } else {
      this.before = new double[ranges.count() + 1];
      for (int i = 0; i < ranges.count(); i++) {
        before[i + 1] = before[i] + ranges.probability(i);
      }
    }
  }

  /** The next key number, from {@code random}'s next one or two draws. */
  public long next(RandomGenerator random) {
    long start = ranges == null ? 0 : ranges.range(random.nextLong(rangeWeight)) * keysPerRange;
    if (power) {
      long rank = rank(random.nextDouble());
      checked = rank;
      return start + Math.floorMod(scatter(rank), keysPerRange);
    }
    long key = start + random.nextLong(keysPerRange);
    checked = key;
    return key;
  }

  /** The last draw's rank under the power model, else its key number. */
  public long checked() {
    return checked;
  }

  /** P(checked value <= n): {@link #rankCdf} under the power model, else {@link #keyCdf}. */
  public double checkedCdf(long n) {
    return power ? rankCdf(n) : keyCdf(n);
  }

  /** Empty bins for the checked values of a run. */
  public Tally newTally() {
    if (power) {
      return Tally.geometric(rank(1));
    }
    return Tally.linear((ranges == null ? 1 : ranges.count()) * keysPerRange - 1);
  }

  /** The power model's rank at a uniform {@code u}: ceil((u / a)^(1 / b)), db_bench's. */
  public long rank(double u) {
    return (long) Math.ceil(Math.pow(u / a, 1 / b));
  }

  /** P(rank <= r) under the power model: min(1, a r^b). */
  public double rankCdf(long r) {
    return r < 0 ? 0 : Math.min(1, a * Math.pow(r, b));
  }

  /**
   * P(key <= n) when keys are uniform within their range (not under the power model, whose keys are
   * scattered by a hash): the ranges before n's whole, and n's range in part.
   */
  public double keyCdf(long n) {
    if (power) {
      throw new IllegalStateException("keys are scattered under the power model: compare ranks");
    }
    if (n < 0) {
      return 0;
    }
    int count = ranges == null ? 1 : ranges.count();
    long range = n / keysPerRange;
    if (range >= count) {
      return 1;
    }
    double below = ranges == null ? 0 : before[(int) range];
    double share = ranges == null ? 1 : ranges.probability((int) range);
    return below + share * (n - range * keysPerRange + 1) / keysPerRange;
  }

  /** Whether keys follow the power model within a range. */
  public boolean power() {
    return power;
  }

  /** SplitMix64's finaliser: a rank's place in its range. */
  static long scatter(long rank) {
    long z = rank;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
