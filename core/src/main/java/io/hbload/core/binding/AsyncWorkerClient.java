package io.hbload.core.binding;

/**
 * What the pipelined loop itself asks of every worker's async client, whatever its operations are:
 * where outcomes are reported ({@link Completion}), a flush when it has nothing more to issue, how
 * long to wait for what is outstanding at the end, and, as of every client, a cleanup (called once
 * the last operation completed or was cancelled). The operations issue the client's own typed calls
 * (YCSB's {@link AsyncBinding}, PE's async HBase calls). One instance per worker; its methods are
 * called on that worker's thread.
 */
public interface AsyncWorkerClient extends WorkerClient {
  /**
   * Where an operation's outcome is reported, once per issued call, on any thread (possibly before
   * the call returns). Implemented by the engine; thread-safe and allocation-free.
   */
  interface Completion {
    void complete(int slot, Status status);
  }

  /**
   * The worker has nothing more to issue right now: send what a client-side buffer holds, so
   * buffered operations complete instead of waiting for the buffer to fill. Default: nothing
   * buffered.
   */
  default void flush() {}

  /**
   * How long the engine waits at the end of a phase for operations still outstanding before it
   * counts them as {@link AsyncBinding#CANCELLED}: the operation timeout, after which every call
   * has completed (with an error if need be).
   */
  default long drainTimeoutNanos() {
    return 30_000_000_000L;
  }
}
