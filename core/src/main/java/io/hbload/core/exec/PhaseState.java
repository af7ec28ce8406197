package io.hbload.core.exec;

import io.hbload.core.time.Clock;

/**
 * The stop flag all workers of a phase poll, and why it was raised. Thread-safe: the flag is a
 * volatile read per operation (a plain load on x86), the reason is set once.
 */
final class PhaseState {
  private final Clock clock;
  private volatile boolean stop;
  private volatile String reason;
  private volatile boolean failed;
  private volatile long stopRequestedNanos;

  /** Where the -target schedule starts again (the clock's nanoTime), 0 until a warm-up ends. */
  private volatile long scheduleRestartNanos;

  /** A phase's state; {@code clock} stamps the stop request (the phase's clock). */
  PhaseState(Clock clock) {
    this.clock = clock;
  }

  boolean stopRequested() {
    return stop;
  }

  synchronized void requestStop(String why) {
    if (reason == null) {
      reason = why;
    }
    if (!stop) {
      stopRequestedNanos = clock.nanoTime();
    }
    stop = true;
  }

  /**
   * When the first stop was requested (the clock's nanoTime), valid once {@link #stopRequested} is
   * true.
   */
  long stopRequestedNanos() {
    return stopRequestedNanos;
  }

  /**
   * Replaces the reason, e.g. when workers had to be left stuck after a stop; the phase then
   * failed.
   */
  synchronized void failOver(String why) {
    reason = why;
    failed = true;
    stop = true;
  }

  void fail(String why) {
    failed = true;
    requestStop(why);
  }

  /**
   * The warm-up ended at {@code nanos}: throttled workers start their schedule again from there, so
   * a backlog the cold start left is not charged to the measured operations (which keep their
   * count: only their intended times move).
   */
  void restartSchedule(long nanos) {
    scheduleRestartNanos = nanos;
  }

  /** 0, or where the schedule restarts; a volatile read per throttled operation. */
  long scheduleRestartNanos() {
    return scheduleRestartNanos;
  }

  String reason() {
    return reason;
  }

  boolean failed() {
    return failed;
  }
}
