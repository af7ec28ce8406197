package io.hbload.core.keys;

import java.util.random.RandomGenerator;

/**
 * {@code requestdistribution=exponential}, YCSB's {@code ExponentialGenerator} as CoreWorkload uses
 * it: key = limit − ⌊X⌋ with X ~ Exp(γ), γ = −ln(1 − percentile/100) / (recordcount · frac),
 * redrawn while negative; so {@code exponential.percentile} % of draws fall within the newest
 * {@code recordcount · exponential.frac} keys.
 *
 * <p>Not thread-safe; allocation-free.
 */
final class ExponentialKeyChooser implements KeyChooser {
  private final AcknowledgedCounter inserts;
  private final double gamma;
  private final RandomGenerator rnd;

  ExponentialKeyChooser(
      AcknowledgedCounter inserts, double percentile, double range, RandomGenerator rnd) {
    this.inserts = inserts;
    this.gamma = -Math.log(1.0 - percentile / 100.0) / range;
    this.rnd = rnd;
  }

  @Override
  public long next() {
    long key;
    do {
      // nextDouble() may be 0: X is then +inf, the cast saturates and the key is redrawn, as in
      // YCSB.
      double x = -Math.log(rnd.nextDouble()) / gamma;
      key = inserts.limit() - (long) x;
    } while (key < 0);
    return key;
  }
}
