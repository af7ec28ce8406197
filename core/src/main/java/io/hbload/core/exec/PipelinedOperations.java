package io.hbload.core.exec;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.Status;
import io.hbload.core.measure.Measure;

/**
 * A session's own operations ({@link OwnOperations}) for a pipelined worker: what {@link WorkerOperations} is to the
 * blocking worker, with many operations outstanding. The engine keeps the slots, the in-flight bound, the stop, the
 * timing (each operation's start is stamped just before its issuing call, its end by its completion) and the
 * recording; the session only issues each operation and hears how it ended.
 *
 * <p>The issuing methods follow {@link AsyncBinding}'s contract: they do not throw, and an operation they issue is
 * completed exactly once through {@code done}, on any thread, possibly before they return. Confined to the worker's
 * thread except for what the session's own completions do; implementations should allocate nothing of their own per
 * operation beyond what their client library needs.
 */
public interface PipelinedOperations {
  /**
   * Load phase: issues the next record's write as operation {@code slot}. Returns the measure it is recorded under,
   * or null when nothing was issued (then {@code done} is not called for it).
   */
  Measure load(int slot, AsyncBinding.Completion done);

  /** Run phase: issues the next operation as {@code slot}, as {@link #load} does. */
  Measure transaction(int slot, AsyncBinding.Completion done);

  /**
   * On the worker's thread, once the worker sees the operation in {@code slot} completed. Returns whether the engine
   * records it (false: a session that does not measure some of its operations, e.g. PE's --measureAfter).
   *
   * @param serviceNanos from its issuing call to its completion
   */
  boolean completed(int slot, Status status, long serviceNanos);

  /**
   * On the worker's thread: the operation in {@code slot} was still outstanding when the phase gave up waiting for
   * it. Returns whether the engine counts it (as {@link AsyncBinding#CANCELLED}, without a latency).
   */
  boolean cancelled(int slot);
}
