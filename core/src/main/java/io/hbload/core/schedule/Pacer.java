package io.hbload.core.schedule;

import java.util.concurrent.locks.LockSupport;

/**
 * A worker's target-rate schedule: operation k is intended to start at {@code start + k / rate}.
 * The worker waits until that time if it is ahead; if it is behind it starts at once (bursting to
 * catch up, never skipping), and latency is measured from the intended time, so a stall is charged
 * to every operation it delayed (no coordinated omission). Absolute deadlines keep the long-run
 * rate exact whatever the sleep overshoot. One per worker thread, created on that thread (so its
 * fields don't share a cache line with another worker's); not thread-safe except {@link #parked()};
 * allocation-free.
 */
public final class Pacer {
  private final long offsetNanos;
  private long startNanos;
  private final double periodNanos;
  private final boolean spin;
  private long next;
  private volatile boolean parked;

  /**
   * @param opsPerSecond this worker's share of the target
   * @param offsetNanos initial offset, e.g. a random fraction of the period to stagger slow workers
   */
  public Pacer(double opsPerSecond, long startNanos, long offsetNanos, boolean spin) {
    if (!(opsPerSecond > 0)) {
      throw new IllegalArgumentException("rate must be positive");
    }
    this.offsetNanos = offsetNanos;
    this.startNanos = startNanos + offsetNanos;
    this.periodNanos = 1e9 / opsPerSecond;
    this.spin = spin;
  }

  /**
   * Waits for the next slot and returns its intended start time ({@link System#nanoTime()} scale).
   */
  public long awaitNext() {
    long intended = startNanos + (long) (next++ * periodNanos);
    long now;
    while ((now = System.nanoTime()) < intended) {
      if (spin) {
        Thread.onSpinWait();
      } else {
        parked = true;
        LockSupport.parkNanos(intended - now);
        parked = false;
        if (Thread.interrupted()) {
          Thread.currentThread().interrupt();
          break;
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
