package io.hbload.core.time;

import java.time.Duration;

/**
 * The one source of time for code that waits, paces or stamps: monotonic nanoseconds for durations,
 * wall-clock milliseconds for timestamps people read, and sleeps. Injected rather than read from
 * {@link System}, so that behaviour that depends on time (bounded waits, pacing, intervals) can be
 * tested on a {@link VirtualClock} in milliseconds and without sleeping. Implementations are
 * thread-safe.
 */
public interface Clock {
  /** Monotonic nanoseconds, as {@link System#nanoTime()}: only differences mean anything. */
  long nanoTime();

  /** Milliseconds since the epoch, for timestamps in results and logs. */
  long epochMillis();

  /**
   * Waits {@code nanos} (at least that long on the system clock; exactly that long on a virtual
   * one); returns at once for zero or less.
   *
   * @throws InterruptedException when the thread is interrupted, as {@link Thread#sleep} does
   */
  void sleepNanos(long nanos) throws InterruptedException;

  /**
   * Parks for at most {@code nanos}, as {@link java.util.concurrent.locks.LockSupport#parkNanos(
   * Object, long)}: for a thread that another wakes early ({@code LockSupport.unpark}: a
   * completion, a stop). It may return sooner for no reason and does not throw on an interrupt, so
   * the caller checks its condition and the time again.
   *
   * @param blocker what the thread waits for, shown in a thread dump
   */
  void parkNanos(Object blocker, long nanos);

  /** {@link #sleepNanos} for a duration. */
  default void sleep(Duration d) throws InterruptedException {
    sleepNanos(d.toNanos());
  }

  /** Milliseconds elapsed since {@code startNanos}, a {@link #nanoTime()} reading. */
  default long millisSince(long startNanos) {
    return (nanoTime() - startNanos) / 1_000_000L;
  }

  /**
   * The system's clock: {@link System#nanoTime()}, {@link System#currentTimeMillis()} and sleeps.
   */
  static Clock system() {
    return SystemClock.INSTANCE;
  }
}
