package io.hbload.core.source;

import io.hbload.core.binding.BindingContext;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.config.MixgraphSpec;
import io.hbload.core.measure.Measures;
import io.hbload.core.trace.ReplayTally;
import io.hbload.core.trace.TraceSpec;

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

  /**
   * True when a run phase's operations bring their own intended starts (a trace replay's records):
   * the phase is paced by them, not by a target, and measured from them.
   */
  default boolean paced() {
    return false;
  }

  /**
   * What the load before a run writes when the workload chooses it itself (a replay's keys read
   * before written), as the message announcing it says; null for YCSB's {@code recordcount}
   * records. Such a load runs until its source has no more to write.
   */
  default String ownLoad() {
    return null;
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

  /**
   * A trace replayed as {@code spec} says on the sessions {@code provider} opens, its figures kept
   * in {@code tally} (which the caller may read while it runs, for status lines).
   */
  static WorkloadType replay(BindingProvider provider, TraceSpec spec, ReplayTally tally) {
    return new ReplayWorkloadType(provider, spec, tally);
  }

  /** A trace replay on a provider's sessions. */
  record ReplayWorkloadType(BindingProvider provider, TraceSpec spec, ReplayTally tally)
      implements WorkloadType {
    @Override
    public Workload<?, ?> open(BindingContext context) throws BindingException {
      return new TraceWorkload(
          provider.open(context),
          spec,
          tally,
          context.workload(),
          context.execution().threads(),
          context.messages());
    }

    @Override
    public boolean paced() {
      return true;
    }

    @Override
    public String ownLoad() {
      return spec.load() ? "the keys the trace reads before it writes them (--load)" : null;
    }

    @Override
    public boolean sameAs(WorkloadType other) {
      return other instanceof ReplayWorkloadType r && spec.equals(r.spec);
    }

    @Override
    public WorkloadType on(BindingProvider provider) {
      return replay(provider, spec, tally);
    }
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
