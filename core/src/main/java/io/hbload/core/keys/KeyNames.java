package io.hbload.core.keys;

import io.hbload.core.binding.Key;

/**
 * YCSB's row-key naming: {@code "user"} followed by the key number, or by its FNV-1a-64 hash when
 * {@code insertorder=hashed}, in decimal and zero-padded to {@code zeropadding} digits.
 *
 * <p>Stateless and thread-safe. {@link #format} writes into the caller's reusable {@link Key} and
 * allocates nothing (unless the key's buffer must grow, once); {@link #name} allocates a String.
 */
public final class KeyNames {
  private static final long FNV_OFFSET_BASIS_64 = 0xCBF29CE484222325L;
  private static final long FNV_PRIME_64 = 1099511628211L;
  private static final byte[] PREFIX = {'u', 's', 'e', 'r'};
  /** Long.MIN_VALUE has no positive counterpart; Math.abs in the hash can return it. */
  private static final byte[] MIN_VALUE_DIGITS = Long.toString(Long.MIN_VALUE).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  /** "00".."99": two digits per division halves the divisions for 19-digit hashes. */
  private static final byte[] DIGIT_PAIRS = new byte[200];

  static {
    for (int i = 0; i < 100; i++) {
      DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
      DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
    }
  }

  private KeyNames() {
  }

  /**
   * YCSB's {@code Utils.fnvhash64}: FNV-1a over the 8 bytes of {@code v}, least significant first,
   * then {@code Math.abs} (so {@code Long.MIN_VALUE} stays negative, as in YCSB).
   */
  public static long fnvhash64(long v) {
    long hash = FNV_OFFSET_BASIS_64;
    for (int i = 0; i < 8; i++) {
      hash ^= v & 0xff;
      hash *= FNV_PRIME_64;
      v >>= 8;
    }
    return Math.abs(hash);
  }

  /**
   * Writes the row key of {@code keyNumber} into {@code into}: {@code user} + zeros + decimal, where
   * the zeros pad the decimal text (including a minus sign, as YCSB pads {@code Long.toString}) to at
   * least {@code zeroPadding} characters.
   */
  public static void format(long keyNumber, boolean ordered, int zeroPadding, Key into) {
    long v = ordered ? keyNumber : fnvhash64(keyNumber);
    if (v == Long.MIN_VALUE) {
      writeMinValue(zeroPadding, into);
      return;
    }
    boolean negative = v < 0;
    long magnitude = negative ? -v : v;
    int digits = digitCount(magnitude);
    int text = negative ? digits + 1 : digits;
    int fill = Math.max(0, zeroPadding - text);
    int length = PREFIX.length + fill + text;
    byte[] b = into.bufferFor(length);
    b[0] = 'u';
    b[1] = 's';
    b[2] = 'e';
    b[3] = 'r';
    int pos = PREFIX.length;
    for (int i = 0; i < fill; i++) {
      b[pos++] = '0';
    }
    if (negative) {
      b[pos] = '-';
    }
    writeDigits(magnitude, b, length);
    into.setLength(length);
  }

  /** The row key of {@code keyNumber} as a String (allocates; for reports and tests). */
  public static String name(long keyNumber, boolean ordered, int zeroPadding) {
    Key key = new Key();
    format(keyNumber, ordered, zeroPadding, key);
    return key.toString();
  }

  /** Writes the decimal digits of a non-negative value so that the last one lands at {@code end - 1}. */
  private static void writeDigits(long value, byte[] b, int end) {
    int pos = end;
    while (value >= 100) {
      long q = value / 100;
      int r = (int) (value - q * 100);
      value = q;
      b[--pos] = DIGIT_PAIRS[2 * r + 1];
      b[--pos] = DIGIT_PAIRS[2 * r];
    }
    if (value >= 10) {
      int r = (int) value;
      b[--pos] = DIGIT_PAIRS[2 * r + 1];
      b[--pos] = DIGIT_PAIRS[2 * r];
    } else {
      b[--pos] = (byte) ('0' + value);
    }
  }

  private static int digitCount(long v) {
    long bound = 10;
    for (int d = 1; d < 19; d++) {
      if (v < bound) {
        return d;
      }
      bound *= 10;
    }
    return 19;
  }

  private static void writeMinValue(int zeroPadding, Key into) {
    int fill = Math.max(0, zeroPadding - MIN_VALUE_DIGITS.length);
    int length = PREFIX.length + fill + MIN_VALUE_DIGITS.length;
    byte[] b = into.bufferFor(length);
    System.arraycopy(PREFIX, 0, b, 0, PREFIX.length);
    java.util.Arrays.fill(b, PREFIX.length, PREFIX.length + fill, (byte) '0');
    System.arraycopy(MIN_VALUE_DIGITS, 0, b, PREFIX.length + fill, MIN_VALUE_DIGITS.length);
    into.setLength(length);
  }
}
