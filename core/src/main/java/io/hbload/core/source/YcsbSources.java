package io.hbload.core.source;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.Binding;
import io.hbload.core.config.Phase;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.keys.KeySpace;
import io.hbload.core.time.Clock;
import java.util.SplittableRandom;

/**
 * YCSB's CoreWorkload for every worker of a phase, whichever loop it runs: one {@link YcsbSource}
 * each, whose insert back-offs are due on {@code clock} (the phase's). Immutable.
 */
public record YcsbSources(WorkloadSpec workload, KeySpace keySpace, Clock clock)
    implements OperationSources {
  @Override
  public OperationSource blocking(
      int workerIndex, Phase phase, Binding binding, SplittableRandom random) {
    return new YcsbSource(workload, keySpace, random, clock);
  }

  @Override
  public OperationSource pipelined(
      int workerIndex, Phase phase, AsyncBinding binding, SplittableRandom random) {
    return new YcsbSource(workload, keySpace, random, clock);
  }
}
