package io.hbload.core.schedule;

import io.hbload.core.time.Clock;

/**
 * A worker's target-rate schedule: operation k is intended to start at {@code start + k / rate}.
 * The worker waits until that time if it is ahead; if it is behind it starts at once (bursting to
 * catch up, never skipping), and latency is measured from the intended time, so a stall is charged
 * to every operation it delayed (no coordinated omission). Absolute deadlines keep the long-run
 * rate exact whatever the sleep overshoot. Time is its {@link Clock}'s, so that a schedule can be
 * tested on a virtual clock. One per worker thread, created on that thread (so its fields don't
 * share a cache line with another worker's); not thread-safe except {@link #parked()};
 * allocation-free.
 */
public final class Pacer {
  private final long offsetNanos;
  private long startNanos;
  private final double periodNanos;
  private final boolean spin;
  private final Clock clock;
  private long next;
  private volatile boolean parked;

  /**
   * @param opsPerSecond this worker's share of the target
   * @param offsetNanos initial offset, e.g. a random fraction of the period to stagger slow workers
   */
  public Pacer(double opsPerSecond, long startNanos, long offsetNanos, boolean spin) {
    this(opsPerSecond, startNanos, offsetNanos, spin, Clock.system());
  }

  /**
   * @param spin busy-wait for the next slot instead of sleeping (never on a virtual clock, which
   *     moves only when slept on)
   */
  public Pacer(double opsPerSecond, long startNanos, long offsetNanos, boolean spin, Clock clock) {
    if (!(opsPerSecond > 0)) {
      throw new IllegalArgumentException("rate must be positive");
    }
    this.offsetNanos = offsetNanos;
    this.startNanos = startNanos + offsetNanos;
    this.periodNanos = 1e9 / opsPerSecond;
    this.spin = spin;
    this.clock = clock;
  }

  /**
   * Waits for the next slot and returns its intended start time (the clock's {@link
   * Clock#nanoTime()} scale). An interrupt ends the wait at once and stays set for the caller.
   */
  public long awaitNext() {
    long intended = startNanos + (long) (next++ * periodNanos);
    long now;
    while ((now = clock.nanoTime()) < intended) {
      if (spin) {
        Thread.onSpinWait();
      } else {
        parked = true;
        try {
          clock.sleepNanos(intended - now);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          break;
        } finally {
          parked = false;
        }
      }
    }
    return intended;
  }

  /**
   * The next slot's intended start, without waiting: for a worker that waits itself because it has
   * other work while it waits (completions of operations in flight).
   */
  public long next() {
    return startNanos + (long) (next++ * periodNanos);
  }

  /**
   * Starts the schedule again at {@code nanos}, at the same rate: the slots it was behind on are
   * not owed any more (used when a warm-up ends: its backlog is the cold start's, not the measured
   * system's).
   */
  public void restartAt(long nanos) {
    startNanos = nanos + offsetNanos;
    next = 0;
  }

  /** True while parked waiting for a slot, when interrupting the worker is harmless. Any thread. */
  public boolean parked() {
    return parked;
  }

  public double periodNanos() {
    return periodNanos;
  }
}
