package io.hbload.core.exec;

/**
 * What a {@link PipelinedWorker} does with its operation slots: YCSB's CoreWorkload ({@link PipelinedOps}) or a
 * session's own operations ({@link OwnPipelinedOps}). Confined to the worker's thread.
 */
interface SlotOps {
  /** What {@link #completed} left the slot as. */
  enum Next { FREE, ISSUED, RETRY }

  /** Load phase: issues the next record into the free slot; false when nothing was issued (the slot stays free). */
  boolean load(OperationSlot s, long intended);

  /** Run phase: issues the next operation into the free slot; false when nothing was issued. */
  boolean transaction(OperationSlot s, long intended);

  /** Records the completion the slot holds and moves the operation on; {@code finishing}: the phase is ending. */
  Next completed(OperationSlot s, boolean finishing);

  /** A load insert whose retry is due: issued again. */
  void retry(OperationSlot s);

  /** A load insert waiting for its retry when the phase ends: counted as done. */
  void giveUp(OperationSlot s);

  /** An operation still outstanding when the phase gave up waiting: counted as cancelled, the slot freed. */
  void cancel(OperationSlot s);
}
