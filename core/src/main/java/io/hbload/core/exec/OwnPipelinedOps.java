package io.hbload.core.exec;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.measure.Measure;
import io.hbload.core.measure.MeasuredBinding;
import io.hbload.core.measure.WorkerRecorder;

/**
 * A session's {@link PipelinedOperations} in a pipelined worker's slots: stamps each operation's start just before
 * its issuing call and records its completion as {@link PipelinedOps} records a one-call operation (same intended
 * and service latencies, counted once), unless the session says not to. The session's operations have no retries.
 *
 * <p>Thread-confined to its worker; the only writer of the worker's recorder. Allocation-free.
 */
final class OwnPipelinedOps implements SlotOps {
  private final PipelinedOperations own;
  private final AsyncBinding.Completion done;
  private final WorkerRecorder recorder;

  OwnPipelinedOps(PipelinedOperations own, AsyncBinding.Completion done, WorkerRecorder recorder) {
    this.own = own;
    this.done = done;
    this.recorder = recorder;
  }

  @Override
  public boolean load(OperationSlot s, long intended) {
    return issue(s, intended, true);
  }

  @Override
  public boolean transaction(OperationSlot s, long intended) {
    return issue(s, intended, false);
  }

  private boolean issue(OperationSlot s, long intended, boolean load) {
    s.intended = intended;
    s.composite = false;
    s.keyNumber = -1;
    // stamped before the call: the call may complete (and stamp its end) before it returns
    s.start = System.nanoTime();
    Measure m = load ? own.load(s.index, done) : own.transaction(s.index, done);
    if (m == null) {
      return false;
    }
    s.busy = true;
    s.operation = m;
    s.step = m;
    s.firstStart = s.start;
    return true;
  }

  @Override
  public Next completed(OperationSlot s, boolean finishing) {
    long service = s.end - s.start;
    if (own.completed(s.index, s.status, service)) {
      long anchor = s.intended == MeasuredBinding.UNSCHEDULED ? s.start : s.intended;
      long token = recorder.begin();
      recorder.record(s.step, s.status, s.end - anchor, service);
      recorder.countOperation();
      recorder.end(token);
    }
    s.busy = false;
    return Next.FREE;
  }

  @Override
  public void retry(OperationSlot s) {
    throw new IllegalStateException("a session's own pipelined operations are not retried");
  }

  @Override
  public void giveUp(OperationSlot s) {
    throw new IllegalStateException("a session's own pipelined operations are not retried");
  }

  @Override
  public void cancel(OperationSlot s) {
    if (own.cancelled(s.index)) {
      long token = recorder.begin();
      recorder.countOutcome(s.step, AsyncBinding.CANCELLED);
      recorder.end(token);
    }
    s.busy = false;
  }
}
