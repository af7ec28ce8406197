package io.hbload.core.trace;

/**
 * The load pass's memory of keys, in fixed space whatever the trace's size: which keys the trace
 * wrote so far and which the load already wrote, each a Bloom filter of 2^26 bits (8 MiB) with two
 * probes. A false positive makes the load skip a key it should have written (its reads then miss):
 * for a million distinct keys about 1 in 1,000, for ten million about 1 in 20. Single-threaded (the
 * reader's).
 */
final class LoadFilter {
  private static final int BITS_LOG2 = 26;

  private final long[] written = new long[1 << (BITS_LOG2 - 6)];
  private final long[] loaded = new long[1 << (BITS_LOG2 - 6)];

  /**
   * Whether the load writes {@code key} for a record doing {@code op}: a read of a key neither
   * written before nor loaded yet. Remembers writes and loads.
   */
  boolean loads(TraceOperation op, long key) {
    switch (op) {
      case WRITE -> {
        add(written, key);
        return false;
      }
      case READ -> {
        if (contains(written, key) || contains(loaded, key)) {
          return false;
        }
        add(loaded, key);
        return true;
      }
      default -> {
        return false;
      }
    }
  }

  private static void add(long[] bits, long key) {
    int a = probe(key);
    int b = probe(key * 0x9E3779B97F4A7C15L);
    bits[a >>> 6] |= 1L << a;
    bits[b >>> 6] |= 1L << b;
  }

  private static boolean contains(long[] bits, long key) {
    int a = probe(key);
    int b = probe(key * 0x9E3779B97F4A7C15L);
    return (bits[a >>> 6] & (1L << a)) != 0 && (bits[b >>> 6] & (1L << b)) != 0;
  }

  private static int probe(long h) {
    h ^= h >>> 33;
    h *= 0xFF51AFD7ED558CCDL;
    h ^= h >>> 33;
    return (int) (h >>> (64 - BITS_LOG2));
  }
}
