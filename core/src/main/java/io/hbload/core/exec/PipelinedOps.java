package io.hbload.core.exec;

import io.hbload.core.binding.AsyncBinding;
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
import io.hbload.core.measure.WorkerRecorder;
import io.hbload.core.mix.OperationChooser;
import io.hbload.core.values.FieldSelection;
import io.hbload.core.values.RowValues;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/**
 * {@link WorkloadOps} for a pipelined worker: draws each operation into an {@link OperationSlot}, issues it on the
 * {@link AsyncBinding}, and when the worker sees it complete records it exactly as {@link MeasuredBinding} records a
 * blocking call (same measures, same intended and service latencies, steps of composite operations each recorded,
 * the operation counted once). Read-modify-write is chained here: the update is drawn and issued when the read
 * completes, as YCSB's workload does between its two calls.
 *
 * <p>Thread-confined to its worker; the only writer of the worker's recorder. Allocation-free in steady state.
 */
final class PipelinedOps implements SlotOps {

  private final WorkloadSpec spec;
  private final String table;
  private final AsyncBinding binding;
  private final AsyncBinding.Completion done;
  private final WorkerRecorder recorder;
  private final KeySpace keySpace;
  private final KeyChooser keys;
  private final ScanLengthChooser scanLengths;
  private final OperationChooser mix;
  private final RandomGenerator random;
  private final FieldSelection allFields;
  private final RowValues values;
  private final boolean verify;

  PipelinedOps(WorkloadSpec spec, AsyncBinding binding, AsyncBinding.Completion done, WorkerRecorder recorder,
      KeySpace keySpace, RandomGenerator random) {
    this.spec = spec;
    this.table = spec.table();
    this.binding = binding;
    this.done = done;
    this.recorder = recorder;
    this.keySpace = keySpace;
    this.random = random;
    this.keys = keySpace.newChooser(random);
    this.scanLengths = keySpace.newScanLengthChooser(random);
    this.mix = new OperationChooser(spec, random);
    this.allFields = FieldSelection.all(spec);
    this.values = new RowValues(spec, random);
    this.verify = spec.dataIntegrity();
  }

  /** Load phase: the next record's insert; retried on failure as {@code core_workload_insertion_retry_*} say. */
  @Override
  public boolean load(OperationSlot s, long intended) {
    long keyNumber = keySpace.nextLoadKeyNumber();
    KeyNames.format(keyNumber, spec.orderedInserts(), spec.zeroPadding(), s.key);
    begin(s, Measure.INSERT, intended, spec.insertionRetryLimit() > 0);
    s.keyNumber = -1;
    s.attempts = 0;
    issueInsert(s);
    return true;
  }

  /** Run phase: one operation drawn from the mix. */
  @Override
  public boolean transaction(OperationSlot s, long intended) {
    Measure op = mix.next();
    s.keyNumber = -1;
    switch (op) {
      case READ -> {
        chooseKey(s);
        begin(s, op, intended, verify);
        issueRead(s);
      }
      case UPDATE -> {
        chooseKey(s);
        begin(s, op, intended, false);
        issueUpdate(s);
      }
      case INSERT -> {
        long keyNumber = keySpace.nextInsertKeyNumber();
        s.keyNumber = keyNumber;
        KeyNames.format(keySpace.global(keyNumber), spec.orderedInserts(), spec.zeroPadding(), s.key);
        begin(s, op, intended, false);
        issueInsert(s);
      }
      case SCAN -> {
        chooseKey(s);
        begin(s, op, intended, false);
        int length = scanLengths.next();
        s.step = Measure.SCAN;
        s.fields = readFields(s);
        s.start = System.nanoTime();
        s.firstStart = s.start;
        binding.scan(table, s.key, length, s.fields, ScanSink.IGNORE, s.index, done);
      }
      case READ_MODIFY_WRITE -> {
        chooseKey(s);
        begin(s, op, intended, true);
        issueRead(s);
      }
      case DELETE -> {
        chooseKey(s);
        begin(s, op, intended, false);
        s.step = Measure.DELETE;
        s.start = System.nanoTime();
        s.firstStart = s.start;
        binding.delete(table, s.key, s.index, done);
      }
      default -> throw new IllegalStateException(op.name());
    }
    return true;
  }

  private static void begin(OperationSlot s, Measure op, long intended, boolean composite) {
    s.busy = true;
    s.operation = op;
    s.intended = intended;
    s.composite = composite;
  }

  private void chooseKey(OperationSlot s) {
    KeyNames.format(keySpace.global(keys.next()), spec.orderedInserts(), spec.zeroPadding(), s.key);
  }

  private FieldSelection readFields(OperationSlot s) {
    return spec.readAllFields() ? allFields : s.oneField.select(random.nextInt(spec.fieldCount()));
  }

  private void issueRead(OperationSlot s) {
    s.step = Measure.READ;
    s.fields = readFields(s);
    RowSink sink = s.check != null ? s.check.reset() : RowSink.IGNORE;
    s.start = System.nanoTime();
    s.firstStart = s.start;
    binding.read(table, s.key, s.fields, sink, s.index, done);
  }

  private void issueUpdate(OperationSlot s) {
    s.step = Measure.UPDATE;
    RowValues v = spec.writeAllFields() ? values.all(s.key) : values.one(s.key, random.nextInt(spec.fieldCount()));
    s.start = System.nanoTime();
    if (s.operation != Measure.READ_MODIFY_WRITE) {
      s.firstStart = s.start;
    }
    binding.update(table, s.key, v, s.index, done);
  }

  private void issueInsert(OperationSlot s) {
    s.step = Measure.INSERT;
    values.all(s.key);
    s.start = System.nanoTime();
    if (s.attempts == 0) {
      s.firstStart = s.start;
    }
    binding.insert(table, s.key, values, s.index, done);
  }

  /** A load insert whose retry is due: issued again. */
  @Override
  public void retry(OperationSlot s) {
    s.retryAt = 0;
    s.attempts++;
    issueInsert(s);
  }

  /**
   * Records the call the slot's completion reports and moves the operation on: done (FREE), its next call issued
   * (ISSUED, the update of a read-modify-write), or a failed load insert to retry after a back-off (RETRY, with
   * {@code retryAt} set). {@code finishing}: the phase is ending, so a failed insert is not retried.
   */
  @Override
  public Next completed(OperationSlot s, boolean finishing) {
    Status status = s.status;
    long end = s.end;
    if (!s.composite) {
      long anchor = s.intended == MeasuredBinding.UNSCHEDULED ? s.start : s.intended;
      long token = recorder.begin();
      recorder.record(s.step, status, end - anchor, end - s.start);
      recorder.countOperation();
      recorder.end(token);
      return free(s);
    }
    long anchor = s.intended == MeasuredBinding.UNSCHEDULED ? s.firstStart : s.intended;
    long token = recorder.begin();
    recorder.record(s.step, status, end - anchor, end - s.start);
    recorder.end(token);
    if (s.step == Measure.READ && s.check != null) {
      long checkStart = System.nanoTime();
      Status verified = s.check.verify(s.key, s.fields);
      long checkEnd = System.nanoTime();
      token = recorder.begin();
      recorder.record(Measure.VERIFY, verified, checkEnd - anchor, checkEnd - checkStart);
      recorder.end(token);
      end = checkEnd;
    }
    if (s.operation == Measure.READ_MODIFY_WRITE) {
      if (s.step == Measure.READ) {
        issueUpdate(s);
        return Next.ISSUED;
      }
      token = recorder.begin();
      recorder.recordLatency(Measure.READ_MODIFY_WRITE, end - anchor, end - s.firstStart);
      recorder.end(token);
    } else if (s.step == Measure.INSERT && !status.isOk() && s.attempts < spec.insertionRetryLimit() && !finishing) {
      double seconds = spec.insertionRetryIntervalSeconds() * (0.8 + 0.4 * ThreadLocalRandom.current().nextDouble());
      s.retryAt = System.nanoTime() + Math.max(1, (long) (seconds * 1e9));
      return Next.RETRY;
    }
    token = recorder.begin();
    recorder.countOperation();
    recorder.end(token);
    return free(s);
  }

  /** A load insert waiting for its retry when the phase ends: counted as done, its last attempt having failed. */
  @Override
  public void giveUp(OperationSlot s) {
    long token = recorder.begin();
    recorder.countOperation();
    recorder.end(token);
    free(s);
  }

  /**
   * Counts an operation still outstanding when the phase gave up waiting: its call as {@link AsyncBinding#CANCELLED},
   * without a latency (it has none), and not as an operation done.
   */
  @Override
  public void cancel(OperationSlot s) {
    long token = recorder.begin();
    recorder.countOutcome(s.step, AsyncBinding.CANCELLED);
    recorder.end(token);
    free(s);
  }

  private Next free(OperationSlot s) {
    if (s.keyNumber >= 0) {
      // acknowledged whatever the outcome, as the blocking path does, so the readable key range keeps growing
      keySpace.acknowledge(s.keyNumber);
      s.keyNumber = -1;
    }
    s.busy = false;
    s.retryAt = 0;
    return Next.FREE;
  }
}
