package io.hbload.core.exec;

import io.hbload.core.binding.Key;
import io.hbload.core.binding.Status;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.measure.Measure;
import io.hbload.core.values.FieldSelection;
import io.hbload.core.values.IntegrityCheck;

/**
 * The context of one operation in flight on a pipelined worker, reused for the next operation once it completed:
 * the operation's own key, field selection and integrity check (the worker's are refilled for the next operation
 * while this one is outstanding), its intended and actual start times, and the outcome its completion leaves.
 *
 * <p>Confined to its worker except {@link #end} and {@link #status}, which the completing thread writes before it
 * publishes the slot through the {@link CompletionQueue} (that publication orders them for the worker), and the
 * integrity check, which a binding fills before completing.
 */
final class OperationSlot {
  final int index;
  final Key key = new Key();
  final FieldSelection oneField;
  final IntegrityCheck check;

  boolean busy;
  /** The operation as drawn (READ_MODIFY_WRITE for both of its calls). */
  Measure operation;
  /** The call in flight. */
  Measure step;
  /** Whether the operation has several recorded steps (verification, read-modify-write, insertion retries). */
  boolean composite;
  FieldSelection fields;
  long intended;
  long firstStart;
  long start;
  /** An insert's key number, acknowledged when it completes; -1 for none. */
  long keyNumber = -1;
  int attempts;
  /** A load insert waiting to be retried at this time; 0 when not waiting. */
  long retryAt;

  long end;
  Status status;

  OperationSlot(int index, WorkloadSpec spec) {
    this.index = index;
    this.oneField = FieldSelection.single(spec);
    this.check = spec.dataIntegrity() ? new IntegrityCheck(spec) : null;
  }
}
