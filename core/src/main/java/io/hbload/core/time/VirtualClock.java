package io.hbload.core.time;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that moves only when told to or when someone sleeps on it: a sleep of ten seconds
 * advances it by ten seconds and returns at once. For tests of code whose behaviour depends on time
 * (bounded waits, retries, intervals): they run in microseconds and the same way every time.
 * Sleepers do not wait for each other, so it suits code where one thread owns the passage of time.
 * Thread-safe; allocates nothing per call.
 */
public final class VirtualClock implements Clock {
  private final AtomicLong nanos = new AtomicLong();
  private final long epochMillisAtZero;

  /** A clock at nanoTime 0, whose wall clock reads 2026-01-01T00:00:00Z there. */
  public VirtualClock() {
    this(1_767_225_600_000L);
  }

  /** A clock at nanoTime 0, whose wall clock reads {@code epochMillisAtZero} there. */
  public VirtualClock(long epochMillisAtZero) {
    this.epochMillisAtZero = epochMillisAtZero;
  }

  @Override
  public long nanoTime() {
    return nanos.get();
  }

  @Override
  public long epochMillis() {
    return epochMillisAtZero + nanos.get() / 1_000_000L;
  }

  /** Advances the clock by {@code nanos}; honours an interrupt as a real sleep would. */
  @Override
  public void sleepNanos(long nanos) throws InterruptedException {
    if (Thread.interrupted()) {
      throw new InterruptedException();
    }
    if (nanos > 0) {
      this.nanos.addAndGet(nanos);
    }
  }

  /**
   * Advances the clock by {@code nanos}, as a park that no one cut short: the waiter's deadline has
   * come when it looks again.
   */
  @Override
  public void parkNanos(Object blocker, long nanos) {
    if (nanos > 0) {
      this.nanos.addAndGet(nanos);
    }
  }

  /** Nothing to wake: a park on this clock has already advanced it and returned. */
  @Override
  public void unpark(Thread thread) {}

  /** Open: true at once; else the wait's whole time passes (no other thread moves this clock). */
  @Override
  public boolean await(CountDownLatch latch, long nanos) throws InterruptedException {
    if (latch.getCount() == 0) {
      return true;
    }
    sleepNanos(nanos);
    return latch.getCount() == 0;
  }

  @Override
  public Thread newThread(Runnable task, String name) {
    return new Thread(task, name);
  }

  /** Moves the clock forward by {@code d} (a negative duration is refused: time only goes on). */
  public void advance(Duration d) {
    if (d.isNegative()) {
      throw new IllegalArgumentException("a clock does not go back: " + d);
    }
    nanos.addAndGet(d.toNanos());
  }

  /** Time since nanoTime 0. */
  public Duration elapsed() {
    return Duration.ofNanos(nanos.get());
  }
}
