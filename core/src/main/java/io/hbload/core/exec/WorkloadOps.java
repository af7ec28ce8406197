package io.hbload.core.exec;

import io.hbload.core.binding.Key;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.ScanSink;
import io.hbload.core.binding.Status;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.keys.KeyChooser;
import io.hbload.core.keys.KeyNames;
import io.hbload.core.keys.KeySpace;
import io.hbload.core.keys.ScanLengthChooser;
import io.hbload.core.measure.Measure;
import io.hbload.core.measure.MeasuredBinding;
import io.hbload.core.mix.OperationChooser;
import io.hbload.core.values.FieldSelection;
import io.hbload.core.values.IntegrityCheck;
import io.hbload.core.values.RowValues;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.random.RandomGenerator;

/**
 * One worker's view of YCSB's CoreWorkload: chooses each operation, its key, fields and values, and calls the
 * binding through its {@link MeasuredBinding}, which times and records every call.
 *
 * <p>Thread-confined to its worker. Reuses its key, field selections and value buffers, so steady state
 * allocates nothing of its own.
 */
final class WorkloadOps implements WorkerOperations {
  private final WorkloadSpec spec;
  private final String table;
  private final MeasuredBinding binding;
  private final KeySpace keySpace;
  private final KeyChooser keys;
  private final ScanLengthChooser scanLengths;
  private final OperationChooser mix;
  private final RandomGenerator random;
  private final Key key = new Key();
  private final FieldSelection allFields;
  private final FieldSelection oneField;
  private final RowValues values;
  private final IntegrityCheck check;
  private final RowSink readSink;

  WorkloadOps(WorkloadSpec spec, MeasuredBinding binding, KeySpace keySpace, RandomGenerator random) {
    this.spec = spec;
    this.table = spec.table();
    this.binding = binding;
    this.keySpace = keySpace;
    this.random = random;
    this.keys = keySpace.newChooser(random);
    this.scanLengths = keySpace.newScanLengthChooser(random);
    this.mix = new OperationChooser(spec, random);
    this.allFields = FieldSelection.all(spec);
    this.oneField = FieldSelection.single(spec);
    this.values = new RowValues(spec, random);
    this.check = spec.dataIntegrity() ? new IntegrityCheck(spec) : null;
    this.readSink = check != null ? check : RowSink.IGNORE;
  }

  /**
   * Load phase: inserts the next record, retrying as {@code core_workload_insertion_retry_*} say; every attempt is
   * recorded (as YCSB's DBWrapper records each call), the record counted once.
   */
  @Override
  public void load(long intendedStart) {
    long keyNumber = keySpace.nextLoadKeyNumber();
    KeyNames.format(keyNumber, spec.orderedInserts(), spec.zeroPadding(), key);
    values.all(key);
    if (spec.insertionRetryLimit() == 0) {
      binding.begin(intendedStart);
      binding.insert(table, key, values);
      return;
    }
    binding.beginComposite(intendedStart);
    for (int attempt = 0; !binding.insert(table, key, values).isOk() && attempt < spec.insertionRetryLimit();
        attempt++) {
      backOff();
    }
    binding.endComposite(null);
  }

  private void backOff() {
    double seconds = spec.insertionRetryIntervalSeconds() * (0.8 + 0.4 * ThreadLocalRandom.current().nextDouble());
    LockSupport.parkNanos((long) (seconds * 1e9));
  }

  /** Run phase: one operation drawn from the mix. */
  @Override
  public void transaction(long intendedStart) {
    Measure op = mix.next();
    switch (op) {
      case READ -> read(intendedStart);
      case UPDATE -> update(intendedStart);
      case INSERT -> insert(intendedStart);
      case SCAN -> scan(intendedStart);
      case READ_MODIFY_WRITE -> readModifyWrite(intendedStart);
      case DELETE -> delete(intendedStart);
      default -> throw new IllegalStateException(op.name());
    }
  }

  private void chooseKey() {
    KeyNames.format(keySpace.global(keys.next()), spec.orderedInserts(), spec.zeroPadding(), key);
  }

  private FieldSelection readFields() {
    return spec.readAllFields() ? allFields : oneField.select(random.nextInt(spec.fieldCount()));
  }

  private RowValues writeValues() {
    return spec.writeAllFields() ? values.all(key) : values.one(key, random.nextInt(spec.fieldCount()));
  }

  private void read(long intendedStart) {
    chooseKey();
    FieldSelection fields = readFields();
    if (check == null) {
      binding.begin(intendedStart);
      binding.read(table, key, fields, readSink);
      return;
    }
    binding.beginComposite(intendedStart);
    readVerified(fields);
    binding.endComposite(null);
  }

  /** A read whose returned values are checked; the check is recorded as VERIFY. Inside a composite operation. */
  private void readVerified(FieldSelection fields) {
    check.reset();
    binding.read(table, key, fields, readSink);
    long readEnd = System.nanoTime();
    Status verified = check.verify(key, fields);
    binding.record(Measure.VERIFY, verified, readEnd, System.nanoTime());
  }

  private void update(long intendedStart) {
    chooseKey();
    RowValues v = writeValues();
    binding.begin(intendedStart);
    binding.update(table, key, v);
  }

  private void insert(long intendedStart) {
    long keyNumber = keySpace.nextInsertKeyNumber();
    try {
      KeyNames.format(keySpace.global(keyNumber), spec.orderedInserts(), spec.zeroPadding(), key);
      values.all(key);
      binding.begin(intendedStart);
      binding.insert(table, key, values);
    } finally {
      // Acknowledged whatever the outcome, as YCSB does, so the readable key range keeps growing.
      keySpace.acknowledge(keyNumber);
    }
  }

  private void scan(long intendedStart) {
    chooseKey();
    int length = scanLengths.next();
    FieldSelection fields = readFields();
    binding.begin(intendedStart);
    binding.scan(table, key, length, fields, ScanSink.IGNORE);
  }

  private void readModifyWrite(long intendedStart) {
    chooseKey();
    FieldSelection fields = readFields();
    binding.beginComposite(intendedStart);
    if (check != null) {
      readVerified(fields);
    } else {
      binding.read(table, key, fields, readSink);
    }
    binding.update(table, key, writeValues());
    binding.endComposite(Measure.READ_MODIFY_WRITE);
  }

  private void delete(long intendedStart) {
    chooseKey();
    binding.begin(intendedStart);
    binding.delete(table, key);
  }
}
