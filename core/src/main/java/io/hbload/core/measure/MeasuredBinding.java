package io.hbload.core.measure;

import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.Fields;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.ScanSink;
import io.hbload.core.binding.Status;
import io.hbload.core.binding.Values;
import io.hbload.core.time.Clock;

/**
 * Measurement as a decorator around a worker's binding, as YCSB's DBWrapper is, so the workload
 * code calls a plain {@link Binding} and never times anything itself. Each call is timed from just
 * before to just after the binding (service time) and from the operation's intended start on the
 * schedule (latency as a user sees it; without a schedule the operation's first actual start stands
 * in, as in YCSB), and recorded under the call's {@link Measure}.
 *
 * <p>An operation is one call ({@link #begin}, then the call: recorded and counted in one recorder
 * critical section, as cheap as timing inline) or several ({@link #beginComposite}, the calls and
 * {@link #record}ed steps, then {@link #endComposite}: each step recorded, the operation counted
 * once, e.g. read-modify-write or a read with verification).
 *
 * <p>Thread-confined to its worker, like the binding it wraps. Allocation-free.
 */
public final class MeasuredBinding implements Binding {
  /** The intended start of an operation without a schedule (closed loop). */
  public static final long UNSCHEDULED = Long.MIN_VALUE;

  private static final long UNSET = Long.MIN_VALUE;

  private final Binding target;
  private final WorkerRecorder recorder;

  /** The phase's clock; one implementation per JVM in a run, so the JIT inlines its read. */
  private final Clock clock;

  private long intendedStart = UNSCHEDULED;
  private long firstStart = UNSET;
  private long lastEnd;
  private boolean composite;

  /** Times {@code target}'s calls on {@code clock} (the phase's). */
  public MeasuredBinding(Binding target, WorkerRecorder recorder, Clock clock) {
    this.target = target;
    this.recorder = recorder;
    this.clock = clock;
  }

  /**
   * Starts an operation of one call, intended to start at {@code intendedStartNanos} (or {@link
   * #UNSCHEDULED}).
   */
  public void begin(long intendedStartNanos) {
    // composite is already false: endComposite resets it, so the hot path writes one field
    intendedStart = intendedStartNanos;
  }

  /** Starts an operation of several calls or steps; {@link #endComposite} counts it. */
  public void beginComposite(long intendedStartNanos) {
    intendedStart = intendedStartNanos;
    firstStart = UNSET;
    composite = true;
  }

  /**
   * Ends a composite operation and counts it once; {@code overall}, when not null, also records the
   * whole operation's latency from its first start to its last end (YCSB's READ-MODIFY-WRITE).
   */
  public void endComposite(Measure overall) {
    long token = recorder.begin();
    if (overall != null && firstStart != UNSET) {
      recorder.recordLatency(overall, lastEnd - anchor(), lastEnd - firstStart);
    }
    recorder.countOperation();
    recorder.end(token);
    composite = false;
    firstStart = UNSET;
  }

  /** Records a step the caller timed (VERIFY) as part of the current operation. */
  public void record(Measure measure, Status status, long startNanos, long endNanos) {
    if (!composite) {
      recordOne(measure, status, startNanos, endNanos);
      return;
    }
    if (firstStart == UNSET) {
      firstStart = startNanos;
    }
    long token = recorder.begin();
    recorder.record(measure, status, endNanos - anchor(), endNanos - startNanos);
    recorder.end(token);
    lastEnd = endNanos;
  }

  /** The hot path: a one-call operation, recorded and counted in one critical section. */
  private void recordOne(Measure measure, Status status, long startNanos, long endNanos) {
    long intended = intendedStart == UNSCHEDULED ? startNanos : intendedStart;
    long token = recorder.begin();
    recorder.record(measure, status, endNanos - intended, endNanos - startNanos);
    recorder.countOperation();
    recorder.end(token);
  }

  private long anchor() {
    return intendedStart == UNSCHEDULED ? firstStart : intendedStart;
  }

  @Override
  public Status read(String table, Key key, Fields fields, RowSink result) {
    long start = clock.nanoTime();
    Status status = target.read(table, key, fields, result);
    record(Measure.READ, status, start, clock.nanoTime());
    return status;
  }

  @Override
  public Status scan(String table, Key startKey, int recordCount, Fields fields, ScanSink result) {
    long start = clock.nanoTime();
    Status status = target.scan(table, startKey, recordCount, fields, result);
    record(Measure.SCAN, status, start, clock.nanoTime());
    return status;
  }

  @Override
  public Status update(String table, Key key, Values values) {
    long start = clock.nanoTime();
    Status status = target.update(table, key, values);
    record(Measure.UPDATE, status, start, clock.nanoTime());
    return status;
  }

  @Override
  public Status insert(String table, Key key, Values values) {
    long start = clock.nanoTime();
    Status status = target.insert(table, key, values);
    record(Measure.INSERT, status, start, clock.nanoTime());
    return status;
  }

  @Override
  public Status delete(String table, Key key) {
    long start = clock.nanoTime();
    Status status = target.delete(table, key);
    record(Measure.DELETE, status, start, clock.nanoTime());
    return status;
  }

  /** Cleans the binding up and records the time it took as CLEANUP, also when it throws. */
  @Override
  public void cleanup() throws BindingException {
    long start = clock.nanoTime();
    try {
      target.cleanup();
    } finally {
      long took = clock.nanoTime() - start;
      long token = recorder.begin();
      recorder.recordLatency(Measure.CLEANUP, took, took);
      recorder.end(token);
    }
  }
}
