package io.hbload.core.audit;

import java.util.Arrays;

/**
 * One worker's finished writes, in the order it saw them finish: per write 20 bytes in primitive
 * chunks (a key word: the key number and what the write was; the digest of its values; its start
 * and end as 32-bit ticks of {@value #TICK_SHIFT}-bit-shifted nanoseconds), so 10 million writes
 * take 200 MB (190.7 MiB) and no object each.
 *
 * <p>Single writer: confined to its worker while the phase runs, read by {@link AuditSet#resolve}
 * after the worker ended; no locks, no atomics. Allocation-free except a new chunk every {@value
 * #CHUNK} writes (its storage).
 */
public final class WriteLog {
  /** Writes per chunk; a power of two. */
  static final int CHUNK = 1 << 16;

  private static final int CHUNK_SHIFT = 16;

  /** Nanoseconds per tick: 2^16, 65.5 µs; 2^32 ticks last 78 hours. */
  static final int TICK_SHIFT = 16;

  /** The key number's bits in a key word; the rest say what the write was. */
  static final long KEY_MASK = (1L << 48) - 1;

  /** The write was acknowledged. */
  static final int OK_WRITE = 0;

  /** The delete was acknowledged. */
  static final int OK_DELETE = 1;

  /** An insert whose outcome is unknown (failed, timed out, cancelled). */
  static final int UNKNOWN_INSERT = 2;

  /** An update or delete whose outcome is unknown. */
  static final int UNKNOWN_OTHER = 3;

  /** The write's field code when it wrote every field. */
  public static final int ALL_FIELDS = 0;

  /** The field code of a delete. */
  public static final int DELETE = 0x3FFF;

  /** The most fields a workload audited can have: field codes are 1 + a field's number. */
  public static final int MAX_FIELDS = DELETE - 2;

  /** The largest key number a log can hold. */
  public static final long MAX_KEY = KEY_MASK;

  private final long origin;
  private long[][] keys = new long[4][];
  private int[][] digests = new int[4][];
  private long[][] times = new long[4][];
  private int size;

  /**
   * @param originNanos the audit's origin on the phase's clock: ticks count from it
   */
  WriteLog(long originNanos) {
    this.origin = originNanos;
  }

  /**
   * A finished write: the key number; {@code fieldCode} {@link #ALL_FIELDS}, 1 + the one field it
   * wrote, or {@link #DELETE}; the digest of its values; whether it was an insert; whether the
   * store acknowledged it; its start and end on the phase's clock.
   */
  public void write(
      long keyNumber,
      int fieldCode,
      int digest,
      boolean insert,
      boolean acknowledged,
      long startNanos,
      long endNanos) {
    boolean delete = fieldCode == DELETE;
    int outcome =
        acknowledged ? (delete ? OK_DELETE : OK_WRITE) : insert ? UNKNOWN_INSERT : UNKNOWN_OTHER;
    int chunk = size >>> CHUNK_SHIFT;
    int at = size & (CHUNK - 1);
    if (at == 0) {
      grow(chunk);
    }
    keys[chunk][at] = keyWord(keyNumber, fieldCode, outcome);
    digests[chunk][at] = digest;
    times[chunk][at] = (tick(startNanos) << 32) | tick(endNanos);
    size++;
  }

  static long keyWord(long keyNumber, int fieldCode, int outcome) {
    return (keyNumber & KEY_MASK) | ((long) (fieldCode & 0x3FFF) << 48) | ((long) outcome << 62);
  }

  private long tick(long nanos) {
    long t = (nanos - origin) >> TICK_SHIFT;
    return t < 0 ? 0 : Math.min(t, 0xFFFF_FFFFL);
  }

  private void grow(int chunk) {
    if (chunk == keys.length) {
      keys = Arrays.copyOf(keys, chunk * 2);
      digests = Arrays.copyOf(digests, chunk * 2);
      times = Arrays.copyOf(times, chunk * 2);
    }
    if (keys[chunk] == null) {
      keys[chunk] = new long[CHUNK];
      digests[chunk] = new int[CHUNK];
      times[chunk] = new long[CHUNK];
    }
  }

  /** Forgets every write, keeping its chunks for the next (a benchmark's steady state). */
  void clear() {
    size = 0;
  }

  /** Writes remembered. */
  public int size() {
    return size;
  }

  /** The bytes its chunks take (what {@code --verify} costs in memory). */
  public long bytes() {
    long bytes = 0;
    for (int c = 0; c < keys.length && keys[c] != null; c++) {
      bytes += 8L * keys[c].length + 4L * digests[c].length + 8L * times[c].length;
    }
    return bytes;
  }

  /** What one write takes in a chunk: its key word, digest and times. */
  public static final int BYTES_PER_WRITE = 8 + 4 + 8;

  long keyWord(int i) {
    return keys[i >>> CHUNK_SHIFT][i & (CHUNK - 1)];
  }

  static long keyNumber(long keyWord) {
    return keyWord & KEY_MASK;
  }

  static int fieldCode(long keyWord) {
    return (int) (keyWord >>> 48) & 0x3FFF;
  }

  static int outcome(long keyWord) {
    return (int) (keyWord >>> 62);
  }

  int digest(int i) {
    return digests[i >>> CHUNK_SHIFT][i & (CHUNK - 1)];
  }

  long startTick(int i) {
    return times[i >>> CHUNK_SHIFT][i & (CHUNK - 1)] >>> 32;
  }

  long endTick(int i) {
    return times[i >>> CHUNK_SHIFT][i & (CHUNK - 1)] & 0xFFFF_FFFFL;
  }

  /** Sorts the log by key number in place (the order of writes of one key does not matter). */
  void sortByKey() {
    if (size > 1) {
      quicksort(0, size - 1);
    }
  }

  private void quicksort(int lo, int hi) {
    while (hi - lo > 16) {
      int mid = (lo + hi) >>> 1;
      // median of three as the pivot
      if (key(mid) < key(lo)) {
        swap(mid, lo);
      }
      if (key(hi) < key(lo)) {
        swap(hi, lo);
      }
      if (key(hi) < key(mid)) {
        swap(hi, mid);
      }
      long pivot = key(mid);
      int i = lo;
      int j = hi;
      while (i <= j) {
        while (key(i) < pivot) {
          i++;
        }
        while (key(j) > pivot) {
          j--;
        }
        if (i <= j) {
          swap(i++, j--);
        }
      }
      // recurse into the smaller part, loop over the larger: the stack stays O(log n)
      if (j - lo < hi - i) {
        quicksort(lo, j);
        lo = i;
      } else {
        quicksort(i, hi);
        hi = j;
      }
    }
    for (int i = lo + 1; i <= hi; i++) {
      for (int j = i; j > lo && key(j) < key(j - 1); j--) {
        swap(j, j - 1);
      }
    }
  }

  private long key(int i) {
    return keys[i >>> CHUNK_SHIFT][i & (CHUNK - 1)] & KEY_MASK;
  }

  private void swap(int a, int b) {
    int ca = a >>> CHUNK_SHIFT;
    int ia = a & (CHUNK - 1);
    int cb = b >>> CHUNK_SHIFT;
    int ib = b & (CHUNK - 1);
    long k = keys[ca][ia];
    keys[ca][ia] = keys[cb][ib];
    keys[cb][ib] = k;
    int d = digests[ca][ia];
    digests[ca][ia] = digests[cb][ib];
    digests[cb][ib] = d;
    long t = times[ca][ia];
    times[ca][ia] = times[cb][ib];
    times[cb][ib] = t;
  }
}
