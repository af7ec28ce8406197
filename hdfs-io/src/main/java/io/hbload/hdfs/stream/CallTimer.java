package io.hbload.hdfs.stream;

/**
 * Hears the time of every read or write call a stream makes (one buffer), so a timed pass can split
 * its latencies and bytes at a fault. Called from every worker thread: implementations are
 * thread-safe and allocation-free.
 */
@FunctionalInterface
public interface CallTimer {
  /** Times nothing: an untimed pass. */
  CallTimer NONE = (startNanos, endNanos, bytes) -> {};

  /** One call that started at {@code startNanos} and returned {@code bytes} at {@code endNanos}. */
  void call(long startNanos, long endNanos, int bytes);
}
