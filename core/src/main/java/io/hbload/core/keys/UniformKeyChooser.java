package io.hbload.core.keys;

import java.util.random.RandomGenerator;

/**
 * {@code requestdistribution=uniform}: every key number in [{@code insertstart}, {@code insertstart
 * + insertcount - 1}] equally likely (YCSB's {@code UniformLongGenerator}, without its modulo
 * bias). Not thread-safe; allocation-free.
 */
final class UniformKeyChooser implements KeyChooser {
  private final AcknowledgedCounter inserts;
  private final long min;
  private final long maxExclusive;
  private final RandomGenerator rnd;

  UniformKeyChooser(AcknowledgedCounter inserts, long min, long max, RandomGenerator rnd) {
    this.inserts = inserts;
    this.min = min;
    this.maxExclusive = max + 1;
    this.rnd = rnd;
  }

  @Override
  public long next() {
    long key;
    do {
      key = rnd.nextLong(min, maxExclusive);
    } while (key > inserts.limit());
    return key;
  }
}
