package io.hbload.core.source;

import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.binding.ReportLine;
import io.hbload.core.binding.RunSession;
import io.hbload.core.config.FaultSchedule;
import io.hbload.core.config.MixgraphSpec;
import io.hbload.core.config.Phase;
import io.hbload.core.fault.FaultTarget;
import io.hbload.core.mixgraph.MixgraphCheck;
import io.hbload.core.server.ServerSampler;
import java.io.PrintStream;
import java.util.ArrayList;
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

  /**
   * The binding's session, with the check's lines after its own at the end of a run phase. Every
   * hook of {@link RunSession} is the binding's (MixgraphWorkloadTest checks none is left to the
   * interface's default, which would silently drop it: a mixgraph run's faults or server series).
   */
  private record CheckedSession(RunSession binding, MixgraphCheck check, PrintStream messages)
      implements RunSession {
    @Override
    public boolean loadBeforeRun() {
      return binding.loadBeforeRun();
    }

    @Override
    public void runStarting(Phase phase) {
      binding.runStarting(phase);
    }

    @Override
    public List<ReportLine> runFinished(Phase phase) {
      List<ReportLine> lines = new ArrayList<>(binding.runFinished(phase));
      if (phase == Phase.RUN) {
        lines.addAll(check.report(messages));
      }
      return lines;
    }

    @Override
    public List<Object> runFigures() {
      return binding.runFigures();
    }

    @Override
    public ServerSampler serverSampler() {
      return binding.serverSampler();
    }

    @Override
    public FaultTarget faultTarget() {
      return binding.faultTarget();
    }

    @Override
    public FaultTarget faultTarget(FaultSchedule schedule) {
      return binding.faultTarget(schedule);
    }

    @Override
    public void close() throws BindingException {
      binding.close();
    }
  }
}
