package io.hbload.hdfs.stream;

import java.util.Arrays;

/**
 * The bytes every benchmark file holds: a deterministic function of (file index, offset), so a
 * reader verifies without keeping a copy and any stripe or offset can be checked alone.
 *
 * <p>Each aligned 8-byte word is SplitMix64 of (file, word index); cheap enough (~1 ns per word) to
 * stay far below HDFS write and read costs. Stateless and thread-safe; no allocation.
 */
public final class ContentPattern {
  private static final long FILE_STRIDE = 0x9E3779B97F4A7C15L;

  private ContentPattern() {}

  /** The 8-byte word at word index {@code word} of file {@code file}. */
  static long word(int file, long word) {
    long z = (file + 1) * FILE_STRIDE + word * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** The byte at {@code offset} of file {@code file}. */
  public static byte byteAt(int file, long offset) {
    return (byte) (word(file, offset >>> 3) >>> ((offset & 7) * 8));
  }

  /**
   * Fills {@code buf[off, off+len)} with the file's bytes starting at file offset {@code offset}.
   */
  public static void fill(byte[] buf, int off, int len, int file, long offset) {
    int i = 0;
    // head up to the next word boundary
    while (i < len && ((offset + i) & 7) != 0) {
      buf[off + i] = byteAt(file, offset + i);
      i++;
    }
    long wordIndex = (offset + i) >>> 3;
    for (; i + 8 <= len; i += 8, wordIndex++) {
      long w = word(file, wordIndex);
      int p = off + i;
      buf[p] = (byte) w;
      buf[p + 1] = (byte) (w >>> 8);
      buf[p + 2] = (byte) (w >>> 16);
      buf[p + 3] = (byte) (w >>> 24);
      buf[p + 4] = (byte) (w >>> 32);
      buf[p + 5] = (byte) (w >>> 40);
      buf[p + 6] = (byte) (w >>> 48);
      buf[p + 7] = (byte) (w >>> 56);
    }
    for (; i < len; i++) {
      buf[off + i] = byteAt(file, offset + i);
    }
  }

  /**
   * Counts bytes in {@code data[0, len)} that differ from the file's content at {@code offset};
   * {@code scratch} (at least {@code len} long) receives the expected bytes.
   */
  public static long countMismatches(byte[] data, int len, int file, long offset, byte[] scratch) {
    fill(scratch, 0, len, file, offset);
    int first = Arrays.mismatch(data, 0, len, scratch, 0, len);
    if (first < 0) {
      return 0;
    }
    long count = 0;
    for (int i = first; i < len; i++) {
      if (data[i] != scratch[i]) {
        count++;
      }
    }
    return count;
  }
}
