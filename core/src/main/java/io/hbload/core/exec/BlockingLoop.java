package io.hbload.core.exec;

import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.binding.ScanSink;
import io.hbload.core.binding.Status;
import io.hbload.core.config.Phase;
import io.hbload.core.config.RunSpec;
import io.hbload.core.keys.KeySpace;
import io.hbload.core.measure.LatencyNames;
import io.hbload.core.measure.Measure;
import io.hbload.core.measure.MeasuredBinding;
import io.hbload.core.measure.WorkerRecorder;
import io.hbload.core.schedule.Pacer;
import io.hbload.core.source.OperationSlot;
import io.hbload.core.source.OperationSource;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * A worker that makes one call at a time on a blocking {@link Binding}: each operation of its {@link OperationSource}
 * is issued step by step through the {@link MeasuredBinding} decorator, which times and records every call (a
 * one-call operation recorded and counted at once; a composite one, each step recorded and the operation counted
 * once, read-modify-write also as a whole). A failed load insert waits out its back-off on this thread, as YCSB's
 * workload does.
 *
 * <p>A session that brings its own operations ({@link OwnOperations}, hbload pe) drives the loop with them instead.
 *
 * <p>Confined to its worker thread, except {@link #pacing} and {@link #inFlight}. Allocation-free per operation.
 */
final class BlockingLoop extends WorkerLoop {
  private volatile Pacer pacer;
  /** In its operation loop (written twice per phase, never per operation): what {@link #inFlight} reads. */
  private volatile boolean looping;
  private MeasuredBinding measured;
  private OperationSource source;
  private WorkerOperations own;
  private OperationSlot slot;

  BlockingLoop(int index, long quota, RunSpec spec, BindingSession session, KeySpace keySpace,
      AtomicReferenceArray<WorkerRecorder> recorders, LatencyNames names, PhaseState state, long scheduleStartNanos) {
    super(index, quota, spec, session, keySpace, recorders, names, state, scheduleStartNanos);
  }

  @Override
  void loop() {
    Binding binding;
    try {
      binding = session.newBinding(index);
    } catch (BindingException | RuntimeException | Error e) {
      state.fail("worker " + index + " could not start its binding: " + oneLine(e));
      return;
    }
    SplittableRandom random = random(spec, index);
    measured = new MeasuredBinding(binding, recorder);
    try {
      // a session that brings its own operations (hbload pe) drives the worker with them; else YCSB's CoreWorkload
      open(binding, random);
      Pacer pacer = pacer(spec, scheduleStartNanos, random, spec.spinSleep());
      this.pacer = pacer;
      boolean load = spec.phase() == Phase.LOAD;
      long restartSeen = 0;
      looping = true;
      for (long done = 0; (quota == 0 || done < quota) && !state.stopRequested(); done++) {
        long intended = MeasuredBinding.UNSCHEDULED;
        if (pacer != null) {
          long restart = state.scheduleRestartNanos();
          if (restart != restartSeen) {
            restartSeen = restart;
            pacer.restartAt(restart);
          }
          intended = pacer.awaitNext();
          if (state.stopRequested()) {
            break;
          }
        }
        operation(load, intended);
      }
    } catch (RuntimeException | Error e) {
      // A binding must return a status, not throw: anything it throws, an Error too (AssertionError,
      // OutOfMemoryError, NoClassDefFoundError), stops the phase as a failure, keeping the results so far.
      state.fail("worker " + index + ": " + e.getClass().getSimpleName() + ": " + oneLine(e));
    } finally {
      looping = false;
      cleanup();
    }
  }

  /** What fills each turn: the session's own operations or YCSB's; {@link #measured} is set. */
  void open(Binding binding, SplittableRandom random) {
    if (session instanceof OwnOperations o) {
      own = o.newOperations(index, spec.phase(), binding, measured, random);
    } else {
      source = newSource(random);
      slot = new OperationSlot(0, spec.workload());
    }
  }

  /** For a benchmark of the operation path: this loop on {@code binding}, recording, without its thread's loop. */
  void openForBenchmark(Binding binding, SplittableRandom random) {
    startRecording();
    measured = new MeasuredBinding(binding, recorder);
    open(binding, random);
  }

  /** The worker's recorder; for a benchmark of the operation path. */
  WorkerRecorder recorder() {
    return recorder;
  }

  /** One operation of the worker's quota, all of its steps. */
  void operation(boolean load, long intended) {
    if (own != null) {
      if (load) {
        own.load(intended);
      } else {
        own.transaction(intended);
      }
      return;
    }
    OperationSlot s = slot;
    if (!(load ? source.load(s) : source.transaction(s))) {
      return;
    }
    try {
      if (s.composite) {
        composite(s, intended);
        return;
      }
      measured.begin(intended);
      s.status = call(s);
      source.completed(s, false);
    } catch (RuntimeException | Error e) {
      source.release(s);
      throw e;
    }
  }

  /** An operation of several steps, each recorded, counted once; kept out of the one-call path so that stays small. */
  private void composite(OperationSlot s, long intended) {
    measured.beginComposite(intended);
    while (true) {
      s.status = call(s);
      switch (source.completed(s, false)) {
        case DONE -> {
          measured.endComposite(s.overall);
          return;
        }
        case RETRY -> {
          LockSupport.parkNanos(s.retryAt - System.nanoTime());
          source.retry(s);
        }
        case STEP -> {
        }
      }
    }
  }

  /** Issues the slot's step through the measuring decorator, which records it; VERIFY runs here, timed the same. */
  private Status call(OperationSlot s) {
    MeasuredBinding b = measured;
    return switch (s.step) {
      case READ -> b.read(s.table, s.key, s.fields, s.sink);
      case UPDATE -> b.update(s.table, s.key, s.values);
      case INSERT -> b.insert(s.table, s.key, s.values);
      case SCAN -> b.scan(s.table, s.key, s.scanLength, s.fields, ScanSink.IGNORE);
      case DELETE -> b.delete(s.table, s.key);
      case VERIFY -> {
        long start = System.nanoTime();
        Status verified = s.check.verify(s.key, s.fields);
        b.record(Measure.VERIFY, verified, start, System.nanoTime());
        yield verified;
      }
      default -> throw new IllegalStateException(s.step.name());
    };
  }

  /** Cleans up through the measuring decorator, which times it as CLEANUP. */
  private void cleanup() {
    try {
      measured.cleanup();
    } catch (BindingException | RuntimeException | Error e) {
      state.fail("worker " + index + " cleanup failed: " + oneLine(e));
    }
  }

  @Override
  boolean pacing() {
    Pacer p = pacer;
    return p != null && p.parked();
  }

  /**
   * 1 while in its operation loop and not waiting for its next scheduled start, else 0; the instant between two calls
   * counts as in a call, which keeps the hot path free of any bookkeeping.
   */
  @Override
  int inFlight() {
    if (!looping) {
      return 0;
    }
    Pacer p = pacer;
    return p != null && p.parked() ? 0 : 1;
  }
}
