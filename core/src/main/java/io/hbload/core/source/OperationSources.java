package io.hbload.core.source;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.Binding;
import io.hbload.core.config.Phase;
import java.util.SplittableRandom;

/**
 * Where a phase's workers get their {@link OperationSource}s: YCSB's CoreWorkload ({@link
 * YcsbSources}), or a binding session with a workload of its own (hbload pe's commands), which then
 * makes each worker's source for the binding it made for that worker, and whose source calls that
 * binding's own methods ({@link OperationSource#call}). Thread-safe: called by every worker on its
 * own thread, after the worker's binding was made.
 */
public interface OperationSources {
  /**
   * The source of blocking worker {@code workerIndex}, issuing its own calls, if any, on {@code
   * binding}.
   */
  OperationSource blocking(int workerIndex, Phase phase, Binding binding, SplittableRandom random);

  /**
   * The source of pipelined worker {@code workerIndex}, issuing its own calls, if any, on {@code
   * binding}.
   */
  OperationSource pipelined(
      int workerIndex, Phase phase, AsyncBinding binding, SplittableRandom random);
}
