package io.hbload.core.config;

/**
 * Which of N cooperating clients this one is ({@code hbload.shard=I/N}, {@code --shard I/N}), and
 * how the run's totals are divided among them so that together they do exactly what one client
 * would: contiguous slices of the records to load, shares of the operations and of the target rate
 * with the remainders spread over the first shards, and disjoint run-phase insert keys. Immutable.
 *
 * @param index I, in [0, count)
 * @param count N, at least 1; 1 is an unsharded run
 */
public record ShardSpec(int index, int count) {
  /** One client doing all the work. */
  public static final ShardSpec WHOLE = new ShardSpec(0, 1);

  public ShardSpec {
    if (count < 1 || index < 0 || index >= count) {
      throw new IllegalArgumentException("shard " + index + "/" + count);
    }
  }

  public boolean sharded() {
    return count > 1;
  }

  /**
   * This shard's share of {@code total}: {@code total / N}, plus one for the first {@code total %
   * N} shards.
   */
  public long share(long total) {
    return total / count + (index < total % count ? 1 : 0);
  }

  /** Where this shard's contiguous slice of {@code [start, start + total)} begins. */
  public long sliceStart(long start, long total) {
    return start + index * (total / count) + Math.min(index, total % count);
  }

  /**
   * The global key number of this shard's {@code local}-th key number in a run: the loaded records
   * ({@code local < firstInsert}) are everyone's; run-phase inserts are interleaved, shard I taking
   * {@code firstInsert + I + k·N}, so shards never insert the same key and each reads only inserts
   * it made.
   */
  public long globalKey(long local, long firstInsert) {
    return local < firstInsert ? local : firstInsert + (local - firstInsert) * count + index;
  }

  @Override
  public String toString() {
    return index + "/" + count;
  }
}
