package io.hbload.core.exec;

import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.Status;
import io.hbload.core.binding.WorkerClient;
import io.hbload.core.config.Phase;
import io.hbload.core.measure.WorkerRecorder;
import io.hbload.core.schedule.Pacer;
import io.hbload.core.source.BlockingStep;
import io.hbload.core.source.OperationSlot;
import io.hbload.core.source.OperationSource;
import io.hbload.core.source.Workload;
import java.util.SplittableRandom;

/**
 * A worker that makes one call at a time on its workload's blocking client: each operation of its
 * {@link OperationSource} is run step by step, each step a {@link BlockingStep} that makes its own
 * call on the client, timed around the call here and recorded by the worker's {@link StepRecorder}
 * (a one-call operation recorded and counted at once; a composite one, each step recorded and the
 * operation counted once, read-modify-write also as a whole). A failed load insert waits out its
 * back-off on this thread, as YCSB's workload does.
 *
 * <p>Confined to its worker thread, except {@link #pacing} and {@link #inFlight}. Allocation-free
 * per operation.
 *
 * @param <C> the workload's blocking client
 */
final class BlockingLoop<C extends WorkerClient> extends WorkerLoop {
  private final Workload<C, ?> workload;
  private volatile Pacer pacer;

  /**
   * In its operation loop (written twice per phase, never per operation): what {@link #inFlight}
   * reads.
   */
  private volatile boolean looping;

  private C client;
  private OperationSource<BlockingStep<C>> source;
  private OperationSlot<BlockingStep<C>> slot;

  BlockingLoop(int index, long quota, Workload<C, ?> workload, WorkerSetup setup) {
    super(index, quota, setup);
    this.workload = workload;
  }

  @Override
  void loop() {
    SplittableRandom random = random(spec, index);
    try {
      client = workload.newClient(index);
      open(random);
    } catch (BindingException | RuntimeException | Error e) {
      openFailed(e);
      if (client != null) {
        cleanUp(client, source);
      }
      return;
    }
    try {
      Pacer pacer = pacer(random, spec.execution().spinSleep(), source);
      this.pacer = pacer;
      boolean load = spec.phase() == Phase.LOAD;
      long restartSeen = 0;
      looping = true;
      for (long done = 0; (quota == 0 || done < quota) && !state.stopRequested(); done++) {
        long intended = OperationSlot.UNSCHEDULED;
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
        if (!operation(load, intended, firstCycle + done * cycleStride) && source.finished()) {
          break; // a trace read to its end
        }
      }
    } catch (RuntimeException | Error e) {
      // A client must return a status, not throw: anything it throws, an Error too
      // (AssertionError, OutOfMemoryError, NoClassDefFoundError), stops the phase as a failure,
      // keeping the results so far.
      threw(e);
    } finally {
      looping = false;
      cleanUp(client, source);
    }
  }

  /** The worker's source for its client, and its slot; {@link #client} is set. */
  private void open(SplittableRandom random) {
    source = workload.blocking(index, phase, client, random);
    slot = new OperationSlot<>(0, spec.workload());
    opened();
  }

  /**
   * For a benchmark of the operation path: this loop on a client of its workload, recording,
   * without its thread's loop.
   */
  void openForBenchmark(SplittableRandom random) throws BindingException {
    startRecording();
    client = workload.newClient(index);
    open(random);
  }

  /** The worker's recorder; for a benchmark of the operation path. */
  WorkerRecorder recorder() {
    return recorder;
  }

  /**
   * Operation {@code cycle} of the phase, the next of the worker's quota, all of its steps; false
   * when the source issued nothing for it.
   */
  boolean operation(boolean load, long intended, long cycle) {
    OperationSlot<BlockingStep<C>> s = slot;
    s.cycle = cycle;
    if (!(load ? source.load(s) : source.transaction(s))) {
      return false;
    }
    s.intended = intended;
    try {
      if (s.composite) {
        composite(s);
        return true;
      }
      if (call(s) && !s.unmeasured) {
        steps.one(s);
      }
      source.completed(s, false);
      return true;
    } catch (RuntimeException | Error e) {
      source.release(s);
      throw e;
    }
  }

  /**
   * An operation of several steps, each recorded, counted once; kept out of the one-call path so
   * that stays small.
   */
  private void composite(OperationSlot<BlockingStep<C>> s) {
    call(s);
    s.firstStart = s.start;
    while (true) {
      steps.step(s);
      switch (source.completed(s, false)) {
        case DONE -> {
          steps.done(s);
          return;
        }
        case RETRY -> {
          backOff(s.retryAt);
          source.retry(s);
        }
        case STEP -> {}
      }
      call(s);
    }
  }

  /**
   * Makes the slot's step on the client, stamping its start, end and outcome; false when the step
   * had no outcome to record yet (a call its workload batches), which then counts as OK.
   */
  private boolean call(OperationSlot<BlockingStep<C>> s) {
    steps.issuing(s);
    s.start = clock.nanoTime();
    Status status = s.step.call(client, s);
    s.end = clock.nanoTime();
    s.status = status == null ? Status.OK : status;
    return status != null;
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
