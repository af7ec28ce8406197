package io.hbload.core.measure;

import io.hbload.core.binding.Status;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * A worker's latency and outcome recorder with interval snapshots, after HdrHistogram's {@code
 * SingleWriterRecorder}: the worker records into the active {@link IntervalData} inside one {@link
 * WriterReaderPhaser} critical section per operation (two uncontended atomic increments, no lock,
 * nothing shared with other workers); the reporter swaps in the other one and reads the finished
 * interval.
 *
 * <p>Single writer (the worker thread), single reader (the reporter). Allocation only when a slot
 * is used for the first time or a histogram must grow.
 */
public final class WorkerRecorder {
  private final WriterReaderPhaser phaser = new WriterReaderPhaser();
  private final LatencyNames names;
  private final boolean recordIntended;
  private volatile IntervalData active;
  private IntervalData inactive;

  /**
   * @param recordIntended false when unthrottled: the intended start is then the actual start (as
   *     in YCSB), so intended latency equals service time and is not recorded twice
   */
  public WorkerRecorder(LatencyNames names, boolean recordIntended) {
    this.active = new IntervalData(names);
    this.inactive = new IntervalData(names);
    this.names = names;
    this.recordIntended = recordIntended;
  }

  /** Opens the critical section for one operation's records; pass the token to {@link #end}. */
  public long begin() {
    return phaser.writerCriticalSectionEnter();
  }

  public void end(long token) {
    phaser.writerCriticalSectionExit(token);
  }

  /** Records a call's latency under its outcome's slot and counts the outcome. Inside begin/end. */
  public void record(Measure measure, Status status, long intendedNanos, long serviceNanos) {
    IntervalData a = active;
    int slot = names.slot(measure, status);
    recordLatency(a, slot, intendedNanos, serviceNanos);
    if (measure.hasReturns()) {
      a.returns[measure.ordinal() * Status.MAX_IDS + status.id()]++;
    }
  }

  /** Records a latency without an outcome (READ-MODIFY-WRITE, CLEANUP). Inside begin/end. */
  public void recordLatency(Measure measure, long intendedNanos, long serviceNanos) {
    recordLatency(active, LatencyNames.okSlot(measure), intendedNanos, serviceNanos);
  }

  /**
   * Counts an outcome without a latency: an operation abandoned at the end of a phase has no
   * completion time to record, only the fact that it was issued. Inside begin/end.
   */
  public void countOutcome(Measure measure, Status status) {
    if (measure.hasReturns()) {
      active.returns[measure.ordinal() * Status.MAX_IDS + status.id()]++;
    }
  }

  /** Counts one completed top-level operation. Inside begin/end. */
  public void countOperation() {
    active.operations++;
  }

  private void recordLatency(IntervalData a, int slot, long intendedNanos, long serviceNanos) {
    Histogram s = a.service[slot];
    if (s == null) {
      s = a.service[slot] = IntervalData.newHistogram();
    }
    s.recordValue(Math.max(0, serviceNanos));
    if (recordIntended) {
      Histogram i = a.intended[slot];
      if (i == null) {
        i = a.intended[slot] = IntervalData.newHistogram();
      }
      i.recordValue(Math.max(0, intendedNanos));
    }
  }

  /**
   * Reader side: makes a fresh interval active and returns the finished one, which stays valid
   * until the next call. Only the reporter thread calls this.
   */
  public IntervalData swap() {
    phaser.readerLock();
    try {
      IntervalData finished = active;
      inactive.reset();
      active = inactive;
      phaser.flipPhase();
      inactive = finished;
      return finished;
    } finally {
      phaser.readerUnlock();
    }
  }

  public boolean recordsIntended() {
    return recordIntended;
  }
}
