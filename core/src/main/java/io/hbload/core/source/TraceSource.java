package io.hbload.core.source;

import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.keys.KeyNames;
import io.hbload.core.schedule.Timeline;
import io.hbload.core.trace.ReplayTally;
import io.hbload.core.trace.TraceException;
import io.hbload.core.trace.TraceFeed;
import io.hbload.core.trace.TraceOperation;
import io.hbload.core.values.FieldLengthChooser;
import io.hbload.core.values.FieldSelection;
import io.hbload.core.values.RowValues;

/**
 * One worker's share of a trace as an operation source: each record one call, a READ of the whole
 * row, an UPDATE (a put of the record's value size into the row's first field) or a DELETE of the
 * row, on the row key {@code user} + the key's hash in decimal (YCSB's hashed key form, so that the
 * same trace makes the same rows and its keys spread over the table's regions). Its {@link
 * #timeline} is the records' scheduled times, so that the worker waits for each as for a target's
 * slot and its latency counts from that time; each record's send skew (its call's start minus its
 * scheduled time) goes to the run's {@link ReplayTally}. The load pass writes its records as
 * INSERTs. Ends when its feed does; a trace that could not be read to its end fails the phase with
 * the file and line.
 *
 * <p>Thread-confined to its worker; reuses its key, value buffer and field selection, so steady
 * state allocates nothing.
 */
public final class TraceSource<S extends Step> implements OperationSource<S>, Timeline {
  private final YcsbSteps<S> steps;
  private final String table;
  private final TraceFeed feed;
  private final ReplayTally tally;
  private final FieldSelection allFields;
  private final RowValues values;
  private final long[] perOperation = new long[TraceOperation.values().length];
  private long firstSend = Long.MAX_VALUE;
  private long lastSend = Long.MIN_VALUE;

  /**
   * @param tally where the replay's figures go; null for the load pass, which has none
   * @param values the worker's values, {@link #values made} for {@code feed}
   */
  public TraceSource(
      YcsbSteps<S> steps, PhaseContext phase, TraceFeed feed, ReplayTally tally, RowValues values) {
    WorkloadSpec spec = phase.workload();
    this.steps = steps;
    this.table = spec.table();
    this.feed = feed;
    this.tally = tally;
    this.allFields = FieldSelection.all(spec);
    this.values = values;
  }

  /**
   * A worker's values for the records of {@code feed}: each write's is its record's size, sliced
   * from a pool of random bytes as large as the largest value. Filling a pool of a MiB takes long
   * enough to send a replay's first records late when made after the replay has started, so the
   * workload makes the replay's pools before.
   */
  public static RowValues values(WorkloadSpec spec, TraceFeed feed, int maxValueBytes) {
    return new RowValues(
        spec,
        new CycleRandom(spec.table().hashCode()),
        new FieldLengthChooser() {
          @Override
          public int next() {
            return feed.valueBytes();
          }

          @Override
          public int maxLength() {
            return maxValueBytes;
          }
        });
  }

  @Override
  public Timeline timeline() {
    return tally == null ? null : this;
  }

  @Override
  public long nextDueNanos() {
    return feed.peekDueNanos();
  }

  @Override
  public boolean load(OperationSlot<S> s) {
    if (!feed.next()) {
      return false;
    }
    KeyNames.format(feed.keyHash(), true, 1, s.key);
    steps.one(s, steps.insert(), table);
    s.values = values.one(s.key, 0);
    return true;
  }

  @Override
  public boolean transaction(OperationSlot<S> s) {
    if (!feed.next()) {
      return false;
    }
    KeyNames.format(feed.keyHash(), true, 1, s.key);
    s.number = feed.operation().ordinal();
    switch (feed.operation()) {
      case READ -> steps.readRow(s, table, allFields);
      case WRITE -> steps.updateRow(s, table, values.one(s.key, 0));
      case DELETE -> steps.one(s, steps.delete(), table);
    }
    return true;
  }

  /** The trace is over for this worker; one that ended early fails the phase, naming the line. */
  @Override
  public boolean finished() {
    if (feed.error() != null) {
      throw new TraceException(feed.error());
    }
    return feed.ended();
  }

  /** One call per record: its send skew and its operation counted. */
  @Override
  public Next completed(OperationSlot<S> s, boolean finishing) {
    if (tally != null) {
      tally.sent(s.start - s.intended);
      perOperation[(int) s.number]++;
      firstSend = Math.min(firstSend, s.start);
      lastSend = Math.max(lastSend, s.start);
    }
    return Next.DONE;
  }

  /** Never asked: a record is never retried. */
  @Override
  public void retry(OperationSlot<S> s) {
    throw new IllegalStateException("a trace record is never retried");
  }

  /** A record holds nothing to let go. */
  @Override
  public void release(OperationSlot<S> s) {}

  /** The worker's counts go to the run's tally; no figures of its own. */
  @Override
  public java.util.Map<String, Long> figures() {
    if (tally != null) {
      tally.add(perOperation, firstSend, lastSend);
    }
    return java.util.Map.of();
  }
}
