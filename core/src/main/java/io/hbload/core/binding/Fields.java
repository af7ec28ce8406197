package io.hbload.core.binding;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The fields a read or scan asks for: all of them, or a selection (YCSB's {@code
 * readallfields=false} picks one). Names and their bytes are computed once per run; instances are
 * reused per worker and must not be kept past the call. Not thread-safe.
 */
public interface Fields {
  /** True when every field is wanted (YCSB passes {@code null} fields in that case). */
  boolean isAll();

  /** Number of selected fields; meaningless when {@link #isAll()}. */
  int count();

  /** Field name, e.g. {@code field3}. */
  String name(int i);

  /** Field name as ASCII bytes (shared, do not modify), e.g. an HBase qualifier. */
  byte[] nameBytes(int i);

  /** The field's number (3 for {@code field3}). */
  int fieldIndex(int i);

  /**
   * The selection as a fresh set, or {@code null} for all fields (YCSB's convention; allocates).
   */
  default Set<String> toSetOrNull() {
    if (isAll()) {
      return null;
    }
    Set<String> set = new LinkedHashSet<>();
    for (int i = 0; i < count(); i++) {
      set.add(name(i));
    }
    return set;
  }
}
