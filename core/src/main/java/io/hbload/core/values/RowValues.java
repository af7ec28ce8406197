package io.hbload.core.values;

import io.hbload.core.binding.Key;
import io.hbload.core.binding.Values;
import io.hbload.core.config.LengthDistribution;
import io.hbload.core.config.SpecException;
import io.hbload.core.config.WorkloadSpec;
import java.util.random.RandomGenerator;

/**
 * The field values of an insert ({@link #all}) or update ({@link #all} or {@link #one}), reused for
 * every operation of one worker.
 *
 * <p>Random values (the default) are slices, at random offsets, of a per-worker pool of bytes
 * generated once in YCSB's {@code RandomByteIterator} range 0x20..0x7F; filling a field is O(1) yet
 * the binding sends real, varied bytes. Lengths come from the {@link FieldLengthChooser}. With
 * {@code dataintegrity} each field gets YCSB's deterministic value for (key, field name), computed
 * into a buffer owned by that field.
 *
 * <p>Not thread-safe: one instance per worker. After construction an operation allocates nothing,
 * except that a deterministic-value buffer grows once if a key longer than any before appears.
 */
public final class RowValues implements Values {
  /** Slices start anywhere in the first 64 KiB, so consecutive values rarely look alike. */
  static final int POOL_SPREAD = 64 * 1024;

  private static final int FIRST_BYTE = 0x20;
  private static final int BYTE_RANGE = 0x80 - FIRST_BYTE;

  private final FieldNames names;
  private final RandomGenerator rnd;
  private final FieldLengthChooser lengths;
  private final boolean integrity;
  private final int integrityLength;
  private final byte[] pool;

  /** Per field number: its deterministic-value buffer (integrity mode only). */
  private final byte[][] fieldBuffers;

  private int count;
  private final int[] fieldIndex;
  private final byte[][] arrays;
  private final int[] offsets;
  private final int[] valueLengths;

  public RowValues(WorkloadSpec spec, RandomGenerator rnd) {
    this(spec, rnd, null);
  }

  /**
   * Values whose lengths {@code lengths} chooses (a workload's own size model, such as mixgraph's),
   * instead of {@code fieldlengthdistribution}; null for the spec's. Not with {@code
   * dataintegrity}, whose values have their own length.
   */
  public RowValues(WorkloadSpec spec, RandomGenerator rnd, FieldLengthChooser lengths) {
    this.names = new FieldNames(spec);
    this.rnd = rnd;
    this.integrity = spec.fields().dataIntegrity();
    this.integrityLength = spec.fields().length();
    int fields = names.count();
    this.fieldIndex = new int[fields];
    this.arrays = new byte[fields][];
    this.offsets = new int[fields];
    this.valueLengths = new int[fields];
    if (integrity) {
      if (spec.fields().lengthDistribution() != LengthDistribution.CONSTANT) {
        throw SpecException.forProperty(
            "dataintegrity", "requires fieldlengthdistribution=constant");
      }
      this.lengths = null;
      this.pool = null;
      this.fieldBuffers = new byte[fields][];
      for (int i = 0; i < fields; i++) {
        fieldBuffers[i] =
            new byte[DeterministicValue.capacity(32, names.bytes(i).length, integrityLength)];
      }
    } else {
      this.lengths = lengths != null ? lengths : FieldLengthChooser.create(spec, rnd);
      this.pool = new byte[POOL_SPREAD + this.lengths.maxLength()];
      for (int i = 0; i < pool.length; i++) {
        pool[i] = (byte) (FIRST_BYTE + rnd.nextInt(BYTE_RANGE));
      }
      this.fieldBuffers = null;
    }
  }

  /** Fills every field for {@code key} (an insert, or an update with {@code writeallfields}). */
  public RowValues all(Key key) {
    int fields = names.count();
    for (int i = 0; i < fields; i++) {
      fill(i, i, key);
    }
    count = fields;
    return this;
  }

  /**
   * Fills only field {@code field} for {@code key} (an update or read-modify-write of one field).
   */
  public RowValues one(Key key, int field) {
    if (field < 0 || field >= names.count()) {
      throw new IndexOutOfBoundsException(field);
    }
    fill(0, field, key);
    count = 1;
    return this;
  }

  private void fill(int slot, int field, Key key) {
    fieldIndex[slot] = field;
    if (integrity) {
      byte[] name = names.bytes(field);
      int needed = DeterministicValue.capacity(key.length(), name.length, integrityLength);
      if (fieldBuffers[field].length < needed) {
        fieldBuffers[field] = new byte[needed];
      }
      arrays[slot] = fieldBuffers[field];
      offsets[slot] = 0;
      valueLengths[slot] =
          DeterministicValue.write(
              key.array(), key.length(), name, integrityLength, fieldBuffers[field]);
    } else {
      int length = lengths.next();
      arrays[slot] = pool;
      offsets[slot] = rnd.nextInt(pool.length - length + 1);
      valueLengths[slot] = length;
    }
  }

  @Override
  public int count() {
    return count;
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
    checkIndex(i);
    return fieldIndex[i];
  }

  @Override
  public byte[] array(int i) {
    checkIndex(i);
    return arrays[i];
  }

  @Override
  public int offset(int i) {
    checkIndex(i);
    return offsets[i];
  }

  @Override
  public int length(int i) {
    checkIndex(i);
    return valueLengths[i];
  }

  private void checkIndex(int i) {
    if (i < 0 || i >= count) {
      throw new IndexOutOfBoundsException(i);
    }
  }
}
