package io.hbload.core.keys;

import io.hbload.core.binding.Key;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
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

  /** Eight digits at a time into a key's bytes, as one little-endian store. */
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** "00".."99": two digits per division halves the divisions of a short number. */
  private static final byte[] DIGIT_PAIRS = new byte[200];

  static {
    for (int i = 0; i < 100; i++) {
      DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
      DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
    }
  }

  private KeyNames() {}

  /** FNV's prime to the 4th power (mod 2^64): four steps over zero bytes in one multiply. */
  private static final long FNV_PRIME_64_POW4 =
      FNV_PRIME_64 * FNV_PRIME_64 * FNV_PRIME_64 * FNV_PRIME_64;

  /**
   * YCSB's {@code Utils.fnvhash64}: FNV-1a over the 8 bytes of {@code v}, least significant first,
   * then {@code Math.abs} (so {@code Long.MIN_VALUE} stays negative, as in YCSB).
   *
   * <p>Each byte's step waits for the previous multiply, so the hash is a chain of eight multiplies
   * on the path from key draw to call. A key number below 2^32 (every record count up to 4 billion)
   * has four zero bytes on top, and xor with zero changes nothing: their four multiplies by the
   * prime are one multiply by its 4th power, the same bits in five steps instead of eight.
   */
  public static long fnvhash64(long v) {
    long hash = FNV_OFFSET_BASIS_64;
    if ((v >>> 32) == 0) {
      hash = (hash ^ (v & 0xff)) * FNV_PRIME_64;
      hash = (hash ^ ((v >>> 8) & 0xff)) * FNV_PRIME_64;
      hash = (hash ^ ((v >>> 16) & 0xff)) * FNV_PRIME_64;
      hash = (hash ^ (v >>> 24)) * FNV_PRIME_64;
      return Math.abs(hash * FNV_PRIME_64_POW4);
    }
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
   * 1}. Splits the value into 8-digit chunks, each written as one little-endian long (see {@link
   * #eightDigits}): a 19-digit hash is three stores instead of nineteen table loads and byte
   * stores, and the two chunk divisions are independent, so the CPU overlaps them (this was the
   * hottest code of a run, on the serial path from the key draw to the binding call).
   */
  private static void writeDigits(long value, byte[] b, int end) {
    if (value < 100_000_000L) {
      writeInt((int) value, b, end);
      return;
    }
    long high = value / 100_000_000L;
    LONGS.set(b, end - 8, eightDigits((int) (value - high * 100_000_000L)));
    if (high < 100_000_000L) {
      writeInt((int) high, b, end - 8);
      return;
    }
    long top = value / 10_000_000_000_000_000L;
    LONGS.set(b, end - 16, eightDigits((int) (high - top * 100_000_000L)));
    writeInt((int) top, b, end - 16);
  }

  /**
   * The 8 ASCII digits of {@code v} in [0, 10^8), leading zeros included, as a long whose lowest
   * byte is the first digit (so a little-endian store writes them in reading order). Splits in
   * lanes, SIMD within a register: two 4-digit halves in 32-bit lanes, then four 2-digit pairs in
   * 16-bit lanes, then eight digits in bytes; each split is a multiply by a reciprocal that is
   * exact for its lane's range (x/100 = x*10486 >>> 20 for x < 10^4, x/10 = x*103 >>> 10 for x <
   * 100), and no lane's product reaches the next lane.
   */
  static long eightDigits(int v) {
    int upper = v / 10_000;
    long fours = upper | ((long) (v - upper * 10_000) << 32);
    long hundreds = ((fours * 10486) >>> 20) & 0x0000_007F_0000_007FL;
    long pairs = hundreds | ((fours - hundreds * 100) << 16);
    long tens = ((pairs * 103) >>> 10) & 0x000F_000F_000F_000FL;
    return (tens | ((pairs - tens * 10) << 8)) + 0x3030_3030_3030_3030L;
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
