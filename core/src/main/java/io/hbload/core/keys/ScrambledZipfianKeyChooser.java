package io.hbload.core.keys;

import java.util.random.RandomGenerator;

/**
 * {@code requestdistribution=zipfian}, YCSB's {@code ScrambledZipfianGenerator}: a zipfian draw
 * over a fixed space of 10<sup>10</sup> + 1 items, hashed with FNV-1a-64 and folded modulo the item
 * count. The fixed space lets ζ be a constant (O(1) set-up for any record count); the folding is
 * why YCSB's "zipfian" is much flatter than a true zipfian over the records (YCSB issue #1495),
 * which hbload reproduces on purpose. Draws above the acknowledged insert limit are redrawn.
 *
 * <p>Not thread-safe; allocation-free.
 */
final class ScrambledZipfianKeyChooser implements KeyChooser {
  /**
   * YCSB's {@code ScrambledZipfianGenerator.ITEM_COUNT}; the inner zipfian covers [0, ITEM_COUNT].
   */
  static final long ITEM_COUNT = 10_000_000_000L;

  static final String ITEM_COUNT_TEXT = "10^10";

  /** YCSB's precomputed ζ(ITEM_COUNT, 0.99). */
  static final double ZETAN = 26.46902820178302;

  private final AcknowledgedCounter inserts;
  private final long min;
  private final long itemCount;

  /**
   * floor((2<sup>64</sup> − 1) / itemCount), unsigned, for {@link #fold}; 0 when itemCount is 1.
   */
  private final long reciprocal;

  private final Zipfian zipfian;

  ScrambledZipfianKeyChooser(AcknowledgedCounter inserts, long min, long max, RandomGenerator rnd) {
    this.inserts = inserts;
    this.min = min;
    this.itemCount = max - min + 1;
    this.reciprocal = itemCount > 1 ? Long.divideUnsigned(-1L, itemCount) : 0;
    this.zipfian = new Zipfian(0, ITEM_COUNT, ZETAN, rnd);
  }

  @Override
  public long next() {
    long key;
    do {
      key = min + fold(KeyNames.fnvhash64(zipfian.next()));
    } while (key > inserts.limit());
    return key;
  }

  /**
   * {@code hash % itemCount}, bit for bit, without a 64-bit division on the key's serial path: for
   * 0 <= hash < 2<sup>63</sup> the quotient estimate hash·reciprocal / 2<sup>64</sup> is the true
   * quotient or one less, so one conditional subtraction corrects the remainder. The hash's one
   * negative value ({@code Long.MIN_VALUE}, YCSB's {@code Math.abs} of it) takes the plain
   * remainder, negative as in YCSB.
   */
  long fold(long hash) {
    if (hash < 0 || reciprocal == 0) {
      return hash % itemCount;
    }
    long r = hash - Math.multiplyHigh(hash, reciprocal) * itemCount;
    return r >= itemCount ? r - itemCount : r;
  }
}
