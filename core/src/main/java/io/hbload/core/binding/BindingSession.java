package io.hbload.core.binding;

import java.util.List;

/**
 * A binding's state for one run, shared by all workers: a connection, a server-side metrics reader.
 * Opened once by {@link BindingProvider#open}, closed after every worker's cleanup. Thread-safe.
 */
public interface BindingSession extends AutoCloseable {
  /** The binding for one worker thread; called on that thread before its first operation. */
  Binding newBinding(int workerIndex) throws BindingException;

  /**
   * True when the data store this session talks to was created empty for this run (an embedded
   * cluster): the engine then loads the records before a {@code run} phase and says so.
   */
  default boolean startsEmpty() {
    return false;
  }

  /** Called just before the measured phase starts (e.g. to take a baseline of server counters). */
  default void runStarting() {
  }

  /**
   * Called after the measured phase ends and before {@link #close()}: extra report lines for this run,
   * e.g. block-cache hit ratios. Printed after YCSB's lines and included in JSON.
   */
  default List<ReportLine> runFinished() {
    return List.of();
  }

  @Override
  default void close() throws BindingException {
  }
}
