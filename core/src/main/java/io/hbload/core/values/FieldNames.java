package io.hbload.core.values;

import io.hbload.core.config.WorkloadSpec;
import java.nio.charset.StandardCharsets;

/**
 * The names {@code <fieldnameprefix><i>} of a workload's fields, as Strings and ASCII bytes, built
 * once, plus an allocation-free reverse lookup from name bytes (an HBase qualifier) to the field
 * number. Immutable, thread-safe; callers must not modify the byte arrays.
 */
final class FieldNames {
  private final String[] names;
  private final byte[][] bytes;
  private final byte[] prefix;

  FieldNames(WorkloadSpec spec) {
    int count = spec.fields().count();
    this.names = new String[count];
    this.bytes = new byte[count][];
    for (int i = 0; i < count; i++) {
      names[i] = spec.fields().name(i);
      bytes[i] = names[i].getBytes(StandardCharsets.ISO_8859_1);
    }
    this.prefix = spec.fields().namePrefix().getBytes(StandardCharsets.ISO_8859_1);
  }

  int count() {
    return names.length;
  }

  String name(int field) {
    return names[field];
  }

  byte[] bytes(int field) {
    return bytes[field];
  }

  /**
   * The field number whose name is exactly these bytes, or −1 (e.g. {@code field01}, another
   * prefix).
   */
  int indexOf(byte[] b, int offset, int length) {
    int digits = length - prefix.length;
    if (digits <= 0 || digits > 10) {
      return -1;
    }
    for (int i = 0; i < prefix.length; i++) {
      if (b[offset + i] != prefix[i]) {
        return -1;
      }
    }
    int start = offset + prefix.length;
    if (b[start] == '0' && digits > 1) {
      return -1;
    }
    long index = 0;
    for (int i = start; i < offset + length; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return -1;
      }
      index = index * 10 + d;
    }
    return index < names.length ? (int) index : -1;
  }
}
