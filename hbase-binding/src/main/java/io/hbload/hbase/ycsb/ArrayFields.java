package io.hbload.hbase.ycsb;

import io.hbload.core.binding.Fields;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;

/**
 * A {@link Fields} selection filled from field names (YCSB's {@code Set<String>}), or "all".
 * Reusable: {@link #set} refills it, growing its arrays only when a larger selection comes. Not
 * thread-safe.
 */
public final class ArrayFields implements Fields {
  private String[] names = new String[4];
  private byte[][] nameBytes = new byte[4][];
  private int count;
  private boolean all = true;

  /** Selects {@code fieldNames}, or every field when null (YCSB's convention). */
  public ArrayFields set(Collection<String> fieldNames) {
    if (fieldNames == null) {
      all = true;
      count = 0;
      return this;
    }
    all = false;
    int n = fieldNames.size();
    if (names.length < n) {
      names = Arrays.copyOf(names, n);
      nameBytes = Arrays.copyOf(nameBytes, n);
    }
    int i = 0;
    for (String f : fieldNames) {
      names[i] = f;
      nameBytes[i] = f.getBytes(StandardCharsets.UTF_8);
      i++;
    }
    count = n;
    return this;
  }

  @Override
  public boolean isAll() {
    return all;
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

  /** The number after the last non-digit, e.g. 3 for {@code field3}; -1 when the name has none. */
  @Override
  public int fieldIndex(int i) {
    return ArrayValues.trailingNumber(names[i]);
  }
}
