package io.hbload.core.exec;

import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.binding.ScanSink;
import io.hbload.core.binding.Status;
import io.hbload.core.config.Phase;
import io.hbload.core.measure.LatencyNames;
import io.hbload.core.measure.Measure;
import io.hbload.core.measure.MeasuredBinding;
import io.hbload.core.measure.WorkerRecorder;
import io.hbload.core.schedule.Pacer;
import io.hbload.core.source.OperationSlot;
import io.hbload.core.source.OperationSource;
import io.hbload.core.source.OperationSources;
import io.hbload.core.spec.RunSpec;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A worker that makes one call at a time on a blocking {@link Binding}: each operation of its
 * {@link OperationSource} is issued step by step through the {@link MeasuredBinding} decorator,
 * which times and records every call (a one-call operation recorded and counted at once; a
 * composite one, each step recorded and the operation counted once, read-modify-write also as a
 * whole). A failed load insert waits out its back-off on this thread, as YCSB's workload does. A
 * step the source makes itself ({@link OperationSlot#sourceCall}, hbload pe's HBase calls) is timed
 * around its call and recorded the same way.
 *
 * <p>Confined to its worker thread, except {@link #pacing} and {@link #inFlight}. Allocation-free
 * per operation.
 */
final class BlockingLoop extends WorkerLoop {
  private volatile Pacer pacer;

  /**
   * In its operation loop (written twice per phase, never per operation): what {@link #inFlight}
   * reads.
   */
  private volatile boolean looping;

  private MeasuredBinding measured;
  private OperationSource source;
  private OperationSlot slot;

  BlockingLoop(
      int index,
      long quota,
      RunSpec spec,
      BindingSession session,
      OperationSources sources,
      AtomicReferenceArray<WorkerRecorder> recorders,
      LatencyNames names,
      PhaseState state,
      long scheduleStartNanos) {
    super(index, quota, spec, session, sources, recorders, names, state, scheduleStartNanos);
  }

  @Override
  void loop() {
    Binding binding;
    SplittableRandom random = random(spec, index);
    try {
      binding = session.newBinding(index);
      measured = new MeasuredBinding(binding, recorder, clock);
      open(binding, random);
    } catch (BindingException | RuntimeException | Error e) {
      openFailed(e);
      if (measured != null) {
        cleanup();
      }
      return;
    }
    try {
      Pacer pacer = pacer(spec, scheduleStartNanos, random, spec.execution().spinSleep());
      this.pacer = pacer;
      boolean load = spec.phase() == Phase.LOAD;
      long restartSeen = 0;
      looping = true;
      for (long done = 0; (quota == 0 || done < quota) && !state.stopRequested(); done++) {
        long intended = MeasuredBinding.UNSCHEDULED;
        if (pacer != null) {
          long restart = scheduleRestart(restartSeen);
          if (restart != 0) {
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
      // A binding must return a status, not throw: anything it throws, an Error too
      // (AssertionError,
      // OutOfMemoryError, NoClassDefFoundError), stops the phase as a failure, keeping the results
      // so far.
      threw(e);
    } finally {
      looping = false;
      cleanup();
    }
  }

  /** The worker's source for its binding, and its slot; {@link #measured} is set. */
  void open(Binding binding, SplittableRandom random) {
    source = sources.blocking(index, spec.phase(), binding, random);
    slot = new OperationSlot(0, spec.workload());
    opened();
  }

  /**
   * For a benchmark of the operation path: this loop on {@code binding}, recording, without its
   * thread's loop.
   */
  void openForBenchmark(Binding binding, SplittableRandom random) {
    startRecording();
    measured = new MeasuredBinding(binding, recorder, clock);
    open(binding, random);
  }

  /** The worker's recorder; for a benchmark of the operation path. */
  WorkerRecorder recorder() {
    return recorder;
  }

  /** One operation of the worker's quota, all of its steps. */
  void operation(boolean load, long intended) {
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

  /**
   * An operation of several steps, each recorded, counted once; kept out of the one-call path so
   * that stays small.
   */
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
          backOff(s.retryAt);
          source.retry(s);
        }
        case STEP -> {}
      }
    }
  }

  /**
   * Waits out a failed insert's back-off until {@code retryAt} (the clock's nanoTime). An interrupt
   * (a stop) ends it early and stays set: the retry then goes out at once, as it did when this
   * parked.
   */
  private void backOff(long retryAt) {
    try {
      clock.sleepNanos(retryAt - clock.nanoTime());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Issues the slot's step through the measuring decorator, which records it; VERIFY runs here,
   * timed the same.
   */
  private Status call(OperationSlot s) {
    if (s.sourceCall) {
      return sourceCall(s);
    }
    MeasuredBinding b = measured;
    return switch (s.step.ordinal()) {
      case Measure.READ_ID -> b.read(s.table, s.key, s.fields, s.sink);
      case Measure.UPDATE_ID -> b.update(s.table, s.key, s.values);
      case Measure.INSERT_ID -> b.insert(s.table, s.key, s.values);
      case Measure.SCAN_ID -> b.scan(s.table, s.key, s.scanLength, s.fields, ScanSink.IGNORE);
      case Measure.DELETE_ID -> b.delete(s.table, s.key);
      case Measure.VERIFY_ID -> {
        long start = clock.nanoTime();
        Status verified = s.check.verify(s.key, s.fields);
        b.record(Measure.VERIFY, verified, start, clock.nanoTime());
        yield verified;
      }
      default -> throw new IllegalStateException(s.step.reportName());
    };
  }

  /**
   * A call the source makes itself, timed around it as the decorator times the binding's: recorded
   * under the slot's step unless the source has no outcome yet (a batched call) or asked for none
   * (an unmeasured step), in which case the operation is not counted either, as before PE's
   * --measureAfter.
   */
  private Status sourceCall(OperationSlot s) {
    long start = clock.nanoTime();
    Status status = source.call(s);
    long end = clock.nanoTime();
    if (status == null) {
      return Status.OK;
    }
    if (!s.unmeasured) {
      measured.record(s.step, status, start, end);
    }
    return status;
  }

  /** Cleans up through the measuring decorator, which times it as CLEANUP. */
  private void cleanup() {
    try {
      measured.cleanup();
    } catch (BindingException | RuntimeException | Error e) {
      cleanupFailed(e);
    } finally {
      ended(source);
    }
  }

  @Override
  boolean pacing() {
    Pacer p = pacer;
    return p != null && p.parked();
  }

  /**
   * 1 while in its operation loop and not waiting for its next scheduled start, else 0; the instant
   * between two calls counts as in a call, which keeps the hot path free of any bookkeeping.
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
