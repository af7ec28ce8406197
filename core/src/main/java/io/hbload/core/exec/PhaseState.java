package io.hbload.core.exec;

/**
 * The stop flag all workers of a phase poll, and why it was raised. Thread-safe: the flag is a volatile
 * read per operation (a plain load on x86), the reason is set once.
 */
final class PhaseState {
  private volatile boolean stop;
  private volatile String reason;
  private volatile boolean failed;

  boolean stopRequested() {
    return stop;
  }

  synchronized void requestStop(String why) {
    if (reason == null) {
      reason = why;
    }
    stop = true;
  }

  void fail(String why) {
    failed = true;
    requestStop(why);
  }

  String reason() {
    return reason;
  }

  boolean failed() {
    return failed;
  }
}
