package io.hbload.core.source;

import io.hbload.core.schedule.Timeline;
import java.util.Map;

/**
 * One worker's operations: each drawn into an {@link OperationSlot} as a first step, then moved on
 * step by step as the loop reports each step done. The loop runs every step (a typed call that runs
 * itself on the worker's client) and records it; the source only says what the operation is and
 * what comes next, so the blocking and the pipelined loop run the same operations.
 *
 * <p>Thread-confined to its worker; implementations allocate nothing of their own in steady state.
 *
 * @param <S> the steps it puts in its slots: its loop's kind of step on its client type
 */
public interface OperationSource<S extends Step> {
  /** What an operation does after a step. */
  enum Next {
    /**
     * Over: the loop counts it (recording its overall measure, if any); the source has released it.
     */
    DONE,
    /** The slot holds the next step to issue (its key, fields and values filled). */
    STEP,
    /**
     * A failed load insert to issue again at the slot's {@code retryAt}, through {@link #retry}.
     */
    RETRY
  }

  /**
   * Load phase: the next record's write as the slot's first step; false when nothing is to be
   * issued.
   */
  boolean load(OperationSlot<S> s);

  /** Run phase: the next operation as the slot's first step; false when nothing is to be issued. */
  boolean transaction(OperationSlot<S> s);

  /**
   * The slot's step completed with {@code s.status} (and was recorded): moves the operation on.
   *
   * @param finishing the phase is ending: nothing is retried
   */
  Next completed(OperationSlot<S> s, boolean finishing);

  /** A retry whose time has come: the slot holds the step to issue again. */
  void retry(OperationSlot<S> s);

  /**
   * The operation is over without completing (given up while waiting for a retry, cancelled at the
   * end of a phase, or its call threw): what it holds, such as an insert's key number, is let go as
   * on completion.
   */
  void release(OperationSlot<S> s);

  /**
   * The intended starts of its operations when they bring their own (a trace's records, each with
   * its time), else null: the run's target paces them. Asked once, after the source is made.
   */
  default Timeline timeline() {
    return null;
  }

  /**
   * True once it has nothing left to issue ({@link #transaction} or {@link #load} returned false
   * because a trace was read to its end): the worker's share is done. Asked only after such a
   * false.
   */
  default boolean finished() {
    return false;
  }

  /**
   * Figures of this worker's share that are no latency (rows a scan returned, checks that did not
   * hold), by name, for the per-worker lines of the run's result; read once on the worker's thread
   * after its binding's cleanup.
   */
  default Map<String, Long> figures() {
    return Map.of();
  }
}
