package io.hbload.core.binding;

/**
 * A database client as the engine drives it: YCSB's operation set and status codes, with reusable
 * allocation-free arguments.
 *
 * <p>One instance per worker thread, created by {@link BindingSession#newBinding(int)} and only
 * ever called from that thread, so implementations need no locks. State shared between workers (a
 * connection) belongs in the {@link BindingSession}. Calls return a {@link Status} and do not
 * throw: failures become {@link Status#ERROR} (or a more specific status) so they are counted as
 * results.
 *
 * <p>Argument objects ({@link Key}, {@link Fields}, {@link Values}, sinks) are refilled by the
 * engine before each call; copy what you keep.
 */
public interface Binding extends WorkerClient {
  /**
   * Reads one row; {@code fields.isAll()} means every field. Missing row: {@link Status#NOT_FOUND}.
   */
  Status read(String table, Key key, Fields fields, RowSink result);

  /** Reads up to {@code recordCount} rows in key order starting at {@code startKey}. */
  Status scan(String table, Key startKey, int recordCount, Fields fields, ScanSink result);

  /** Writes the given fields of an existing row. */
  Status update(String table, Key key, Values values);

  /** Writes a new row with all fields. */
  Status insert(String table, Key key, Values values);

  Status delete(String table, Key key);
}
