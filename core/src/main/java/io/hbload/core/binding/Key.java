package io.hbload.core.binding;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A row key as ASCII bytes in a reusable buffer, e.g. {@code user6284781860667377211}.
 *
 * <p>The engine refills one instance per worker before every call, so a binding must copy what it
 * keeps past the call ({@link #toBytes()} or {@link #toString()}, both allocate). Not thread-safe.
 */
public final class Key implements CharSequence {
  private byte[] bytes = new byte[32];
  private int length;

  /** Backing array; only the first {@link #length()} bytes are the key. Do not modify. */
  public byte[] array() {
    return bytes;
  }

  @Override
  public int length() {
    return length;
  }

  @Override
  public char charAt(int index) {
    if (index < 0 || index >= length) {
      throw new IndexOutOfBoundsException(index);
    }
    return (char) (bytes[index] & 0xff);
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    return toString().subSequence(start, end);
  }

  /** A copy of the key bytes. */
  public byte[] toBytes() {
    return Arrays.copyOf(bytes, length);
  }

  @Override
  public String toString() {
    return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
  }

  /**
   * Buffer of at least {@code capacity} bytes for the engine to write into, then {@link
   * #setLength}.
   */
  public byte[] bufferFor(int capacity) {
    if (bytes.length < capacity) {
      bytes = Arrays.copyOf(bytes, Math.max(capacity, bytes.length * 2));
    }
    return bytes;
  }

  public void setLength(int length) {
    if (length < 0 || length > bytes.length) {
      throw new IllegalArgumentException("length " + length);
    }
    this.length = length;
  }

  /**
   * Sets the key from a string of ASCII characters (used by adapters and tests, allocates nothing
   * beyond growth).
   */
  public Key set(CharSequence key) {
    int n = key.length();
    byte[] b = bufferFor(n);
    for (int i = 0; i < n; i++) {
      b[i] = (byte) key.charAt(i);
    }
    length = n;
    return this;
  }
}
