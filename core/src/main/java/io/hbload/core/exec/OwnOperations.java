package io.hbload.core.exec;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.config.Phase;
import io.hbload.core.measure.MeasuredBinding;
import java.util.SplittableRandom;

/**
 * Implemented by a {@link BindingSession} whose run is not YCSB's operation mix but its own (HBase
 * PerformanceEvaluation's commands, {@code hbload pe}): the engine still runs the workers, quotas, stop, status
 * lines, measurement, report, JSON and HdrHistogram log; only the choice of each operation is the session's.
 * Thread-safe: called by every worker on its own thread.
 */
public interface OwnOperations {
  /**
   * The operations of worker {@code workerIndex}, called on its thread after {@link BindingSession#newBinding}.
   *
   * @param binding the worker's binding as the session created it
   * @param measured the same binding behind the measuring decorator: record every operation through it
   * @param random the worker's random source ({@code --seed} makes it reproducible)
   */
  WorkerOperations newOperations(int workerIndex, Phase phase, Binding binding, MeasuredBinding measured,
      SplittableRandom random);

  /**
   * The operations of pipelined worker {@code workerIndex} (the session is {@link BindingSession#async} or runs with
   * {@code hbload.inflight} above 1), called on its thread after {@link BindingSession#newAsyncBinding}; the engine
   * records every operation (see {@link PipelinedOperations}).
   *
   * @param binding the worker's async binding as the session created it
   */
  default PipelinedOperations newPipelinedOperations(int workerIndex, Phase phase, AsyncBinding binding,
      SplittableRandom random) {
    throw new UnsupportedOperationException("this session's operations have no pipelined form");
  }
}
