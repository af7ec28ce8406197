package io.hbload.core.source;

import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.ReportLine;
import io.hbload.core.binding.RunSession;
import io.hbload.core.config.FaultSchedule;
import io.hbload.core.config.Phase;
import io.hbload.core.fault.FaultTarget;
import io.hbload.core.server.ServerSampler;
import java.util.ArrayList;
import java.util.List;

/**
 * A workload's run session around its binding's: every hook is the binding's (ForwardingSessionTest
 * checks none is left to {@link RunSession}'s default, which would silently drop it: a fault
 * target, a server series), and the run phase's report ends with the workload's own lines after the
 * binding's. A subclass changes what it must (mixgraph's check, a replay's load choice and reader).
 * Thread-safe as its binding's session is.
 */
abstract class ForwardingSession implements RunSession {
  final RunSession binding;

  ForwardingSession(RunSession binding) {
    this.binding = binding;
  }

  /** The workload's own report lines at the end of a run phase. */
  abstract List<ReportLine> runLines();

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
      lines.addAll(runLines());
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
