package io.hbload.core.exec;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.AsyncWorkerClient;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.Status;
import io.hbload.core.config.Phase;
import io.hbload.core.schedule.Pacer;
import io.hbload.core.source.OperationSlot;
import io.hbload.core.source.OperationSource;
import io.hbload.core.source.PipelinedStep;
import io.hbload.core.source.Workload;
import java.util.SplittableRandom;

/**
 * A worker that keeps up to {@code hbload.inflight} operations outstanding on its workload's async
 * client: one thread issuing, the client's I/O threads completing. Each operation of its {@link
 * OperationSource} holds an {@link OperationSlot}; its steps ({@link PipelinedStep}s, each issuing
 * its own call on the client) are issued one after the other (a read-modify-write's update when its
 * read completed, a VERIFY step that completes at once on this thread, a failed load insert again
 * after its back-off), and each is recorded by the worker's {@link StepRecorder}, as a blocking
 * call is (same measures, same intended and service latencies, steps of composite operations each
 * recorded, the operation counted once).
 *
 * <p>Closed loop (no target): a slot is refilled as soon as its operation completes. Open loop (a
 * target): operation k is issued at its intended time on the absolute schedule whether or not
 * earlier ones completed; when every slot is busy it waits for one, and that wait is in the
 * operation's intended latency (measured from its scheduled time), never hidden.
 *
 * <p>Recording stays single-writer: a completion only stamps its end time and outcome into its slot
 * and hands the slot number over through a {@link CompletionQueue}; this thread records it. When it
 * has nothing to do it parks; completions unpark it only when it waits for them, and in a closed
 * loop only once a batch has completed. At the end of the phase (quota done, stop requested, {@code
 * maxexecutiontime}) it stops issuing and waits for what is outstanding up to the binding's drain
 * timeout; what is still outstanding then is counted as {@link AsyncBinding#CANCELLED}, so that
 * every issued call is accounted for: issued = completed (OK or error) + cancelled.
 */
final class PipelinedLoop<A extends AsyncWorkerClient> extends WorkerLoop
    implements AsyncWorkerClient.Completion {
  private final Workload<?, A> workload;

  /** Longest single park: a stop request is seen within this even if no interrupt arrives. */
  private static final long MAX_PARK_NANOS = 50_000_000L;

  private static final long NO_WAKE = Long.MAX_VALUE;

  /**
   * Open loop: the longest time between two timed wake-ups may be (operations due by then go out
   * together). A park and its timer wake-up per operation cost client CPU the operations need at
   * high rates (measured on the embedded HBase at 12,300 ops/s: 1 ms instead of 0.2 ms saved ~8 us
   * of client CPU per operation and lowered service p99); the quantum is at most half the typical
   * service time, so issue lateness stays small against what is measured.
   */
  private static final long MAX_ISSUE_QUANTUM_NANOS = 1_000_000L;

  /**
   * Closed loop with every slot busy: woken after this fraction of the bound has completed (1/8, at
   * least 1).
   */
  private static final int REFILL_BATCH_SHIFT = 3;

  private final OperationSlot<PipelinedStep<A>>[] slots;
  private final int[] free;
  private final CompletionQueue completions;
  private int freeCount;
  private int retrying;

  /**
   * Moving average of the calls' service time (1/16 weight per completion): sizes the open-loop
   * issue quantum.
   */
  private long serviceNanos;

  private Thread thread;

  /**
   * The queue position of the completion that wakes the parked worker, {@link #NO_WAKE} when none
   * should: parked with every slot busy it waits for a batch of completions (one wake-up refills
   * several slots: a park and an unpark per operation would cost more client CPU than the operation
   * itself), parked until an open-loop operation's scheduled time it is woken by none.
   */
  private volatile long wakeIndex = NO_WAKE;

  private volatile boolean parked;

  /**
   * Open loop: when this worker found every slot busy, 0 while a slot is free (see {@link
   * #slotWaitNanos}).
   */
  private long fullSince;

  /**
   * Open loop: when a slot last came free after every slot was busy (0 before): an operation due
   * before then and issued after it waited for a slot.
   */
  private long slotFreedAt;

  /** Open loop, measured part: operations that waited for a slot, each counted once. */
  private long slotWaits;

  private long slotWaitNanos;
  private A client;
  private OperationSource<PipelinedStep<A>> source;

  @SuppressWarnings("unchecked") // an array of a generic type: filled here with slots of that type
  PipelinedLoop(int index, long quota, Workload<?, A> workload, WorkerSetup setup) {
    super(index, quota, setup);
    this.workload = workload;
    int n = spec.execution().inflight();
    this.slots = new OperationSlot[n];
    this.free = new int[n];
    for (int i = 0; i < n; i++) {
      slots[i] = new OperationSlot<>(i, spec.workload());
      free[i] = n - 1 - i;
    }
    this.freeCount = n;
    this.completions = new CompletionQueue(n);
  }

  /** Client I/O threads (or this worker, when a call completes before returning). */
  @Override
  public void complete(int slot, Status status) {
    OperationSlot<PipelinedStep<A>> s = slots[slot];
    s.end = clock.nanoTime();
    s.status = status == null ? Status.ERROR : status;
    if (completions.offer(slot) >= wakeIndex) {
      clock.unpark(thread);
    }
  }

  @Override
  void loop() {
    thread = Thread.currentThread();
    SplittableRandom random = random(spec, index);
    try {
      client = workload.newAsyncClient(index);
      source = workload.pipelined(index, phase, client, random);
      opened();
    } catch (BindingException | RuntimeException | Error e) {
      openFailed(e);
      if (client != null) {
        cleanUp(client, source);
      }
      return;
    }
    try {
      Pacer pacer = pacer(random);
      boolean load = spec.phase() == Phase.LOAD;
      long next = pacer == null ? OperationSlot.UNSCHEDULED : pacer.next();
      long issued = 0;
      long lastWake = clock.nanoTime();
      long restartSeen = 0;
      while ((quota == 0 || issued < quota) && !state.stopRequested()) {
        handleCompletions(false);
        long restart = pacer == null ? 0 : scheduleRestart(restartSeen);
        if (restart != 0) {
          restartSeen = restart;
          pacer.restartAt(restartSeen);
          next = pacer.next();
          slotWaits = 0; // the warm-up's waits are the cold start's
          slotWaitNanos = 0;
        }
        long wakeAt = Long.MAX_VALUE;
        if (retrying > 0) {
          wakeAt = retryDue();
        }
        if (freeCount == 0) {
          if (pacer != null && fullSince == 0) {
            fullSince = clock.nanoTime();
          }
          client.flush();
          // open and closed loop alike, a batch of completions: with every slot busy the client is
          // saturated, and a
          // wake-up per completion (what the open loop did) spent the CPU that client and server
          // need to catch up,
          // so a schedule that fell behind fell further (bench: 10k of 17k ops/s, load average 13).
          // Waiting for
          // the batch delays the late operations a little more, and their intended latency says so.
          await(wakeAt, refillBatch());
          continue;
        }
        if (pacer != null) {
          long now = clock.nanoTime();
          if (now < next) {
            fullSince =
                0; // a slot was free before the next operation came due: the bound held nothing
            // back
            client.flush();
            // timed wake-ups at least a quantum apart: the operations due by then go out together,
            // each late by
            // less than the quantum, which its intended latency (from its scheduled time) includes
            long quantum = Math.min(MAX_ISSUE_QUANTUM_NANOS, serviceNanos >> 1);
            await(Math.min(Math.max(next, lastWake + quantum), wakeAt), 0);
            lastWake = clock.nanoTime();
            continue;
          }
        }
        if (fullSince != 0) {
          heldByTheBound(next);
        }
        OperationSlot<PipelinedStep<A>> s = slots[free[freeCount - 1]];
        // a source may issue nothing for its turn (a row outside PE's sample): the slot stays free
        if (issueFirst(s, next, load, firstCycle + issued * cycleStride)) {
          freeCount--;
          // each operation that waited, not each spell of full slots: a capacity search judges the
          // share of a step's operations the client held back (one spell can hold back hundreds)
          if (pacer != null && next < slotFreedAt) {
            slotWaits++;
          }
        } else if (source.finished()) {
          break; // a trace read to its end
        }
        issued++;
        if (pacer != null) {
          next = pacer.next();
        }
      }
      finish();
    } catch (RuntimeException | Error e) {
      // as on the blocking path: a binding that throws stops the phase as a failure, keeping the
      // results so far
      threw(e);
      cancelOutstanding();
    } finally {
      cleanUp(client, source);
    }
  }

  /**
   * Open loop, a slot free again after every slot was busy: the time an operation that was due
   * waited for it (from its scheduled time or from when the slots filled, whichever is later). Its
   * intended latency holds that wait; this tells the user the generator's bound, not the system,
   * held the schedule back.
   */
  private void heldByTheBound(long due) {
    long now = clock.nanoTime();
    long held = now - Math.max(fullSince, due);
    fullSince = 0;
    slotFreedAt = now;
    if (held > 0) {
      slotWaitNanos += held;
    }
  }

  /**
   * Open loop, measured part: how many operations came due with every slot busy (and went out late,
   * when one came free). Read after the worker ended.
   */
  @Override
  long slotWaits() {
    return slotWaits;
  }

  /**
   * Open loop, measured part: the time operations that came due waited for a free slot, summed over
   * those waits.
   */
  @Override
  long slotWaitNanos() {
    return slotWaitNanos;
  }

  /**
   * The blocking worker's schedule; spin.sleep does not apply here (the worker also waits on
   * completions).
   */
  private Pacer pacer(SplittableRandom random) {
    return pacer(random, false, source);
  }

  private void handleCompletions(boolean finishing) {
    for (int slot = completions.poll(); slot >= 0; slot = completions.poll()) {
      OperationSlot<PipelinedStep<A>> s = slots[slot];
      serviceNanos += ((s.end - s.start) - serviceNanos) >> 4;
      switch (completed(s, finishing)) {
        case FREE -> free[freeCount++] = slot;
        case RETRY -> retrying++;
        case ISSUED -> {}
      }
    }
  }

  /** What a completion left the slot as. */
  private enum SlotState {
    FREE,
    ISSUED,
    RETRY
  }

  /**
   * Run phase or load phase: the source's next operation into the free slot, its first step issued.
   */
  private boolean issueFirst(
      OperationSlot<PipelinedStep<A>> s, long intended, boolean load, long cycle) {
    s.cycle = cycle;
    if (!(load ? source.load(s) : source.transaction(s))) {
      return false;
    }
    s.busy = true;
    s.intended = intended;
    issue(s);
    // read by this thread only, when it handles the completion: safe to set after the call
    s.firstStart = s.start;
    return true;
  }

  /**
   * Issues the slot's step on the client, its start stamped first: the call may complete (and stamp
   * its end) before it returns.
   */
  private void issue(OperationSlot<PipelinedStep<A>> s) {
    steps.issuing(s);
    s.start = clock.nanoTime();
    s.step.issue(client, s, this);
  }

  /**
   * Records the step the slot's completion reports and moves the operation on: done (FREE), its
   * next step issued (ISSUED, e.g. the update of a read-modify-write, or the VERIFY step, which
   * completes at once), or a failed load insert to retry after its back-off (RETRY, {@code retryAt}
   * set). {@code finishing}: the phase is ending, so a failed insert is not retried.
   */
  private SlotState completed(OperationSlot<PipelinedStep<A>> s, boolean finishing) {
    if (!s.composite) {
      if (!s.unmeasured) { // a source's unmeasured step (PE's --measureAfter): neither recorded
        // nor counted
        steps.one(s);
      }
      source.completed(s, finishing);
      s.busy = false;
      return SlotState.FREE;
    }
    steps.step(s);
    switch (source.completed(s, finishing)) {
      case DONE -> {
        steps.done(s);
        s.busy = false;
        return SlotState.FREE;
      }
      case RETRY -> {
        return SlotState.RETRY;
      }
      default -> {
        issue(s);
        return SlotState.ISSUED;
      }
    }
  }

  /** Reissues load inserts whose back-off is over; returns when the next one is due. */
  private long retryDue() {
    long now = clock.nanoTime();
    long earliest = Long.MAX_VALUE;
    for (OperationSlot<PipelinedStep<A>> s : slots) {
      if (s.retryAt != 0) {
        if (s.retryAt - now <= 0) {
          retrying--;
          source.retry(s);
          issue(s);
        } else {
          earliest = Math.min(earliest, s.retryAt);
        }
      }
    }
    return earliest;
  }

  /** Completions that wake a closed-loop worker parked with every slot busy. */
  private int refillBatch() {
    int outstanding = slots.length - freeCount - retrying;
    return Math.min(outstanding, Math.max(1, slots.length >> REFILL_BATCH_SHIFT));
  }

  /**
   * Parks until {@code deadlineNanos} (at most {@link #MAX_PARK_NANOS}) or until {@code wakeAfter}
   * more operations have completed (0: no completion wakes it).
   */
  private void await(long deadlineNanos, int wakeAfter) {
    if (wakeAfter > 0) {
      long wake = completions.head() + wakeAfter - 1;
      wakeIndex = wake;
      // read after announcing the wake position: a completion claimed before is seen here, one
      // after unparks
      if (completions.claimed() > wake) {
        wakeIndex = NO_WAKE;
        Thread.onSpinWait(); // claimed, maybe not yet published: poll again
        return;
      }
    }
    long wait =
        deadlineNanos == Long.MAX_VALUE
            ? MAX_PARK_NANOS
            : Math.min(MAX_PARK_NANOS, deadlineNanos - clock.nanoTime());
    if (wait > 0) {
      parked = true;
      clock.parkNanos(this, wait);
      parked = false;
    }
    wakeIndex = NO_WAKE;
    // PhaseRun interrupts a parked worker to stop it; the stop flag carries the request, so the
    // interrupt is spent
    Thread.interrupted();
  }

  /**
   * Operations this worker holds now: issued and not yet recorded (a completed one counts until
   * this thread takes it off its queue), load inserts waiting out a back-off left out. Any thread,
   * for a gauge read at a scrape: plain reads of two ints only this worker writes, so issuing pays
   * nothing for it; the value may be a moment old, and the two reads are not atomic together, hence
   * the clamp.
   */
  @Override
  int inFlight() {
    return Math.max(0, Math.min(slots.length, slots.length - freeCount - retrying));
  }

  /**
   * True while parked, when PhaseRun may interrupt it to make it see a stop request at once. Any
   * thread.
   */
  @Override
  boolean pacing() {
    return parked;
  }

  /**
   * Waits for outstanding operations up to the binding's drain timeout, then cancels what is left.
   */
  private void finish() {
    for (OperationSlot<PipelinedStep<A>> s : slots) {
      if (s.retryAt != 0) {
        // a load insert waiting for its retry: counted as done, its last attempt having failed
        retrying--;
        source.release(s);
        steps.counted();
        s.busy = false;
        free[freeCount++] = s.index;
      }
    }
    long deadline = clock.nanoTime() + client.drainTimeoutNanos();
    while (freeCount < slots.length) {
      handleCompletions(true);
      if (freeCount == slots.length || clock.nanoTime() - deadline >= 0) {
        break;
      }
      client.flush();
      await(deadline, 1);
    }
    cancelOutstanding();
  }

  /**
   * Counts each operation still outstanding when the phase gave up waiting: its call as {@link
   * AsyncBinding#CANCELLED}, without a latency (it has none), and not as an operation done.
   */
  private void cancelOutstanding() {
    for (OperationSlot<PipelinedStep<A>> s : slots) {
      if (s.busy) {
        // a late completion still writes into the slot and the queue, which nobody reads any more:
        // harmless
        if (!s.unmeasured) {
          steps.cancelled(s);
        }
        source.release(s);
        s.busy = false;
      }
    }
  }
}
