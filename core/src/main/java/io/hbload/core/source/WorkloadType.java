package io.hbload.core.source;

import io.hbload.core.binding.BindingContext;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.measure.Measures;

/**
 * Which workload a spec runs, resolved once by the parser as its binding is: YCSB's CoreWorkload on
 * the binding's provider ({@link #ycsb}), or a workload of its own (hbload pe's commands). It opens
 * the run's {@link Workload}, and with it the run's state, so that a workload's own client type is
 * known where it is made and never looked up. Immutable.
 */
public interface WorkloadType {
  /**
   * The measures its runs record: core's, and its own operations' (e.g. PE's INCREMENT), known
   * before anything is opened.
   */
  default Measures measures() {
    return Measures.CORE;
  }

  /** Opens the workload for one run; throws with a one-line message when it cannot. */
  Workload<?, ?> open(BindingContext context) throws BindingException;

  /** YCSB's CoreWorkload on the sessions {@code provider} opens. */
  static WorkloadType ycsb(BindingProvider provider) {
    return new YcsbWorkloadType(provider);
  }

  /** YCSB's CoreWorkload on a provider's sessions. */
  record YcsbWorkloadType(BindingProvider provider) implements WorkloadType {
    @Override
    public Workload<?, ?> open(BindingContext context) throws BindingException {
      return new YcsbWorkload(provider.open(context));
    }
  }
}
