package io.hbload.core.exec;

import io.hbload.core.binding.BindingSession;
import io.hbload.core.config.RunSpec;
import io.hbload.core.keys.KeySpace;
import io.hbload.core.measure.LatencyNames;
import io.hbload.core.measure.WorkerRecorder;
import io.hbload.core.schedule.Pacer;
import io.hbload.core.source.OperationSource;
import io.hbload.core.source.YcsbSource;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One client thread of a phase, whichever loop it runs: {@link BlockingLoop} (one call at a time on a
 * {@link io.hbload.core.binding.Binding}) or {@link PipelinedLoop} (many in flight on an
 * {@link io.hbload.core.binding.AsyncBinding}); {@link PhaseRun} picks one from the spec. Both create their binding
 * on their own thread (as YCSB does), run their share of the phase's operations on the target-rate schedule until
 * done or asked to stop, then clean the binding up and time that as CLEANUP. All of a loop's state is its own; the
 * only shared things are the stop flag, the key space's atomics, and its recorder's phaser.
 */
abstract class WorkerLoop implements Runnable {
  final int index;
  final long quota;
  final RunSpec spec;
  final BindingSession session;
  final KeySpace keySpace;
  final PhaseState state;
  final long scheduleStartNanos;
  private final AtomicReferenceArray<WorkerRecorder> recorders;
  private final LatencyNames names;
  WorkerRecorder recorder;

  WorkerLoop(int index, long quota, RunSpec spec, BindingSession session, KeySpace keySpace,
      AtomicReferenceArray<WorkerRecorder> recorders, LatencyNames names, PhaseState state, long scheduleStartNanos) {
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

  /** The loop {@code spec} asks for: pipelined with more than one operation in flight or an async session. */
  static WorkerLoop create(int index, long quota, RunSpec spec, BindingSession session, KeySpace keySpace,
      AtomicReferenceArray<WorkerRecorder> recorders, LatencyNames names, PhaseState state, long scheduleStartNanos) {
    return spec.inflight() > 1 || session.async()
        ? new PipelinedLoop(index, quota, spec, session, keySpace, recorders, names, state, scheduleStartNanos)
        : new BlockingLoop(index, quota, spec, session, keySpace, recorders, names, state, scheduleStartNanos);
  }

  /**
   * The worker creates its recorder on its own thread and publishes it in {@code recorders[index]}: objects a thread
   * allocates come from its own allocation buffer, so the counters each worker writes on every operation never share
   * a cache line with another worker's.
   */
  @Override
  public final void run() {
    startRecording();
    loop();
  }

  /** Creates and publishes this worker's recorder; on the worker's thread, before its loop. */
  final void startRecording() {
    recorder = new WorkerRecorder(names, spec.throttled());
    recorders.set(index, recorder);
  }

  /** Opens the binding, runs the share, cleans up; on the worker's thread. */
  abstract void loop();

  /** YCSB's CoreWorkload for this worker, drawing from {@code random}. */
  final OperationSource newSource(SplittableRandom random) {
    return new YcsbSource(spec.workload(), keySpace, random);
  }

  /** Open loop on the pipelined path: operations that came due with every slot busy (measured part); else 0. */
  long slotWaits() {
    return 0;
  }

  /** Open loop on the pipelined path: the time those operations waited for a free slot, summed; else 0. */
  long slotWaitNanos() {
    return 0;
  }

  /** True while parked waiting for its next start or completion, when an interrupt is harmless. Any thread. */
  abstract boolean pacing();

  /** Calls this worker has outstanding, for the {@code hbload.inflight} gauge. Any thread. */
  abstract int inFlight();

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

  static String oneLine(Throwable e) {
    String m = e.getMessage();
    String text = m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    int nl = text.indexOf('\n');
    return nl < 0 ? text : text.substring(0, nl);
  }
}
