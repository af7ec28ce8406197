package io.hbload.core.keys;

import io.hbload.core.binding.Key;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

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
  private static final byte[] MIN_VALUE_DIGITS =
      Long.toString(Long.MIN_VALUE).getBytes(StandardCharsets.US_ASCII);

  /** "00".."99": two digits per division halves the divisions for 19-digit hashes. */
  private static final byte[] DIGIT_PAIRS = new byte[200];

  static {
    for (int i = 0; i < 100; i++) {
      DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
      DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
    }
  }

  private KeyNames() {}

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
   * Writes the row key of {@code keyNumber} into {@code into}: {@code user} + zeros + decimal,
   * where the zeros pad the decimal text (including a minus sign, as YCSB pads {@code
   * Long.toString}) to at least {@code zeroPadding} characters.
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

  /**
   * Writes the decimal digits of a non-negative value so that the last one lands at {@code end -
   * 1}. Splits the value into 8-digit int chunks first: two long divisions instead of nine, and the
   * chunks' int arithmetic forms independent chains the CPU overlaps (this was the hottest code of
   * a run).
   */
  private static void writeDigits(long value, byte[] b, int end) {
    if (value < 100_000_000L) {
      writeInt((int) value, b, end);
      return;
    }
    long high = value / 100_000_000L;
    int low = (int) (value - high * 100_000_000L);
    write8(low, b, end - 8);
    if (high < 100_000_000L) {
      writeInt((int) high, b, end - 8);
      return;
    }
    long top = high / 100_000_000L;
    int middle = (int) (high - top * 100_000_000L);
    write8(middle, b, end - 16);
    writeInt((int) top, b, end - 16);
  }

  /** Exactly 8 digits, leading zeros included, at b[from..from+8). */
  private static void write8(int v, byte[] b, int from) {
    int hi = v / 10_000;
    int lo = v - hi * 10_000;
    write4(hi, b, from);
    write4(lo, b, from + 4);
  }

  private static void write4(int v, byte[] b, int from) {
    int hi = v / 100;
    int lo = v - hi * 100;
    b[from] = DIGIT_PAIRS[2 * hi];
    b[from + 1] = DIGIT_PAIRS[2 * hi + 1];
    b[from + 2] = DIGIT_PAIRS[2 * lo];
    b[from + 3] = DIGIT_PAIRS[2 * lo + 1];
  }

  /** The digits of a non-negative int, no leading zeros, ending at {@code end - 1}. */
  private static void writeInt(int value, byte[] b, int end) {
    int pos = end;
    while (value >= 100) {
      int q = value / 100;
      int r = value - q * 100;
      value = q;
      b[--pos] = DIGIT_PAIRS[2 * r + 1];
      b[--pos] = DIGIT_PAIRS[2 * r];
    }
    if (value >= 10) {
      b[--pos] = DIGIT_PAIRS[2 * value + 1];
      b[--pos] = DIGIT_PAIRS[2 * value];
    } else {
      b[--pos] = (byte) ('0' + value);
    }
  }

  private static final long[] POWERS_OF_TEN = new long[19];

  static {
    long p = 1;
    for (int i = 0; i < 19; i++) {
      POWERS_OF_TEN[i] = p;
      p *= 10;
    }
  }

  /** Digits of a non-negative value: from its bit length, then one table compare. */
  private static int digitCount(long v) {
    // log10(2) ~ 1233/4096; this estimate is exact or one too low
    int guess = ((64 - Long.numberOfLeadingZeros(v | 1)) * 1233) >>> 12;
    return Math.max(1, guess + (guess < 19 && v >= POWERS_OF_TEN[guess] ? 1 : 0));
  }

  private static void writeMinValue(int zeroPadding, Key into) {
    int fill = Math.max(0, zeroPadding - MIN_VALUE_DIGITS.length);
    int length = PREFIX.length + fill + MIN_VALUE_DIGITS.length;
    byte[] b = into.bufferFor(length);
    System.arraycopy(PREFIX, 0, b, 0, PREFIX.length);
    Arrays.fill(b, PREFIX.length, PREFIX.length + fill, (byte) '0');
    System.arraycopy(MIN_VALUE_DIGITS, 0, b, PREFIX.length + fill, MIN_VALUE_DIGITS.length);
    into.setLength(length);
  }
}
