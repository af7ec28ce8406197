package io.hbload.core.exec;

import io.hbload.core.audit.AuditReport;
import io.hbload.core.audit.AuditSet;
import io.hbload.core.audit.ReadBack;
import io.hbload.core.audit.WriteAudit;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingKind;
import io.hbload.core.binding.RunSession;
import io.hbload.core.config.Phase;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.result.RunResult;
import io.hbload.core.source.Workload;
import io.hbload.core.spec.RunSpec;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs a spec end to end: opens the binding's session, loads the records first when the store
 * starts empty (an embedded cluster) and the spec is a run phase, runs the phase, and always closes
 * the session. {@link #requestStop} reaches whichever phase is running (Ctrl-C). One run per
 * instance.
 */
public final class Runner {
  private final RunSpec spec;
  private final PrintStream messages;
  private final RunListener listener;
  private final RunListener loadListener;
  private volatile PhaseRun current;
  private volatile String stopReason;
  private volatile boolean failed;
  private volatile boolean abandoned;

  /** The run's acknowledged-write audit ({@code --verify}), or null. */
  private WriteAudit audit;

  public Runner(RunSpec spec, PrintStream messages, RunListener listener) {
    this(spec, messages, listener, new RunListener() {});
  }

  /**
   * As above; {@code loadListener} hears the load before a run (its progress), never the user's
   * listeners.
   */
  public Runner(
      RunSpec spec, PrintStream messages, RunListener listener, RunListener loadListener) {
    this.spec = spec;
    this.messages = messages;
    this.listener = listener;
    this.loadListener = loadListener;
  }

  /**
   * Runs; throws BindingException when the binding cannot open (bad config, unreachable cluster).
   */
  public RunResult run() throws BindingException {
    BindingKind provider = spec.binding().provider();
    Workload<?, ?> workload = spec.binding().open(spec.bindingContext(messages));
    RunSession session = workload.session();
    if (spec.execution().audit().enabled()) {
      audit = new WriteAudit(spec.execution().clock());
    }
    try {
      if (!spec.execution().faults().isEmpty()) {
        // a fault the binding cannot carry out is bad input, found before the store is loaded
        PhaseRun.faultTarget(spec, session);
      }
      if (spec.phase() == Phase.RUN && session.loadBeforeRun()) {
        String own = spec.binding().workload().ownLoad();
        RunSpec load = own == null ? SpecParser.loadBefore(spec) : ownLoad(spec);
        messages.println(
            "hbload: the "
                + provider.name()
                + " store starts empty: loading "
                + (own == null ? load.execution().operations() + " records (recordcount)" : own)
                + " before the run, as fast as it goes"
                + (spec.execution().throttled() ? " (the run's -target paces the run only)" : "")
                + "; not measured, not in the report");
        RunResult loaded = runPhase(load, workload, loadListener, false);
        messages.println(
            String.format(
                Locale.ROOT,
                "hbload: loaded %d records in %.1f s (%.0f ops/s, %d errors)",
                loaded.operations(),
                loaded.runtimeMillis() / 1000.0,
                loaded.throughputOpsPerSec(),
                loaded.errorCount()));
        if (stopReason != null || !loaded.completed()) {
          return loaded; // the run needs every record; a load that stopped short says why
        }
      }
      RunResult result = runPhase(spec, workload, listener, true);
      return audit == null ? result : verify(result, workload);
    } finally {
      close(session);
    }
  }

  /**
   * The audit after the phase: the workers' writes resolved and read back through the binding
   * (unless the run was interrupted or a worker was left stuck, which could still write), the
   * report added to the result's figures.
   */
  private RunResult verify(RunResult result, Workload<?, ?> workload) throws BindingException {
    if (INTERRUPTED.equals(stopReason) || abandoned) {
      messages.println(
          "hbload: not verifying the acknowledged writes: "
              + (abandoned ? "calls were left stuck and may still write" : "interrupted"));
      return result;
    }
    AuditSet set = audit.resolve();
    audit = null; // the logs can go: the set holds what is read back
    AuditReport report = ReadBack.of(set, spec, workload, messages).run();
    List<Object> figures = new ArrayList<>(result.figures());
    figures.add(report);
    return new RunResult(
        result.spec(),
        result.startEpochMillis(),
        result.runtimeMillis(),
        result.operations(),
        result.measurements(),
        result.gc(),
        result.extra(),
        result.stopReason(),
        result.client(),
        result.workers(),
        figures);
  }

  /**
   * The load of a workload that chooses what it writes (a replay's keys read before written): as
   * YCSB's load, with the run's workers, until its sources have nothing more to write.
   */
  private static RunSpec ownLoad(RunSpec run) {
    RunSpec load = SpecParser.loadBefore(run);
    return load.withExecution(
        load.execution().toBuilder().threads(run.execution().threads()).operations(0).build());
  }

  /** The stop reason of Ctrl-C (the launcher's). */
  private static final String INTERRUPTED = "interrupted";

  /**
   * Closes the session; when workers were left stuck in a binding call, closing may block on them
   * too, so it is given the grace period on its own thread and then left, and the run's results
   * still reach their files.
   */
  private void close(RunSession session) throws BindingException {
    if (!abandoned) {
      session.close();
      return;
    }
    Thread closer =
        new Thread(
            () -> {
              try {
                session.close();
              } catch (BindingException | RuntimeException e) {
                messages.println(
                    "hbload: closing the binding after stuck calls failed: " + e.getMessage());
              }
            },
            "hbload-session-close");
    closer.setDaemon(true);
    closer.start();
    try {
      closer.join(
          java.util.concurrent.TimeUnit.SECONDS.toMillis(spec.execution().stopGraceSeconds()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (closer.isAlive()) {
      messages.println(
          "hbload: the binding did not close within "
              + spec.execution().stopGraceSeconds()
              + " s (a call is still stuck); leaving it open");
    }
  }

  private RunResult runPhase(
      RunSpec phaseSpec, Workload<?, ?> workload, RunListener phaseListener, boolean requested) {
    PhaseRun phase = new PhaseRun(phaseSpec, workload, phaseListener, messages, requested, audit);
    current = phase;
    if (stopReason != null) {
      phase.requestStop(stopReason);
    }
    RunResult result = phase.execute();
    failed |= phase.failed();
    abandoned |= phase.abandonedWorkers();
    return result;
  }

  /** Stops the running phase after the workers' current calls; its result is still returned. */
  public void requestStop(String reason) {
    stopReason = reason;
    PhaseRun phase = current;
    if (phase != null) {
      phase.requestStop(reason);
    }
  }

  /** Operations outstanding in the running phase, 0 between phases; any thread, for a gauge. */
  public long inFlight() {
    PhaseRun phase = current;
    return phase == null ? 0 : phase.inFlight();
  }

  /** Whether a worker failed (as opposed to operations returning errors). */
  public boolean failed() {
    return failed;
  }
}
