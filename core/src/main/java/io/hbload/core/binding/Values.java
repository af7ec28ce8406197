package io.hbload.core.binding;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Field values of an insert or update, as slices of engine-owned buffers that are valid only during
 * the call: a binding that keeps them must copy (HBase's {@code Put.addColumn} copies). Reused per
 * worker; not thread-safe.
 */
public interface Values {
  int count();

  String name(int i);

  /** Field name as ASCII bytes (shared, do not modify). */
  byte[] nameBytes(int i);

  int fieldIndex(int i);

  /**
   * Backing array of value {@code i}; the value is {@code length(i)} bytes from {@code offset(i)}.
   */
  byte[] array(int i);

  int offset(int i);

  int length(int i);

  /** A copy of value {@code i}. */
  default byte[] copy(int i) {
    int off = offset(i);
    return Arrays.copyOfRange(array(i), off, off + length(i));
  }

  /** Value {@code i} as text (ISO-8859-1, every byte one char; allocates). */
  default String string(int i) {
    return new String(array(i), offset(i), length(i), StandardCharsets.ISO_8859_1);
  }
}
