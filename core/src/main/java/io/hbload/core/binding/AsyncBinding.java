package io.hbload.core.binding;

/**
 * A database client driven with many operations outstanding: each call only issues the operation
 * and returns; the binding reports its outcome later through {@link Completion#complete}, usually
 * from its client library's I/O threads. The engine keeps up to {@code hbload.inflight} operations
 * per worker in flight this way.
 *
 * <p>One instance per worker thread, created by {@link BindingSession#newAsyncBinding(int)}; the
 * issuing methods and {@link #flush}/{@link #cleanup} are only ever called from that thread. {@code
 * slot} names the operation (an index below the worker's in-flight bound, reused once the operation
 * completed): the binding passes it back unchanged, so the engine finds the operation's context
 * without a map or an allocation per call.
 *
 * <p>Contract of a call: it does not throw, and {@link Completion#complete} is called exactly once
 * for it, on any thread, possibly before the call returns. A failure, a timeout included, completes
 * with {@link Status#ERROR} (or a more specific status). Arguments ({@link Key}, {@link Fields},
 * {@link Values}) are valid only during the call: copy what the request needs before returning. A
 * sink passed to a read or scan belongs to the operation: the binding may fill it from any thread,
 * but only before completing.
 */
public interface AsyncBinding extends AsyncWorkerClient {
  /**
   * The outcome of an operation still outstanding when the engine gave up waiting for it at the end
   * of a phase.
   */
  Status CANCELLED =
      new Status(
          "CANCELLED",
          "The operation was still outstanding when the phase ended and its completion was no longer awaited.");

  void read(String table, Key key, Fields fields, RowSink result, int slot, Completion done);

  void scan(
      String table,
      Key startKey,
      int recordCount,
      Fields fields,
      ScanSink result,
      int slot,
      Completion done);

  void update(String table, Key key, Values values, int slot, Completion done);

  void insert(String table, Key key, Values values, int slot, Completion done);

  void delete(String table, Key key, int slot, Completion done);
}
