package io.hbload.core.values;

/**
 * YCSB's {@code dataintegrity} value of a (key, field) pair: {@code <key>:<field>}, extended by
 * repeatedly appending {@code ':'} and the decimal {@code String.hashCode()} of everything so far,
 * cut to the field length. YCSB rebuilds and rehashes the whole string on every step (quadratic,
 * with garbage); here the hash is carried along incrementally ({@code h = 31·h + c} is exactly
 * String.hashCode for Latin-1 text) and bytes go straight into a caller's buffer.
 *
 * <p>Stateless, thread-safe, allocation-free.
 */
final class DeterministicValue {
  /** Longest text one step appends: ':' and an int such as -2147483648. */
  static final int MAX_STEP = 12;

  private DeterministicValue() {}

  /** Buffer size {@link #write} needs. */
  static int capacity(int keyLength, int nameLength, int size) {
    return Math.max(keyLength + 1 + nameLength, size) + MAX_STEP;
  }

  /**
   * Writes the value into {@code out} (at least {@link #capacity} bytes) and returns its length
   * ({@code size}, or 0 for a negative size).
   */
  static int write(byte[] key, int keyLength, byte[] name, int size, byte[] out) {
    int hash = 0;
    int pos = 0;
    for (int i = 0; i < keyLength; i++) {
      byte c = key[i];
      out[pos++] = c;
      hash = 31 * hash + (c & 0xff);
    }
    out[pos++] = ':';
    hash = 31 * hash + ':';
    for (byte c : name) {
      out[pos++] = c;
      hash = 31 * hash + (c & 0xff);
    }
    while (pos < size) {
      out[pos++] = ':';
      hash = 31 * hash + ':';
      int start = pos;
      pos = writeInt(hash, out, pos);
      for (int i = start; i < pos; i++) {
        hash = 31 * hash + out[i];
      }
    }
    return Math.max(size, 0);
  }

  /** Integer.toString(v) as ASCII at {@code pos}; returns the position after it. */
  private static int writeInt(int v, byte[] out, int pos) {
    long magnitude = v;
    if (magnitude < 0) {
      out[pos++] = '-';
      magnitude = -magnitude;
    }
    int digits = 1;
    for (long bound = 10; magnitude >= bound; bound *= 10) {
      digits++;
    }
    int end = pos + digits;
    for (int i = end - 1; i >= pos; i--) {
      out[i] = (byte) ('0' + magnitude % 10);
      magnitude /= 10;
    }
    return end;
  }
}
