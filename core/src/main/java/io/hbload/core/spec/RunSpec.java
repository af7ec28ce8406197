package io.hbload.core.spec;

import io.hbload.core.binding.BindingContext;
import io.hbload.core.config.Execution;
import io.hbload.core.config.Outputs;
import io.hbload.core.config.Phase;
import io.hbload.core.config.Provenance;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.measure.Measures;
import io.hbload.core.time.Clock;
import java.io.PrintStream;

/**
 * Everything one phase of a run needs, typed and validated, in parts by what they describe: what
 * each operation does ({@link WorkloadSpec}), the binding it goes to ({@link BindingChoice}), how
 * the phase runs ({@link Execution}), what it writes ({@link Outputs}) and where the spec came from
 * ({@link Provenance}). Built by {@link io.hbload.core.parse.SpecParser} from merged properties
 * (the CLI) or by {@link io.hbload.core.parse.RunSpecBuilder} (the Java API), which produce the
 * same spec; derived specs are {@code with...} copies. Immutable.
 *
 * <p>Above {@code binding} (it holds the resolved provider) and {@code config} (its parts): a
 * binding is handed the parts it needs through {@link BindingContext}, never the spec, so the two
 * packages stay free of cycles.
 */
public record RunSpec(
    Phase phase,
    WorkloadSpec workload,
    BindingChoice binding,
    Execution execution,
    Outputs outputs,
    Provenance provenance) {

  public RunSpec {
    if (phase == null
        || workload == null
        || binding == null
        || execution == null
        || outputs == null
        || provenance == null) {
      throw new IllegalArgumentException("every part of a run spec is required");
    }
  }

  public RunSpec withPhase(Phase phase) {
    return new RunSpec(phase, workload, binding, execution, outputs, provenance);
  }

  public RunSpec withWorkload(WorkloadSpec workload) {
    return new RunSpec(phase, workload, binding, execution, outputs, provenance);
  }

  public RunSpec withBinding(BindingChoice binding) {
    return new RunSpec(phase, workload, binding, execution, outputs, provenance);
  }

  public RunSpec withExecution(Execution execution) {
    return new RunSpec(phase, workload, binding, execution, outputs, provenance);
  }

  /** This spec with its phase on {@code clock} (itself when it already is). */
  public RunSpec withClock(Clock clock) {
    return clock == execution.clock()
        ? this
        : withExecution(execution.toBuilder().clock(clock).build());
  }

  public RunSpec withOutputs(Outputs outputs) {
    return new RunSpec(phase, workload, binding, execution, outputs, provenance);
  }

  public RunSpec withProvenance(Provenance provenance) {
    return new RunSpec(phase, workload, binding, execution, outputs, provenance);
  }

  /** What the binding's provider gets when the phase opens its session. */
  public BindingContext bindingContext(PrintStream messages) {
    return new BindingContext(phase, workload, execution, binding.settings(), messages);
  }

  /** True when the phase starts with a warm-up. */
  public boolean warmsUp() {
    return execution.warmsUp();
  }

  /** The measures this run records: core's and its workload's own. */
  public Measures measures() {
    return binding.workload().measures();
  }

  /**
   * True when a target rate paces the workers, or a run phase's operations bring their own intended
   * starts (a trace replay): latency is then measured from the intended start as well.
   */
  public boolean throttled() {
    return execution.throttled() || (phase == Phase.RUN && binding.workload().paced());
  }
}
