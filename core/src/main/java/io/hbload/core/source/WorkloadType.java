package io.hbload.core.source;

import io.hbload.core.binding.BindingContext;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.config.MixgraphSpec;
import io.hbload.core.measure.Measures;

/**
 * Which workload a spec runs, resolved once by the parser as its binding is: YCSB's CoreWorkload on
 * the binding's provider ({@link #ycsb}), db_bench's mixgraph on it ({@link #mixgraph}), or a
 * workload of its own (hbload pe's commands). It opens the run's {@link Workload}, and with it the
 * run's state, so that a workload's own client type is known where it is made and never looked up.
 * Immutable.
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

  /**
   * Whether two specs run the same workload: of the same kind, with equal settings (providers are
   * made per look-up, so two parses of the same properties hold different instances).
   */
  default boolean sameAs(WorkloadType other) {
    return getClass() == other.getClass();
  }

  /**
   * The same workload on another instance of its binding's provider (one wired to a cluster the
   * caller owns, such as a suite's embedded HBase).
   */
  default WorkloadType on(BindingProvider provider) {
    return ycsb(provider);
  }

  /** YCSB's CoreWorkload on the sessions {@code provider} opens. */
  static WorkloadType ycsb(BindingProvider provider) {
    return new YcsbWorkloadType(provider);
  }

  /** db_bench's mixgraph, as {@code spec} describes it, on the sessions {@code provider} opens. */
  static WorkloadType mixgraph(BindingProvider provider, MixgraphSpec spec) {
    return new MixgraphWorkloadType(provider, spec);
  }

  /** db_bench's mixgraph on a provider's sessions. */
  record MixgraphWorkloadType(BindingProvider provider, MixgraphSpec spec) implements WorkloadType {
    @Override
    public Workload<?, ?> open(BindingContext context) throws BindingException {
      return new MixgraphWorkload(
          provider.open(context), spec, context.workload().records().count(), context.messages());
    }

    @Override
    public boolean sameAs(WorkloadType other) {
      return other instanceof MixgraphWorkloadType m && spec.equals(m.spec);
    }

    @Override
    public WorkloadType on(BindingProvider provider) {
      return mixgraph(provider, spec);
    }
  }

  /** YCSB's CoreWorkload on a provider's sessions. */
  record YcsbWorkloadType(BindingProvider provider) implements WorkloadType {
    @Override
    public Workload<?, ?> open(BindingContext context) throws BindingException {
      return new YcsbWorkload(provider.open(context));
    }
  }
}
