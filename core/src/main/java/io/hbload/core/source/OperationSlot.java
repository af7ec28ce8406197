package io.hbload.core.source;

import io.hbload.core.binding.Key;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.Status;
import io.hbload.core.binding.Values;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.measure.Measure;
import io.hbload.core.values.FieldSelection;
import io.hbload.core.values.IntegrityCheck;

/**
 * One operation as an {@link OperationSource} drew it, reused for the next operation once it is
 * over: the {@link Step} to run next (a typed call that runs itself on the worker's client) and
 * what it needs (key, fields, values), and what the loop that runs it stamps (intended and actual
 * start, end, outcome). A blocking loop has one slot; a pipelined loop one per operation it keeps
 * in flight, so the slot holds its operation's own key, field selection and integrity check while
 * the source draws the next ones.
 *
 * <p>A plain carrier with public fields, read and written on the hot path without a call: the
 * source writes the operation and its steps, the loop the timing. Confined to its worker except
 * {@link #end} and {@link #status}, which a pipelined loop's completing thread writes before it
 * publishes the slot to the worker (that publication orders them), and the integrity check, which a
 * binding fills before completing. Allocation-free once built.
 */
public final class OperationSlot<S extends Step> {
  public final int index;
  public final Key key = new Key();

  /**
   * The slot's own one-field selection: a read's fields must outlive its call (verification reads
   * them after).
   */
  public final FieldSelection oneField;

  /** The slot's own value check with {@code dataintegrity}, else null. */
  public final IntegrityCheck check;

  // --- the operation, written by the source
  /** The operation as drawn (READ_MODIFY_WRITE for both of its calls). */
  public Measure operation;

  /**
   * Whether the operation has several recorded steps (verification, read-modify-write, insertion
   * retries).
   */
  public boolean composite;

  /**
   * Recorded over the whole operation, from its first start to its last end, when it is over; null
   * for none.
   */
  public Measure overall;

  /** The step to run next; its measure is what it is recorded under. */
  public S step;

  /** A step not to be recorded nor counted (PE's rows before --measureAfter); set with the step. */
  public boolean unmeasured;

  /**
   * The operation's number in the phase, over every worker and shard (the loop's, before the source
   * draws): worker w of n in shard s of S takes s + S·w, then every S·n-th. A source whose draws
   * depend on it alone ({@link CycleRandom}) draws the same operations for any such split.
   */
  public long cycle;

  /** The source's own number for the operation, for its step (PE's row). */
  public long number;

  public String table;
  public FieldSelection fields;
  public Values values;

  /** Where a read's row goes: the integrity check, or {@link RowSink#IGNORE}. */
  public RowSink sink;

  public int scanLength;

  /** An insert's key number, acknowledged when the operation is over; -1 for none. */
  public long keyNumber = -1;

  /**
   * The key number (YCSB's numbering, over every shard) of the key the operation touches, for the
   * acknowledged-write audit; -1 when the source does not number its keys.
   */
  public long keyId = -1;

  /**
   * The audit's digest of a write's values and its field code, taken when the write is issued (the
   * values are the source's, refilled by its next operation); only with {@code --verify}.
   */
  public int writeDigest;

  public int writeFields;

  /** Load insert attempts after the first. */
  public int attempts;

  /** A load insert waiting to be retried at this time; 0 when not waiting. */
  public long retryAt;

  /** The intended start of an operation without a schedule (closed loop). */
  public static final long UNSCHEDULED = Long.MIN_VALUE;

  // --- the timing, written by the loop
  public boolean busy;
  public long intended;
  public long firstStart;
  public long start;
  public long end;
  public Status status;

  public OperationSlot(int index, WorkloadSpec spec) {
    this.index = index;
    this.oneField = FieldSelection.single(spec);
    this.check = spec.fields().dataIntegrity() ? new IntegrityCheck(spec) : null;
  }
}
