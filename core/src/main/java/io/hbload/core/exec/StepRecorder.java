package io.hbload.core.exec;

import io.hbload.core.audit.WriteLog;
import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.measure.Measure;
import io.hbload.core.measure.WorkerRecorder;
import io.hbload.core.source.OperationSlot;
import io.hbload.core.values.ValueDigest;

/**
 * The one place both loops record what their steps did, from the times they stamped in the slot:
 * each step's service time (its call's start to end) and latency as a user sees it (from the
 * operation's intended start on the schedule; without one, from the operation's first start, as in
 * YCSB), under the step's measure. A one-call operation is recorded and counted in one critical
 * section; a composite one has each step recorded and is counted once when done, with its overall
 * measure (YCSB's READ-MODIFY-WRITE) from its first start to its last end. A blocking call and a
 * pipelined completion are therefore recorded the same way.
 *
 * <p>With {@code --verify} it also hands every finished write (insert, update, delete; a
 * read-modify-write's update) to the worker's {@link WriteLog}, acknowledged or not, and takes the
 * digest of a write's values when the loop issues it ({@link #issuing}).
 *
 * <p>Confined to its worker, like the recorder and the log it writes. Allocation-free (the log adds
 * a chunk of its storage every 65,536 writes).
 */
final class StepRecorder {
  private final WorkerRecorder recorder;

  /** The worker's audit log, or null without {@code --verify}. */
  private final WriteLog log;

  /** The workload's fields: a write of them all has field code {@link WriteLog#ALL_FIELDS}. */
  private final int fieldCount;

  StepRecorder(WorkerRecorder recorder) {
    this(recorder, null, 0);
  }

  StepRecorder(WorkerRecorder recorder, WriteLog log, int fieldCount) {
    this.recorder = recorder;
    this.log = log;
    this.fieldCount = fieldCount;
  }

  /**
   * The slot's step is about to be issued: with {@code --verify}, a write's values are digested
   * now, while the source's buffer still holds them.
   */
  void issuing(OperationSlot<?> s) {
    if (log != null && s.keyId >= 0) {
      int id = s.step.measure.ordinal();
      if (id == Measure.INSERT_ID || id == Measure.UPDATE_ID) {
        s.writeDigest = ValueDigest.of(s.values);
        s.writeFields =
            s.values.count() == fieldCount ? WriteLog.ALL_FIELDS : 1 + s.values.fieldIndex(0);
      }
    }
  }

  /** A finished step that wrote, to the audit log (with {@code --verify}). */
  private void audit(OperationSlot<?> s, boolean acknowledged, long end) {
    if (log == null || s.keyId < 0) {
      return;
    }
    int id = s.step.measure.ordinal();
    if (id == Measure.INSERT_ID || id == Measure.UPDATE_ID) {
      log.write(
          s.keyId,
          s.writeFields,
          s.writeDigest,
          id == Measure.INSERT_ID,
          acknowledged,
          s.start,
          end);
    } else if (id == Measure.DELETE_ID) {
      log.write(s.keyId, WriteLog.DELETE, 0, false, acknowledged, s.start, end);
    }
  }

  /** A one-call operation: its step recorded, the operation counted. */
  void one(OperationSlot<?> s) {
    audit(s, s.status.isOk(), s.end);
    long anchor = s.intended == OperationSlot.UNSCHEDULED ? s.start : s.intended;
    long token = recorder.begin();
    recorder.record(s.step.measure, s.status, s.end - anchor, s.end - s.start);
    recorder.countOperation();
    recorder.end(token);
  }

  /** One step of a composite operation, recorded; the operation is counted by {@link #done}. */
  void step(OperationSlot<?> s) {
    audit(s, s.status.isOk(), s.end);
    long token = recorder.begin();
    recorder.record(s.step.measure, s.status, s.end - anchor(s), s.end - s.start);
    recorder.end(token);
  }

  /**
   * A composite operation is over (its last step ended at {@code s.end}): counted once, with its
   * overall latency when it has an overall measure.
   */
  void done(OperationSlot<?> s) {
    long token = recorder.begin();
    if (s.overall != null) {
      recorder.recordLatency(s.overall, s.end - anchor(s), s.end - s.firstStart);
    }
    recorder.countOperation();
    recorder.end(token);
  }

  /** An operation over without a last step to record (a load insert given up): counted. */
  void counted() {
    long token = recorder.begin();
    recorder.countOperation();
    recorder.end(token);
  }

  /**
   * A step still outstanding when the phase stopped waiting: its outcome counted as {@link
   * AsyncBinding#CANCELLED}, with no latency (it has none), the operation not counted as done.
   */
  void cancelled(OperationSlot<?> s) {
    audit(s, false, s.start);
    long token = recorder.begin();
    recorder.countOutcome(s.step.measure, AsyncBinding.CANCELLED);
    recorder.end(token);
  }

  /** The client's cleanup, which took {@code nanos}: recorded as CLEANUP, also when it threw. */
  void cleanup(long nanos) {
    long token = recorder.begin();
    recorder.recordLatency(Measure.CLEANUP, nanos, nanos);
    recorder.end(token);
  }

  private static long anchor(OperationSlot<?> s) {
    return s.intended == OperationSlot.UNSCHEDULED ? s.firstStart : s.intended;
  }
}
