package io.hbload.core.keys;

import java.util.random.RandomGenerator;

/**
 * {@code requestdistribution=latest}, YCSB's {@code SkewedLatestGenerator}: key = limit − Z where
 * limit is the acknowledged insert limit and Z is zipfian over {@code limit} items, so the newest
 * record is the hottest and key number 0 is never chosen. As run-phase inserts land, this worker's
 * own {@link Zipfian} extends ζ by the new terms; no state is shared but the counter.
 *
 * <p>Not thread-safe; allocation-free (ζ growth costs O(new inserts) per worker, amortised).
 */
final class LatestKeyChooser implements KeyChooser {
  private final AcknowledgedCounter inserts;
  private final Zipfian zipfian;

  /**
   * @param initialItems YCSB builds its zipfian over {@code limit} items when the workload starts,
   *     i.e. recordcount − 1
   * @param initialZeta ζ(initialItems), computed once per run by {@link KeySpace}
   */
  LatestKeyChooser(
      AcknowledgedCounter inserts, long initialItems, double initialZeta, RandomGenerator rnd) {
    this.inserts = inserts;
    this.zipfian = new Zipfian(0, initialItems - 1, initialZeta, rnd);
  }

  @Override
  public long next() {
    long max = inserts.limit();
    return max - zipfian.next(max);
  }
}
