package io.hbload.core.keys;

import java.util.random.RandomGenerator;

/**
 * {@code requestdistribution=hotspot}, YCSB's {@code HotspotIntegerGenerator}: with probability
 * {@code hotspotopnfraction} a uniform key among the lowest ⌊n·{@code hotspotdatafraction}⌋ key
 * numbers of [{@code insertstart}, {@code insertstart + insertcount - 1}], otherwise a uniform key
 * among the rest. Where YCSB would divide by zero (an empty hot or cold set) the other set is used.
 * Draws above the acknowledged insert limit are redrawn.
 *
 * <p>Not thread-safe; allocation-free.
 */
final class HotspotKeyChooser implements KeyChooser {
  private final AcknowledgedCounter inserts;
  private final long lower;
  private final long hotCount;
  private final long coldCount;
  private final double hotOpnFraction;
  private final RandomGenerator rnd;

  HotspotKeyChooser(
      AcknowledgedCounter inserts,
      long lower,
      long upper,
      double hotDataFraction,
      double hotOpnFraction,
      RandomGenerator rnd) {
    this.inserts = inserts;
    this.lower = lower;
    long interval = upper - lower + 1;
    this.hotCount = (long) (interval * hotDataFraction);
    this.coldCount = interval - hotCount;
    this.hotOpnFraction = hotCount == 0 ? 0.0 : coldCount == 0 ? 1.0 : hotOpnFraction;
    this.rnd = rnd;
  }

  @Override
  public long next() {
    long key;
    do {
      if (rnd.nextDouble() < hotOpnFraction) {
        key = lower + rnd.nextLong(hotCount);
      } else {
        key = lower + hotCount + rnd.nextLong(coldCount);
      }
    } while (key > inserts.limit());
    return key;
  }
}
