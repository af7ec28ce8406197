package io.hbload.core.exec;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.measure.Measure;
import io.hbload.core.measure.WorkerRecorder;
import io.hbload.core.source.OperationSlot;

/**
 * The one place both loops record what their steps did, from the times they stamped in the slot:
 * each step's service time (its call's start to end) and latency as a user sees it (from the
 * operation's intended start on the schedule; without one, from the operation's first start, as in
 * YCSB), under the step's measure. A one-call operation is recorded and counted in one critical
 * section; a composite one has each step recorded and is counted once when done, with its overall
 * measure (YCSB's READ-MODIFY-WRITE) from its first start to its last end. A blocking call and a
 * pipelined completion are therefore recorded the same way.
 *
 * <p>Confined to its worker, like the recorder it writes. Allocation-free.
 */
final class StepRecorder {
  private final WorkerRecorder recorder;

  StepRecorder(WorkerRecorder recorder) {
    this.recorder = recorder;
  }

  /** A one-call operation: its step recorded, the operation counted. */
  void one(OperationSlot<?> s) {
    long anchor = s.intended == OperationSlot.UNSCHEDULED ? s.start : s.intended;
    long token = recorder.begin();
    recorder.record(s.step.measure, s.status, s.end - anchor, s.end - s.start);
    recorder.countOperation();
    recorder.end(token);
  }

  /** One step of a composite operation, recorded; the operation is counted by {@link #done}. */
  void step(OperationSlot<?> s) {
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
