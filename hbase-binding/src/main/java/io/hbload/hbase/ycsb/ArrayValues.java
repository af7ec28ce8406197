package io.hbload.hbase.ycsb;

import io.hbload.core.binding.Values;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * {@link Values} held as whole byte arrays, filled field by field (from YCSB's {@code Map<String,
 * ByteIterator>}). Reusable after {@link #clear()}; arrays grow only when more fields come. Not
 * thread-safe.
 */
public final class ArrayValues implements Values {
  private String[] names = new String[16];
  private byte[][] nameBytes = new byte[16][];
  private byte[][] values = new byte[16][];
  private int count;

  public ArrayValues clear() {
    count = 0;
    return this;
  }

  /** Adds one field; the array is kept (not copied) until the next {@link #clear()}. */
  public ArrayValues add(String name, byte[] value) {
    if (count == names.length) {
      int n = count * 2;
      names = Arrays.copyOf(names, n);
      nameBytes = Arrays.copyOf(nameBytes, n);
      values = Arrays.copyOf(values, n);
    }
    names[count] = name;
    nameBytes[count] = name.getBytes(StandardCharsets.UTF_8);
    values[count] = value;
    count++;
    return this;
  }

  @Override
  public int count() {
    return count;
  }

  @Override
  public String name(int i) {
    return names[i];
  }

  @Override
  public byte[] nameBytes(int i) {
    return nameBytes[i];
  }

  @Override
  public int fieldIndex(int i) {
    return trailingNumber(names[i]);
  }

  @Override
  public byte[] array(int i) {
    return values[i];
  }

  @Override
  public int offset(int i) {
    return 0;
  }

  @Override
  public int length(int i) {
    return values[i].length;
  }

  static int trailingNumber(String name) {
    int end = name.length();
    int start = end;
    while (start > 0 && Character.isDigit(name.charAt(start - 1))) {
      start--;
    }
    return start == end ? -1 : Integer.parseInt(name, start, end, 10);
  }
}
