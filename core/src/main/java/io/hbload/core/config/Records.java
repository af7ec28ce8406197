package io.hbload.core.config;

/**
 * The records a workload's keys name, and how a key is spelt. Immutable.
 *
 * @param count {@code recordcount}; YCSB's 0 already read as {@link Integer#MAX_VALUE}
 * @param insertStart {@code insertstart}: the first record this client's load phase inserts
 * @param insertCount {@code insertcount}: records this client's load phase inserts; run-phase keys
 *     are drawn from [insertStart, insertStart + insertCount)
 * @param ordered {@code insertorder=ordered}: keys in key-number order, not hashed
 * @param zeroPadding {@code zeropadding}: digits a key number is padded to
 */
public record Records(
    long count, long insertStart, long insertCount, boolean ordered, int zeroPadding) {

  /** The same records with the load phase inserting {@code [start, start + count)}. */
  public Records withInsertRange(long start, long count) {
    return new Records(this.count, start, count, ordered, zeroPadding);
  }
}
