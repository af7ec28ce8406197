package io.hbload.core.exec;

import io.hbload.core.binding.Binding;
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
import io.hbload.core.measure.WorkerRecorder;
import io.hbload.core.mix.OpType;
import io.hbload.core.mix.OperationChooser;
import io.hbload.core.values.FieldSelection;
import io.hbload.core.values.IntegrityCheck;
import io.hbload.core.values.RowValues;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.random.RandomGenerator;

/**
 * One worker's view of YCSB's CoreWorkload: chooses each operation, its key, fields and values, calls the
 * binding, and records the outcome. Every call is timed from just before to just after the binding
 * (service time) and from the operation's intended start (latency as the user sees it under a schedule).
 *
 * <p>Thread-confined to its worker. Reuses its key, field selections and value buffers, so steady state
 * allocates nothing of its own.
 */
final class WorkloadOps {
  private final WorkloadSpec spec;
  private final String table;
  private final Binding binding;
  private final WorkerRecorder recorder;
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

  WorkloadOps(WorkloadSpec spec, Binding binding, WorkerRecorder recorder, KeySpace keySpace, RandomGenerator random) {
    this.spec = spec;
    this.table = spec.table();
    this.binding = binding;
    this.recorder = recorder;
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

  /** Load phase: inserts the next record, retrying as {@code core_workload_insertion_retry_*} say. */
  void load(long intendedStart) {
    long keyNumber = keySpace.nextLoadKeyNumber();
    KeyNames.format(keyNumber, spec.orderedInserts(), spec.zeroPadding(), key);
    values.all(key);
    Status status;
    long start;
    long end;
    int attempt = 0;
    while (true) {
      start = System.nanoTime();
      status = binding.insert(table, key, values);
      end = System.nanoTime();
      if (status.isOk() || ++attempt > spec.insertionRetryLimit()) {
        break;
      }
      backOff();
    }
    recordOne(Measure.INSERT, status, intendedStart, start, end);
  }

  private void backOff() {
    double seconds = spec.insertionRetryIntervalSeconds() * (0.8 + 0.4 * ThreadLocalRandom.current().nextDouble());
    LockSupport.parkNanos((long) (seconds * 1e9));
  }

  /** Run phase: one operation drawn from the mix. */
  void transaction(long intendedStart) {
    OpType op = mix.next();
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
    KeyNames.format(keys.next(), spec.orderedInserts(), spec.zeroPadding(), key);
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
      long start = System.nanoTime();
      Status status = binding.read(table, key, fields, readSink);
      long end = System.nanoTime();
      recordOne(Measure.READ, status, intendedStart, start, end);
      return;
    }
    check.reset();
    long start = System.nanoTime();
    Status status = binding.read(table, key, fields, readSink);
    long end = System.nanoTime();
    Status verified = check.verify(key, fields);
    long verifyEnd = System.nanoTime();
    long intended = intendedOr(intendedStart, start);
    long token = recorder.begin();
    recorder.record(Measure.READ, status, end - intended, end - start);
    recorder.record(Measure.VERIFY, verified, verifyEnd - intended, verifyEnd - end);
    recorder.countOperation();
    recorder.end(token);
  }

  private void update(long intendedStart) {
    chooseKey();
    RowValues v = writeValues();
    long start = System.nanoTime();
    Status status = binding.update(table, key, v);
    long end = System.nanoTime();
    recordOne(Measure.UPDATE, status, intendedStart, start, end);
  }

  private void insert(long intendedStart) {
    long keyNumber = keySpace.nextInsertKeyNumber();
    Status status;
    long start;
    long end;
    try {
      KeyNames.format(keyNumber, spec.orderedInserts(), spec.zeroPadding(), key);
      values.all(key);
      start = System.nanoTime();
      status = binding.insert(table, key, values);
      end = System.nanoTime();
    } finally {
      // Acknowledged whatever the outcome, as YCSB does, so the readable key range keeps growing.
      keySpace.acknowledge(keyNumber);
    }
    recordOne(Measure.INSERT, status, intendedStart, start, end);
  }

  private void scan(long intendedStart) {
    chooseKey();
    int length = scanLengths.next();
    FieldSelection fields = readFields();
    long start = System.nanoTime();
    Status status = binding.scan(table, key, length, fields, ScanSink.IGNORE);
    long end = System.nanoTime();
    recordOne(Measure.SCAN, status, intendedStart, start, end);
  }

  private void readModifyWrite(long intendedStart) {
    chooseKey();
    FieldSelection fields = readFields();
    if (check != null) {
      check.reset();
    }
    long start = System.nanoTime();
    Status read = binding.read(table, key, fields, readSink);
    long readEnd = System.nanoTime();
    Status verified = check != null ? check.verify(key, fields) : null;
    long verifyEnd = System.nanoTime();
    RowValues v = writeValues();
    long updateStart = System.nanoTime();
    Status update = binding.update(table, key, v);
    long end = System.nanoTime();
    long intended = intendedOr(intendedStart, start);
    long token = recorder.begin();
    recorder.record(Measure.READ, read, readEnd - intended, readEnd - start);
    if (verified != null) {
      recorder.record(Measure.VERIFY, verified, verifyEnd - intended, verifyEnd - readEnd);
    }
    recorder.record(Measure.UPDATE, update, end - intended, end - updateStart);
    recorder.recordLatency(Measure.READ_MODIFY_WRITE, end - intended, end - start);
    recorder.countOperation();
    recorder.end(token);
  }

  private void delete(long intendedStart) {
    chooseKey();
    long start = System.nanoTime();
    Status status = binding.delete(table, key);
    long end = System.nanoTime();
    recordOne(Measure.DELETE, status, intendedStart, start, end);
  }

  /** Records one call as one completed operation, in a single critical section of the recorder. */
  private void recordOne(Measure measure, Status status, long intendedStart, long start, long end) {
    long token = recorder.begin();
    recorder.record(measure, status, end - intendedOr(intendedStart, start), end - start);
    recorder.countOperation();
    recorder.end(token);
  }

  /** Without a schedule the intended start is the actual start, as in YCSB. */
  private static long intendedOr(long intendedStart, long start) {
    return intendedStart == Worker.UNSCHEDULED ? start : intendedStart;
  }
}
