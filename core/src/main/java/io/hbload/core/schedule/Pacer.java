package io.hbload.core.schedule;

import io.hbload.core.time.Clock;

/**
 * A worker's target-rate schedule: operation k is intended to start at {@code start + k / rate}, or
 * under a rate that changes ({@link RateCurve}) at the time the curve's cumulative count reaches
 * the operation's number among every worker's ({@code first + k * stride}), so that the workers
 * interleave and together follow the curve. The worker waits until that time if it is ahead; if it
 * is behind it starts at once (bursting to catch up, never skipping), and latency is measured from
 * the intended time, so a stall is charged to every operation it delayed (no coordinated omission).
 * Absolute deadlines keep the long-run rate exact whatever the sleep overshoot. Time is its {@link
 * Clock}'s, so that a schedule can be tested on a virtual clock. One per worker thread, created on
 * that thread (so its fields don't share a cache line with another worker's); not thread-safe
 * except {@link #parked()}; allocation-free.
 */
public final class Pacer {
  private final long offsetNanos;
  private long startNanos;
  private final double periodNanos;
  private final boolean spin;
  private final Clock clock;
  private long next;
  private volatile boolean parked;

  /** Null for a constant rate; else the worker's walk on the run's curve. */
  private final RateCurve.Cursor curve;

  private final long first;
  private final long stride;

  /** Null unless the operations bring their own times (a trace's records). */
  private final Timeline timeline;

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
    this.curve = null;
    this.first = 0;
    this.stride = 1;
    this.timeline = null;
  }

  /**
   * A worker's share of a rate that changes over time: its operation k is the curve's operation
   * {@code first + k * stride} (its number among all workers of all shards).
   *
   * @param spin busy-wait for the next slot instead of sleeping (never on a virtual clock)
   */
  public Pacer(
      RateCurve curve, long first, long stride, long startNanos, boolean spin, Clock clock) {
    if (first < 0 || stride < 1) {
      throw new IllegalArgumentException("first >= 0, stride >= 1");
    }
    this.offsetNanos = 0;
    this.startNanos = startNanos;
    this.periodNanos = 0;
    this.spin = spin;
    this.clock = clock;
    this.curve = new RateCurve.Cursor(curve);
    this.first = first;
    this.stride = stride;
    this.timeline = null;
  }

  /**
   * A worker whose operations bring their own intended starts ({@code timeline}, from {@code
   * startNanos}): waits for each as for a rate's, and, behind, issues at once as for a rate's.
   *
   * @param spin busy-wait for the next slot instead of sleeping (never on a virtual clock)
   */
  public Pacer(Timeline timeline, long startNanos, boolean spin, Clock clock) {
    this.offsetNanos = 0;
    this.startNanos = startNanos;
    this.periodNanos = 0;
    this.spin = spin;
    this.clock = clock;
    this.curve = null;
    this.first = 0;
    this.stride = 1;
    this.timeline = timeline;
  }

  /** Operation {@code k}'s intended start; the next one's number is counted on. */
  private long intended(long k) {
    if (timeline != null) {
      return startNanos + timeline.nextDueNanos();
    }
    if (curve == null) {
      return startNanos + (long) (k * periodNanos);
    }
    return startNanos + Math.round(curve.secondsOf((double) (first + k * stride)) * 1e9);
  }

  /**
   * Waits for the next slot and returns its intended start time (the clock's {@link
   * Clock#nanoTime()} scale). An interrupt ends the wait at once and stays set for the caller.
   */
  public long awaitNext() {
    long intended = intended(next++);
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
    return intended(next++);
  }

  /**
   * Starts the schedule again at {@code nanos}, at the same rate (a changing one from its start):
   * the slots it was behind on are not owed any more (used when a warm-up ends: its backlog is the
   * cold start's, not the measured system's).
   */
  public void restartAt(long nanos) {
    if (timeline != null) {
      // the operations keep their times: the next one is due at the restart, the rest after it
      startNanos = nanos - timeline.nextDueNanos();
      return;
    }
    startNanos = nanos + offsetNanos;
    next = 0;
    if (curve != null) {
      curve.reset();
    }
  }

  /** True while parked waiting for a slot, when interrupting the worker is harmless. Any thread. */
  public boolean parked() {
    return parked;
  }

  /** The constant rate's period; 0 under a rate that changes. */
  public double periodNanos() {
    return periodNanos;
  }
}
