package io.hbload.core.source;

import java.util.random.RandomGenerator;

/**
 * The draws of one operation as a function of the run's seed and the operation's number alone
 * ({@link #at}), not of which worker or shard draws it or what it drew before: the same seed gives
 * the same operations for any split of the phase into threads and shards. Each position is its own
 * SplitMix64 stream (the generator {@link java.util.SplittableRandom} uses), started from a mix of
 * the seed, the operation and a part of it (its first step's draws, a later step's, a record's), so
 * neighbouring operations draw unrelated numbers.
 *
 * <p>Confined to its worker, like the source that repositions it; allocation-free.
 */
public final class CycleRandom implements RandomGenerator {
  /** The draws of an operation's first step. */
  public static final int FIRST = 0;

  /** The draws of an operation's later step (read-modify-write's update values). */
  public static final int LATER = 1;

  /** The draws of a loaded record, by its key number. */
  public static final int RECORD = 2;

  private static final long GOLDEN = 0x9E3779B97F4A7C15L;

  private final long seed;
  private long state;

  public CycleRandom(long seed) {
    this.seed = seed;
    this.state = mix(seed);
  }

  /** Positions the draws at part {@code part} of operation (or record) {@code n}. */
  public void at(long n, int part) {
    state = mix(seed + mix(n * 4 + part));
  }

  @Override
  public long nextLong() {
    return mix(state += GOLDEN);
  }

  /** SplitMix64's finaliser. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
