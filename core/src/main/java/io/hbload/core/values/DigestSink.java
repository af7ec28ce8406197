package io.hbload.core.values;

import io.hbload.core.binding.RowSink;
import io.hbload.core.config.WorkloadSpec;

/**
 * The {@link RowSink} the audit's read-back hands a row to: the {@link ValueDigest} of the fields
 * returned, how many came, and whether one had a name outside the workload's fields (which counts
 * as a change). Not thread-safe: one per reading thread, {@link #reset()} before every read;
 * allocation-free.
 */
public final class DigestSink implements RowSink {
  private final FieldNames names;
  private long sum;
  private int fields;
  private boolean foreign;

  public DigestSink(WorkloadSpec spec) {
    this.names = new FieldNames(spec);
  }

  /** Forgets the previous row. */
  public DigestSink reset() {
    sum = 0;
    fields = 0;
    foreign = false;
    return this;
  }

  @Override
  public boolean wanted() {
    return true;
  }

  @Override
  public void field(
      byte[] name, int nameOffset, int nameLength, byte[] value, int valueOffset, int valueLength) {
    int field = names.indexOf(name, nameOffset, nameLength);
    if (field < 0) {
      foreign = true;
      return;
    }
    fields++;
    sum += ValueDigest.field(field, value, valueOffset, valueLength);
  }

  /** The digest of the fields received since {@link #reset()}. */
  public int digest() {
    return ValueDigest.fold(sum);
  }

  /** Fields received with a workload field's name. */
  public int fields() {
    return fields;
  }

  /** Whether a field with a name outside the workload came back. */
  public boolean foreign() {
    return foreign;
  }
}
