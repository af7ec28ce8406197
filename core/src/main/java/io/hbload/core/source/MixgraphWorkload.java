package io.hbload.core.source;

import io.hbload.core.binding.BindingSession;
import io.hbload.core.binding.ReportLine;
import io.hbload.core.binding.RunSession;
import io.hbload.core.config.MixgraphSpec;
import io.hbload.core.mixgraph.MixgraphCheck;
import java.io.PrintStream;
import java.util.List;

/**
 * db_bench's mixgraph on a YCSB binding: each worker's operations a {@link MixgraphSource}. Its run
 * session is the binding's, whose report lines it follows with the run's {@link MixgraphCheck}:
 * what the run offered against what was configured. Thread-safe.
 */
public final class MixgraphWorkload implements BindingWorkload {
  private final BindingSession bindings;
  private final MixgraphSpec spec;
  private final MixgraphCheck check;
  private final RunSession session;

  /**
   * @param records the run's record count (its {@code recordcount})
   * @param messages where a check's warnings go
   */
  public MixgraphWorkload(
      BindingSession bindings, MixgraphSpec spec, long records, PrintStream messages) {
    this.bindings = bindings;
    this.spec = spec;
    this.check = new MixgraphCheck(spec, records);
    this.session = new CheckedSession(bindings, check, messages);
  }

  @Override
  public BindingSession bindings() {
    return bindings;
  }

  @Override
  public RunSession session() {
    return session;
  }

  @Override
  public <S extends Step> OperationSource<S> source(YcsbSteps<S> steps, PhaseContext phase) {
    return new MixgraphSource<>(steps, phase, spec, check);
  }

  /** The binding's session, with the check's lines after its own at the end of a run phase. */
  private static final class CheckedSession extends ForwardingSession {
    private final MixgraphCheck check;
    private final PrintStream messages;

    CheckedSession(RunSession binding, MixgraphCheck check, PrintStream messages) {
      super(binding);
      this.check = check;
      this.messages = messages;
    }

    @Override
    List<ReportLine> runLines() {
      return check.report(messages);
    }
  }
}
