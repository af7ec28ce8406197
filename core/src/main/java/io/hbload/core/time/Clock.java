package io.hbload.core.time;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;

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

  /**
   * Wakes {@code thread} from a {@link #parkNanos} on this clock, or makes its next one return at
   * once, as {@link java.util.concurrent.locks.LockSupport#unpark}.
   */
  void unpark(Thread thread);

  /**
   * Waits until {@code latch} opens or {@code nanos} have passed, as {@link
   * CountDownLatch#await(long, java.util.concurrent.TimeUnit)}; true when it opened.
   */
  boolean await(CountDownLatch latch, long nanos) throws InterruptedException;

  /**
   * A thread (not started) that runs {@code task} and takes part in this clock's time: a clock on
   * which time passes only when every thread waits ({@link EventClock}) waits for it too.
   */
  Thread newThread(Runnable task, String name);

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
