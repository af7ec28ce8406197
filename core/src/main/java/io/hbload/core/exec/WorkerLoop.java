package io.hbload.core.exec;

import io.hbload.core.audit.WriteAudit;
import io.hbload.core.binding.AsyncWorkerClient;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.WorkerClient;
import io.hbload.core.config.Phase;
import io.hbload.core.config.ShardSpec;
import io.hbload.core.measure.LatencyNames;
import io.hbload.core.measure.WorkerRecorder;
import io.hbload.core.schedule.Pacer;
import io.hbload.core.schedule.RateCurve;
import io.hbload.core.schedule.Timeline;
import io.hbload.core.source.OperationSlot;
import io.hbload.core.source.OperationSource;
import io.hbload.core.source.PhaseContext;
import io.hbload.core.source.Workload;
import io.hbload.core.spec.RunSpec;
import io.hbload.core.time.Clock;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One client thread of a phase, whichever loop it runs: {@link BlockingLoop} (one call at a time on
 * a {@link io.hbload.core.binding.Binding}) or {@link PipelinedLoop} (many in flight on an {@link
 * io.hbload.core.binding.AsyncBinding}); {@link PhaseRun} picks one from the spec. Both create
 * their binding on their own thread (as YCSB does), run their share of the phase's operations on
 * the target-rate schedule until done or asked to stop, then clean the binding up and time that as
 * CLEANUP. Their clients and operations come from the run's {@link Workload}: the loop runs each
 * step (a typed call that runs itself on the worker's client) and records it through its {@link
 * StepRecorder}; the source alone says what the steps are. All of a loop's state is its own; the
 * only shared things are the stop flag, the key space's atomics, and its recorder's phaser.
 */
abstract class WorkerLoop implements Runnable {
  final int index;
  final long quota;
  final RunSpec spec;
  final PhaseContext phase;
  final PhaseState state;
  final long scheduleStartNanos;

  /** The phase's clock: every time read and wait of the loop, its pacer's and its decorator's. */
  final Clock clock;

  private final AtomicReferenceArray<WorkerRecorder> recorders;
  private final LatencyNames names;
  private final WriteAudit audit;
  WorkerRecorder recorder;

  /**
   * When the worker's source was opened and when its cleanup ended (its share's elapsed time); 0
   * until then.
   */
  private long openedNanos;

  private long endedNanos;

  /**
   * Whether its source was opened: not {@code openedNanos != 0}, which a virtual clock reads at its
   * start.
   */
  private boolean opened;

  private Map<String, Long> figures = Map.of();

  /**
   * Its operations' numbers in the phase ({@link OperationSlot#cycle}): worker w of n in shard s of
   * S takes s + S·w, then every S·n-th, so that every shard and worker together take 0, 1, 2, ...
   * and the quotas (the shard's share of the operations, then the worker's) cover exactly the first
   * ones. Operation j of this worker is {@code firstCycle + j * cycleStride}.
   */
  final long firstCycle;

  final long cycleStride;

  /** Records what its steps did; made with its recorder, on the worker's thread. */
  StepRecorder steps;

  WorkerLoop(int index, long quota, WorkerSetup setup) {
    this.index = index;
    this.quota = quota;
    this.spec = setup.spec();
    this.phase = setup.phase();
    this.recorders = setup.recorders();
    this.names = setup.names();
    this.audit = setup.audit();
    this.state = setup.state();
    this.scheduleStartNanos = setup.scheduleStartNanos();
    this.clock = spec.execution().clock();
    ShardSpec shard = spec.execution().shard();
    this.firstCycle = shard.index() + (long) shard.count() * index;
    this.cycleStride = (long) shard.count() * spec.execution().threads();
  }

  /**
   * The loop {@code spec} asks for, on {@code workload}'s clients: pipelined with more than one
   * operation in flight or an async workload.
   */
  static <C extends WorkerClient, A extends AsyncWorkerClient> WorkerLoop create(
      int index, long quota, Workload<C, A> workload, WorkerSetup setup) {
    return setup.spec().execution().inflight() > 1 || workload.async()
        ? new PipelinedLoop<>(index, quota, workload, setup)
        : new BlockingLoop<>(index, quota, workload, setup);
  }

  /**
   * The worker creates its recorder on its own thread and publishes it in {@code recorders[index]}:
   * objects a thread allocates come from its own allocation buffer, so the counters each worker
   * writes on every operation never share a cache line with another worker's.
   */
  @Override
  public final void run() {
    startRecording();
    loop();
  }

  /** Creates and publishes this worker's recorder; on the worker's thread, before its loop. */
  final void startRecording() {
    recorder = new WorkerRecorder(names, spec.throttled());
    steps =
        audit == null
            ? new StepRecorder(recorder)
            : new StepRecorder(recorder, audit.newLog(), spec.workload().fields().count());
    recorders.set(index, recorder);
  }

  /** Opens the binding, runs the share, cleans up; on the worker's thread. */
  abstract void loop();

  /** The binding or its source could not be made: the phase fails, this worker does nothing. */
  final void openFailed(Throwable e) {
    state.fail("worker " + index + " could not start its binding: " + oneLine(e));
  }

  /**
   * The source is open: the worker's share starts now (its elapsed time, as PE's clients time
   * theirs).
   */
  final void opened() {
    openedNanos = clock.nanoTime();
    opened = true;
  }

  /**
   * The loop threw (a binding must return a status, not throw): the phase fails, keeping the
   * results so far.
   */
  final void threw(Throwable e) {
    state.fail("worker " + index + ": " + e.getClass().getSimpleName() + ": " + oneLine(e));
  }

  /**
   * Cleans the worker's client up and records the time it took as CLEANUP, also when it throws;
   * then the share's end and its source's figures ({@code source} null when it never opened).
   */
  final void cleanUp(WorkerClient client, OperationSource<?> source) {
    long start = clock.nanoTime();
    try {
      client.cleanup();
    } catch (BindingException | RuntimeException | Error e) {
      cleanupFailed(e);
    } finally {
      steps.cleanup(clock.nanoTime() - start);
      ended(source);
    }
  }

  /** The binding's cleanup threw: the phase fails. */
  private void cleanupFailed(Throwable e) {
    state.fail("worker " + index + " cleanup failed: " + oneLine(e));
  }

  /**
   * After the binding's cleanup, on the worker's thread: the share's end and the source's own
   * figures.
   */
  private void ended(OperationSource<?> source) {
    endedNanos = clock.nanoTime();
    if (source != null && opened) {
      figures = Map.copyOf(source.figures());
    }
  }

  /**
   * A new schedule start the phase asked for (the warm-up ended) that this worker has not seen yet:
   * the start, else 0. Read on every scheduled operation: one volatile read.
   */
  final long scheduleRestart(long seen) {
    long restart = state.scheduleRestartNanos();
    return restart != seen ? restart : 0;
  }

  /** Whether its source was opened (it ran, or began to run, its share). */
  final boolean sourceOpened() {
    return opened;
  }

  /**
   * From its source's opening to its cleanup's end, 0 when it never opened; read after the worker
   * ended.
   */
  final long elapsedNanos() {
    return !opened || endedNanos == 0 ? 0 : endedNanos - openedNanos;
  }

  /** Its source's figures ({@link OperationSource#figures}); read after the worker ended. */
  final Map<String, Long> figures() {
    return figures;
  }

  /**
   * Open loop on the pipelined path: operations that came due with every slot busy (measured part);
   * else 0.
   */
  long slotWaits() {
    return 0;
  }

  /**
   * Open loop on the pipelined path: the time those operations waited for a free slot, summed; else
   * 0.
   */
  long slotWaitNanos() {
    return 0;
  }

  /**
   * True while parked waiting for its next start or completion, when an interrupt is harmless. Any
   * thread.
   */
  abstract boolean pacing();

  /** Calls this worker has outstanding, for the {@code hbload.inflight} gauge. Any thread. */
  abstract int inFlight();

  /**
   * Worker {@code index}'s draws: from the run's seed when one is given (reproducible), else fresh.
   */
  static SplittableRandom random(RunSpec spec, int index) {
    return spec.execution().seed() == null
        ? new SplittableRandom()
        : new SplittableRandom(spec.execution().seed() * 0x9E3779B97F4A7C15L + index);
  }

  /**
   * One worker's share of the target rate on the absolute schedule, or null when the run is not
   * throttled. A constant rate keeps its period pacer, a schedule walks the run's {@link
   * RateCurve}.
   */
  final Pacer pacer(SplittableRandom random, boolean spinSleep, OperationSource<?> source) {
    Timeline timeline = spec.phase() == Phase.RUN ? source.timeline() : null;
    if (timeline != null) {
      // the operations bring their own times (a trace's records): no rate of the spec's
      return new Pacer(timeline, scheduleStartNanos, spinSleep, spec.execution().clock());
    }
    if (!spec.throttled()) {
      return null;
    }
    if (spec.execution().scheduled()) {
      // a rate that changes: this worker takes every stride-th of the curve's operations, from the
      // number its first operation has among every shard's and worker's, so they interleave
      return new Pacer(
          RateCurve.of(spec.execution().target()),
          firstCycle,
          cycleStride,
          scheduleStartNanos,
          spinSleep,
          spec.execution().clock());
    }
    double perWorker = spec.execution().targetOpsPerSec() / spec.execution().threads();
    double period = 1e9 / perWorker;
    // Slow workers start at random offsets, as YCSB staggers them, so they don't fire in lockstep.
    long offset = perWorker <= 1000 ? (long) (random.nextDouble() * period) : 0;
    return new Pacer(perWorker, scheduleStartNanos, offset, spinSleep, spec.execution().clock());
  }

  static String oneLine(Throwable e) {
    String m = e.getMessage();
    String text = m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    int nl = text.indexOf('\n');
    return nl < 0 ? text : text.substring(0, nl);
  }
}
