package io.hbload.core.exec;

import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.config.Phase;
import io.hbload.core.config.RunSpec;
import io.hbload.core.keys.KeySpace;
import io.hbload.core.measure.MeasuredBinding;
import io.hbload.core.measure.WorkerRecorder;
import io.hbload.core.schedule.Pacer;
import java.util.SplittableRandom;

/**
 * One client thread: creates its binding on its own thread (as YCSB does), runs its share of the phase's
 * operations on the target-rate schedule until done or asked to stop, then cleans the binding up and
 * times that as CLEANUP. All of its state is its own; the only shared things are the stop flag, the key
 * space's atomics, and its recorder's phaser.
 */
final class Worker implements Runnable {
  private final int index;
  private final long quota;
  private final RunSpec spec;
  private final BindingSession session;
  private final KeySpace keySpace;
  private final java.util.concurrent.atomic.AtomicReferenceArray<WorkerRecorder> recorders;
  private final io.hbload.core.measure.LatencyNames names;
  private final PhaseState state;
  private final long scheduleStartNanos;
  private volatile Pacer pacer;
  private volatile PipelinedWorker pipelined;
  /** In its operation loop (written twice per phase, never per operation): what {@link #inFlight} reads. */
  private volatile boolean looping;
  private WorkerRecorder recorder;

  /**
   * The worker creates its recorder on its own thread and publishes it in {@code recorders[index]}: objects
   * a thread allocates come from its own allocation buffer, so the counters each worker writes on every
   * operation never share a cache line with another worker's.
   */
  Worker(int index, long quota, RunSpec spec, BindingSession session, KeySpace keySpace,
      java.util.concurrent.atomic.AtomicReferenceArray<WorkerRecorder> recorders,
      io.hbload.core.measure.LatencyNames names, PhaseState state, long scheduleStartNanos) {
    this.index = index;
    this.quota = quota;
    this.spec = spec;
    this.session = session;
    this.keySpace = keySpace;
    this.recorders = recorders;
    this.names = names;
    this.state = state;
    this.scheduleStartNanos = scheduleStartNanos;
  }

  @Override
  public void run() {
    recorder = new WorkerRecorder(names, spec.throttled());
    recorders.set(index, recorder);
    if (spec.inflight() > 1 || session.async()) {
      // many operations in flight on the binding's async interface: its own loop, this one stays as it was
      PipelinedWorker p = new PipelinedWorker(index, quota, spec, session, keySpace, recorder, state,
          scheduleStartNanos);
      pipelined = p;
      p.run();
      return;
    }
    Binding binding;
    try {
      binding = session.newBinding(index);
    } catch (BindingException | RuntimeException | Error e) {
      state.fail("worker " + index + " could not start its binding: " + oneLine(e));
      return;
    }
    SplittableRandom random = random(spec, index);
    MeasuredBinding measured = new MeasuredBinding(binding, recorder);
    try {
      // a session that brings its own operations (hbload pe) drives the worker with them; else YCSB's CoreWorkload
      WorkerOperations ops = session instanceof OwnOperations own
          ? own.newOperations(index, spec.phase(), binding, measured, random)
          : new WorkloadOps(spec.workload(), measured, keySpace, random);
      Pacer pacer = pacer(random);
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
        if (load) {
          ops.load(intended);
        } else {
          ops.transaction(intended);
        }
      }
    } catch (RuntimeException | Error e) {
      // A binding must return a status, not throw: anything it throws, an Error too (AssertionError,
      // OutOfMemoryError, NoClassDefFoundError), stops the phase as a failure, keeping the results so far.
      state.fail("worker " + index + ": " + e.getClass().getSimpleName() + ": " + oneLine(e));
    } finally {
      looping = false;
      cleanup(measured);
    }
  }

  private Pacer pacer(SplittableRandom random) {
    return pacer(spec, scheduleStartNanos, random, spec.spinSleep());
  }

  /** Worker {@code index}'s draws: from the run's seed when one is given (reproducible), else fresh. */
  static SplittableRandom random(RunSpec spec, int index) {
    return spec.seed() == null ? new SplittableRandom()
        : new SplittableRandom(spec.seed() * 0x9E3779B97F4A7C15L + index);
  }

  /** One worker's share of the target rate on the absolute schedule, or null when the run is not throttled. */
  static Pacer pacer(RunSpec spec, long scheduleStartNanos, SplittableRandom random, boolean spinSleep) {
    if (!spec.throttled()) {
      return null;
    }
    double perWorker = spec.targetOpsPerSec() / spec.threads();
    double period = 1e9 / perWorker;
    // Slow workers start at random offsets, as YCSB staggers them, so they don't fire in lockstep.
    long offset = perWorker <= 1000 ? (long) (random.nextDouble() * period) : 0;
    return new Pacer(perWorker, scheduleStartNanos, offset, spinSleep);
  }

  /** Cleans up through the measuring decorator, which times it as CLEANUP. */
  private void cleanup(MeasuredBinding binding) {
    try {
      binding.cleanup();
    } catch (BindingException | RuntimeException | Error e) {
      state.fail("worker " + index + " cleanup failed: " + oneLine(e));
    }
  }

  /** Open loop on the pipelined path: operations that came due with every slot busy (measured part); else 0. */
  long slotWaits() {
    PipelinedWorker w = pipelined;
    return w == null ? 0 : w.slotWaits();
  }

  /** Open loop on the pipelined path: the time those operations waited for a free slot, summed; else 0. */
  long slotWaitNanos() {
    PipelinedWorker w = pipelined;
    return w == null ? 0 : w.slotWaitNanos();
  }

  /** True while parked waiting for its next slot, when an interrupt is harmless. */
  boolean pacing() {
    PipelinedWorker w = pipelined;
    if (w != null) {
      return w.parked();
    }
    Pacer p = pacer;
    return p != null && p.parked();
  }

  /**
   * Calls this worker has outstanding, for the {@code hbload.inflight} gauge. A pipelined worker: its count. A
   * blocking worker: 1 while in its operation loop and not waiting for its next scheduled start, else 0; the
   * instant between two calls counts as in a call, which keeps the hot path free of any bookkeeping. Any thread.
   */
  int inFlight() {
    PipelinedWorker w = pipelined;
    if (w != null) {
      return w.inFlight();
    }
    if (!looping) {
      return 0;
    }
    Pacer p = pacer;
    return p != null && p.parked() ? 0 : 1;
  }

  static String oneLine(Throwable e) {
    String m = e.getMessage();
    String text = m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    int nl = text.indexOf('\n');
    return nl < 0 ? text : text.substring(0, nl);
  }
}
