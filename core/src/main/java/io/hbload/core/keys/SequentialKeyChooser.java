package io.hbload.core.keys;

import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code requestdistribution=sequential}, YCSB's {@code SequentialGenerator}: one cursor shared by
 * all workers of the run walks [{@code insertstart}, {@code insertstart + insertcount - 1}] and
 * wraps. Draws above the acknowledged insert limit are skipped.
 *
 * <p>Thread-safe through the shared {@link AtomicLong} (one {@code getAndIncrement} per draw,
 * contended by design since the order is global); allocation-free.
 */
final class SequentialKeyChooser implements KeyChooser {
  private final AcknowledgedCounter inserts;
  private final AtomicLong cursor;
  private final long min;
  private final long interval;

  SequentialKeyChooser(AcknowledgedCounter inserts, AtomicLong cursor, long min, long max) {
    this.inserts = inserts;
    this.cursor = cursor;
    this.min = min;
    this.interval = max - min + 1;
  }

  @Override
  public long next() {
    long key;
    do {
      key = min + cursor.getAndIncrement() % interval;
    } while (key > inserts.limit());
    return key;
  }
}
