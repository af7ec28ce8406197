package io.hbload.core.values;

import io.hbload.core.binding.Fields;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.Status;
import io.hbload.core.config.LengthDistribution;
import io.hbload.core.config.SpecException;
import io.hbload.core.config.WorkloadSpec;
import java.util.Arrays;

/**
 * Verifies reads under {@code dataintegrity=true}: the {@link RowSink} a read hands its fields to,
 * then {@link #verify} with YCSB's {@code VERIFY} outcomes: {@link Status#ERROR} if nothing came
 * back, {@link Status#UNEXPECTED_STATE} if a requested field is missing or any returned field
 * differs from the deterministic value of (key, field name) (a field with a name outside the
 * workload counts as different), else {@link Status#OK}.
 *
 * <p>Not thread-safe: one instance per worker, {@link #reset()} before every read. Returned bytes
 * are copied into per-field buffers that only grow, so steady-state reads allocate nothing.
 */
public final class IntegrityCheck implements RowSink {
  private final FieldNames names;
  private final int size;
  private final byte[][] received;
  private final int[] receivedLengths;
  private final boolean[] present;
  private byte[] expected;
  private int returned;
  private boolean foreign;

  public IntegrityCheck(WorkloadSpec spec) {
    // Deterministic values are only defined for one length, as in YCSB (which refuses to start
    // otherwise).
    if (spec.fields().dataIntegrity()
        && spec.fields().lengthDistribution() != LengthDistribution.CONSTANT) {
      throw SpecException.forProperty("dataintegrity", "requires fieldlengthdistribution=constant");
    }
    this.names = new FieldNames(spec);
    this.size = spec.fields().length();
    int fields = names.count();
    this.received = new byte[fields][];
    this.receivedLengths = new int[fields];
    this.present = new boolean[fields];
    for (int i = 0; i < fields; i++) {
      received[i] = new byte[Math.max(size, 0)];
    }
    this.expected = new byte[DeterministicValue.capacity(32, 32, size)];
  }

  /** Forgets the previous read's fields. */
  public IntegrityCheck reset() {
    Arrays.fill(present, false);
    returned = 0;
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
    returned++;
    int field = names.indexOf(name, nameOffset, nameLength);
    if (field < 0) {
      foreign = true;
      return;
    }
    if (received[field].length < valueLength) {
      received[field] = new byte[valueLength];
    }
    System.arraycopy(value, valueOffset, received[field], 0, valueLength);
    receivedLengths[field] = valueLength;
    present[field] = true;
  }

  /**
   * The outcome for the fields received since {@link #reset()}, for a read of {@code requested} at
   * {@code key}.
   */
  public Status verify(Key key, Fields requested) {
    if (returned == 0) {
      return Status.ERROR;
    }
    if (foreign) {
      return Status.UNEXPECTED_STATE;
    }
    if (requested.isAll()) {
      for (boolean p : present) {
        if (!p) {
          return Status.UNEXPECTED_STATE;
        }
      }
    } else {
      for (int i = 0; i < requested.count(); i++) {
        if (!present[requested.fieldIndex(i)]) {
          return Status.UNEXPECTED_STATE;
        }
      }
    }
    for (int field = 0; field < present.length; field++) {
      if (present[field] && !matches(key, field)) {
        return Status.UNEXPECTED_STATE;
      }
    }
    return Status.OK;
  }

  private boolean matches(Key key, int field) {
    byte[] name = names.bytes(field);
    int needed = DeterministicValue.capacity(key.length(), name.length, size);
    if (expected.length < needed) {
      expected = new byte[needed];
    }
    int length = DeterministicValue.write(key.array(), key.length(), name, size, expected);
    return Arrays.equals(expected, 0, length, received[field], 0, receivedLengths[field]);
  }
}
