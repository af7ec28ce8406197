package io.hbload.core.binding;

import io.hbload.core.config.Phase;
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

  /**
   * Called just before a phase starts (e.g. to take a baseline of server counters). A run on a store that
   * starts empty calls it twice: for the load the engine does first, then for the run.
   */
  default void runStarting(Phase phase) {
  }

  /**
   * Called after the measured phase ends and before {@link #close()}: extra report lines for this run,
   * e.g. block-cache hit ratios. Printed after YCSB's lines and included in JSON.
   */
  default List<ReportLine> runFinished(Phase phase) {
    return List.of();
  }

  @Override
  default void close() throws BindingException {
  }
}
