package io.hbload.core.values;

import io.hbload.core.binding.Fields;
import io.hbload.core.config.WorkloadSpec;

/**
 * The fields a read or scan asks for: every field ({@link #all}, YCSB's {@code readallfields=true})
 * or one field that the worker re-selects before each call ({@link #single} then {@link #select}).
 * Names and their bytes are computed once at construction.
 *
 * <p>Not thread-safe: one instance per worker, reused for every call; {@link #select} and all
 * accessors allocate nothing.
 */
public final class FieldSelection implements Fields {
  private final FieldNames names;
  private final boolean all;
  private int selected;

  private FieldSelection(FieldNames names, boolean all) {
    this.names = names;
    this.all = all;
  }

  /** Every field of the workload. */
  public static FieldSelection all(WorkloadSpec spec) {
    return new FieldSelection(new FieldNames(spec), true);
  }

  /** One field, initially field 0; change it with {@link #select}. */
  public static FieldSelection single(WorkloadSpec spec) {
    return new FieldSelection(new FieldNames(spec), false);
  }

  /**
   * Makes field {@code fieldIndex} the selected one (only for {@link #single} selections).
   *
   * @return this, for {@code binding.read(key, fields.select(i), sink)}
   */
  public FieldSelection select(int fieldIndex) {
    if (all) {
      throw new IllegalStateException("a selection of all fields cannot select one");
    }
    if (fieldIndex < 0 || fieldIndex >= names.count()) {
      throw new IndexOutOfBoundsException(fieldIndex);
    }
    selected = fieldIndex;
    return this;
  }

  @Override
  public boolean isAll() {
    return all;
  }

  /** 1 for a single selection; the field count for all fields. */
  @Override
  public int count() {
    return all ? names.count() : 1;
  }

  @Override
  public String name(int i) {
    return names.name(fieldIndex(i));
  }

  @Override
  public byte[] nameBytes(int i) {
    return names.bytes(fieldIndex(i));
  }

  @Override
  public int fieldIndex(int i) {
    if (all) {
      return i;
    }
    if (i != 0) {
      throw new IndexOutOfBoundsException(i);
    }
    return selected;
  }
}
