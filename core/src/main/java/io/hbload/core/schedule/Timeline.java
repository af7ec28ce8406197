package io.hbload.core.schedule;

/**
 * Intended starts that come with the operations themselves rather than from a rate (a trace's
 * records, each with its time): the next operation's, as an offset from the schedule's start. Asked
 * once per operation, before the operation is drawn; the worker's own, confined to it.
 */
public interface Timeline {
  /** The next operation's intended start, nanoseconds from the schedule's start. */
  long nextDueNanos();
}
