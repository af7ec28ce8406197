package io.hbload.core.source;

import io.hbload.core.binding.RowSink;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.keys.KeyChooser;
import io.hbload.core.keys.KeyNames;
import io.hbload.core.keys.KeySpace;
import io.hbload.core.keys.ScanLengthChooser;
import io.hbload.core.measure.Measure;
import io.hbload.core.mix.OperationChooser;
import io.hbload.core.time.Clock;
import io.hbload.core.values.FieldSelection;
import io.hbload.core.values.RowValues;
import java.util.concurrent.ThreadLocalRandom;

/**
 * YCSB's CoreWorkload as one worker's operation source: draws each operation from the mix, its key,
 * fields and values, in the order YCSB draws them. Read-modify-write is two steps (the update's
 * values are drawn when the read is done, as YCSB draws them between its two calls); with {@code
 * dataintegrity} a read is followed by a VERIFY step; a load insert that fails is retried as {@code
 * core_workload_insertion_retry_*} say. A run-phase insert's key number is acknowledged when its
 * operation is over, whatever the outcome (as YCSB does), so the readable key range keeps growing.
 *
 * <p>Thread-confined to its worker. Reuses its field selections and value buffer (the slot holds
 * its key and its one-field selection), so steady state allocates nothing.
 */
public final class YcsbSource<S extends Step> implements OperationSource<S> {
  private final YcsbSteps<S> steps;
  private final WorkloadSpec spec;
  private final String table;
  private final KeySpace keySpace;
  private final KeyChooser keys;
  private final ScanLengthChooser scanLengths;
  private final OperationChooser mix;
  private final CycleRandom random;
  private final FieldSelection allFields;
  private final RowValues values;
  private final boolean verify;
  private final boolean retryInserts;

  // the settings read on every operation, kept here: one field load each, not a walk through parts
  private final boolean ordered;
  private final int zeroPadding;
  private final boolean readAll;
  private final boolean writeAll;
  private final int fieldCount;

  /**
   * The slot the value buffer was last filled for: a retry needs it filled again only if another
   * slot took it.
   */
  private OperationSlot<S> valuesFor;

  private final Clock clock;

  /**
   * Draws each operation in the order YCSB's CoreWorkload does, from the phase's seed at the
   * operation's number ({@link OperationSlot#cycle}; a loaded record's at its key number); its
   * operations' calls are {@code steps}; the insert back-offs are due on the phase's clock.
   */
  public YcsbSource(YcsbSteps<S> steps, PhaseContext phase) {
    CycleRandom random = new CycleRandom(phase.seed());
    WorkloadSpec spec = phase.workload();
    KeySpace keySpace = phase.keys();
    this.steps = steps;
    this.clock = phase.clock();
    this.spec = spec;
    this.table = spec.table();
    this.keySpace = keySpace;
    this.random = random;
    this.keys = keySpace.newChooser(random);
    this.scanLengths = keySpace.newScanLengthChooser(random);
    this.mix = new OperationChooser(spec, random);
    this.allFields = FieldSelection.all(spec);
    this.values = new RowValues(spec, random);
    this.verify = spec.fields().dataIntegrity();
    this.ordered = spec.records().ordered();
    this.zeroPadding = spec.records().zeroPadding();
    this.readAll = spec.fields().readAll();
    this.writeAll = spec.fields().writeAll();
    this.fieldCount = spec.fields().count();
    this.retryInserts = spec.insertRetries().limit() > 0;
  }

  /**
   * The next record of this worker's share: its insert, retried on failure when retries are
   * configured.
   */
  @Override
  public boolean load(OperationSlot<S> s) {
    long keyNumber = keySpace.nextLoadKeyNumber();
    s.cycle = keyNumber; // a record's values are its key's, whoever loads it
    random.at(keyNumber, CycleRandom.RECORD);
    KeyNames.format(keyNumber, ordered, zeroPadding, s.key);
    s.keyId = keyNumber;
    begin(s, Measure.INSERT, retryInserts);
    s.attempts = 0;
    insertStep(s);
    return true;
  }

  /**
   * One operation drawn from the mix. Each kind in its own small method, so this one stays small
   * enough to inline.
   */
  @Override
  public boolean transaction(OperationSlot<S> s) {
    random.at(s.cycle, CycleRandom.FIRST);
    Measure op = mix.next();
    if (op == Measure.INSERT) {
      insert(s);
      return true;
    }
    // Every other operation starts with its key, drawn here, before the switch: in a mixed workload
    // the switch is often mispredicted, and the key's long serial chain (draw, two hashes, digits)
    // is then not thrown away and redone. The draws stay in YCSB's order (operation, key, rest).
    chooseKey(s);
    switch (op.ordinal()) {
      case Measure.READ_ID -> read(s);
      case Measure.UPDATE_ID -> update(s);
      case Measure.SCAN_ID -> scan(s);
      case Measure.READ_MODIFY_WRITE_ID -> readModifyWrite(s);
      case Measure.DELETE_ID -> delete(s);
      default -> throw new IllegalStateException(op.reportName());
    }
    return true;
  }

  private void read(OperationSlot<S> s) {
    begin(s, Measure.READ, verify);
    readStep(s);
  }

  private void update(OperationSlot<S> s) {
    begin(s, Measure.UPDATE, false);
    updateStep(s);
  }

  private void insert(OperationSlot<S> s) {
    long keyNumber = keySpace.nextInsertKeyNumber();
    long global = keySpace.global(keyNumber);
    KeyNames.format(global, ordered, zeroPadding, s.key);
    s.keyId = global;
    begin(s, Measure.INSERT, false);
    s.keyNumber = keyNumber;
    insertStep(s);
  }

  private void scan(OperationSlot<S> s) {
    begin(s, Measure.SCAN, false);
    s.step = steps.scan();
    s.scanLength = scanLengths.next();
    s.fields = readFields(s);
  }

  private void readModifyWrite(OperationSlot<S> s) {
    begin(s, Measure.READ_MODIFY_WRITE, true);
    s.overall = Measure.READ_MODIFY_WRITE;
    readStep(s);
  }

  private void delete(OperationSlot<S> s) {
    begin(s, Measure.DELETE, false);
    s.step = steps.delete();
  }

  private void begin(OperationSlot<S> s, Measure op, boolean composite) {
    s.operation = op;
    s.composite = composite;
    s.overall = null;
    s.table = table;
  }

  private void chooseKey(OperationSlot<S> s) {
    long global = keySpace.global(keys.next());
    KeyNames.format(global, ordered, zeroPadding, s.key);
    s.keyId = global;
  }

  private FieldSelection readFields(OperationSlot<S> s) {
    return readAll ? allFields : s.oneField.select(random.nextInt(fieldCount));
  }

  private void readStep(OperationSlot<S> s) {
    s.step = steps.read();
    s.fields = readFields(s);
    s.sink = s.check != null ? s.check.reset() : RowSink.IGNORE;
  }

  private void updateStep(OperationSlot<S> s) {
    s.step = steps.update();
    s.values = writeAll ? values.all(s.key) : values.one(s.key, random.nextInt(fieldCount));
    valuesFor = s;
  }

  /**
   * Read-modify-write's update, drawn when its read is done (as YCSB draws it): from the
   * operation's own later stream, since other operations may have drawn in between on a pipelined
   * worker.
   */
  private void laterUpdateStep(OperationSlot<S> s) {
    random.at(s.cycle, CycleRandom.LATER);
    updateStep(s);
  }

  private void insertStep(OperationSlot<S> s) {
    s.step = steps.insert();
    s.values = values.all(s.key);
    valuesFor = s;
  }

  @Override
  public Next completed(OperationSlot<S> s, boolean finishing) {
    if (s.composite) {
      switch (s.step.measure.ordinal()) {
        case Measure.READ_ID -> {
          if (s.check != null) {
            s.step = steps.verify();
            return Next.STEP;
          }
          if (s.operation == Measure.READ_MODIFY_WRITE) {
            laterUpdateStep(s);
            return Next.STEP;
          }
        }
        case Measure.VERIFY_ID -> {
          if (s.operation == Measure.READ_MODIFY_WRITE) {
            laterUpdateStep(s);
            return Next.STEP;
          }
        }
        case Measure.INSERT_ID -> {
          if (!s.status.isOk() && s.attempts < spec.insertRetries().limit() && !finishing) {
            double seconds =
                spec.insertRetries().intervalSeconds()
                    * (0.8 + 0.4 * ThreadLocalRandom.current().nextDouble());
            s.retryAt = clock.nanoTime() + Math.max(1, (long) (seconds * 1e9));
            return Next.RETRY;
          }
        }
        default -> {}
      }
    }
    release(s);
    return Next.DONE;
  }

  @Override
  public void retry(OperationSlot<S> s) {
    s.retryAt = 0;
    s.attempts++;
    if (valuesFor != s) {
      random.at(s.cycle, CycleRandom.RECORD); // the record's own values again
      insertStep(
          s); // another slot's operation refilled the buffer while this one waited (pipelined loop)
    }
  }

  @Override
  public void release(OperationSlot<S> s) {
    if (s.keyNumber >= 0) {
      keySpace.acknowledge(s.keyNumber);
      s.keyNumber = -1;
    }
    s.retryAt = 0;
  }
}
