package io.hbload.mapreduce.job;

import io.hbload.core.export.ProgressLine;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.apache.hadoop.mapreduce.Counters;

/**
 * The figures of a MapReduce job's status line from its counters, as {@link ProgressLine} prints
 * them for a local phase: done of planned, the rate since the previous line and an estimate of what
 * is left. Map progress cannot serve: each task reads one one-line split, so it jumps from 0 to 1
 * at the task's end; the tasks' own counter (operations, bytes) moves at every status interval.
 * Time counts from the instant the shards start together, so the wait for containers is neither in
 * the rate nor in the time of a time-bounded run. Not thread-safe: {@link ShardJob#await} calls it
 * on the driver's thread.
 */
public final class CounterProgress implements Function<Counters, String> {
  private final Enum<?> counter;
  private final long perUnit;
  private final ProgressLine.Unit unit;
  private final long planned;
  private final long limitSeconds;
  private final long startEpochMillis;
  private final LongSupplier clockMillis;
  private final Function<Counters, String> more;
  private long lineDone;
  private long lineMillis;

  /**
   * @param counter the tasks' counter of the work done
   * @param perUnit counter value per unit shown (1, or 1 MiB for bytes shown in MiB)
   * @param planned units of the whole job; 0 when a time limit bounds it
   * @param limitSeconds the time limit when {@code planned} is 0; 0 for none
   * @param startEpochMillis when the shards start together
   * @param clockMillis the wall clock (System::currentTimeMillis outside tests)
   * @param more what follows the figures (the errors of a run); empty text for nothing
   */
  public CounterProgress(
      Enum<?> counter,
      long perUnit,
      ProgressLine.Unit unit,
      long planned,
      long limitSeconds,
      long startEpochMillis,
      LongSupplier clockMillis,
      Function<Counters, String> more) {
    this.counter = counter;
    this.perUnit = perUnit;
    this.unit = unit;
    this.planned = planned;
    this.limitSeconds = limitSeconds;
    this.startEpochMillis = startEpochMillis;
    this.clockMillis = clockMillis;
    this.more = more;
  }

  @Override
  public String apply(Counters counters) {
    long elapsedMillis = clockMillis.getAsLong() - startEpochMillis;
    String tail = more.apply(counters);
    tail = tail.isEmpty() ? "" : "; " + tail;
    if (elapsedMillis < 0) {
      return "shards start in " + ProgressLine.duration(-elapsedMillis / 1000.0) + tail;
    }
    long done = counters.findCounter(counter).getValue() / perUnit;
    double current =
        elapsedMillis > lineMillis ? 1000.0 * (done - lineDone) / (elapsedMillis - lineMillis) : 0;
    lineDone = done;
    lineMillis = elapsedMillis;
    return ProgressLine.figures(
            unit, done, planned, elapsedMillis / 1000.0, current, planned > 0 ? 0 : limitSeconds)
        + tail;
  }
}
