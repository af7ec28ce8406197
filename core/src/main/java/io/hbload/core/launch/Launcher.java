package io.hbload.core.launch;

import io.hbload.core.audit.AuditFile;
import io.hbload.core.audit.AuditReport;
import io.hbload.core.binding.BindingException;
import io.hbload.core.config.SpecException;
import io.hbload.core.exec.RunListener;
import io.hbload.core.exec.Runner;
import io.hbload.core.export.HlogWriter;
import io.hbload.core.export.IntendedLatencyNote;
import io.hbload.core.export.JsonResult;
import io.hbload.core.export.ProgressLine;
import io.hbload.core.export.ReportRecord;
import io.hbload.core.export.ReportWriter;
import io.hbload.core.export.ResultFile;
import io.hbload.core.export.StatusLine;
import io.hbload.core.export.Version;
import io.hbload.core.export.YcsbReport;
import io.hbload.core.fault.FaultReport;
import io.hbload.core.result.RunResult;
import io.hbload.core.server.TailOutliers;
import io.hbload.core.spec.RunSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Assembles one phase the same way for the command line and the Java API: the start-up lines YCSB
 * prints, the status lines and the HdrHistogram log as listeners, the run, then the report (to its
 * export file or the report stream) and the JSON result. What the phase produced is written even
 * when it stopped early (Ctrl-C, a failed worker), so no result is lost. Every result file's temp
 * file is created with the launcher, so that one that cannot be written is found before the run;
 * one that could not be written after it is an IOException naming it, with nothing left under its
 * name (the other outputs are still written). One launch per instance; {@link #requestStop} is safe
 * from any thread.
 */
public final class Launcher {
  private final RunSpec spec;
  private final PrintStream messages;
  private final PrintStream report;
  private final Runner runner;
  private final HlogWriter hlog;
  private final ResultFile exportFile;
  private final ResultFile jsonFile;
  private final ResultFile auditFile;

  /** How a phase ended. */
  public record Outcome(RunResult result, boolean workerFailed) {
    /** Stopped by {@link #requestStop} with reason {@code interrupted} (Ctrl-C). */
    public boolean interrupted() {
      return INTERRUPTED.equals(result.stopReason());
    }

    /**
     * Operations returned errors and the spec asked for that to fail the run ({@code
     * --fail-on-error}).
     */
    public boolean failedOnErrors() {
      return result.spec().outputs().failOnErrors() && result.errorCount() > 0;
    }

    /**
     * Why the acknowledged-write audit ({@code --verify}) failed, naming up to 10 lost keys; null
     * when it passed or there was none.
     */
    public String auditFailure() {
      return result.figure(AuditReport.class).map(AuditReport::failure).orElse(null);
    }

    /**
     * One line per fault that did not recover within {@code --fail-if-recovery-exceeds}: the run
     * fails its recovery gate when there is any. Empty without faults or without a limit.
     */
    public List<String> slowRecoveries() {
      return result.figure(FaultReport.class).map(FaultReport::slowRecoveries).orElse(List.of());
    }

    /**
     * One line per fault whose recovery {@code --fail-if-recovery-exceeds} could not judge (no
     * baseline, or the run ended too soon after it): neither a pass nor a failure.
     */
    public List<String> unjudgedRecoveries() {
      return result
          .figure(FaultReport.class)
          .map(FaultReport::unjudgedRecoveries)
          .orElse(List.of());
    }
  }

  /** The stop reason of Ctrl-C. */
  public static final String INTERRUPTED = "interrupted";

  /**
   * @param messages human lines (stderr in the CLI): start-up lines, status lines, binding banners
   * @param report where YCSB's report goes unless the spec names an export file; null for none (the
   *     Java API)
   */
  public Launcher(RunSpec spec, PrintStream messages, PrintStream report) throws IOException {
    this(spec, messages, report, List.of());
  }

  /**
   * As {@link #Launcher(RunSpec, PrintStream, PrintStream)}, plus the caller's own listeners,
   * called after the status line and the log (a MapReduce task reports its progress to its job this
   * way).
   */
  public Launcher(RunSpec spec, PrintStream messages, PrintStream report, List<RunListener> more)
      throws IOException {
    this.spec = spec;
    this.messages = messages;
    this.report = report;
    ResultFile export = null;
    ResultFile json = null;
    HlogWriter log = null;
    ResultFile audit = null;
    try {
      export =
          spec.outputs().exportFile() == null
              ? null
              : ResultFile.create(spec.outputs().exportFile());
      json =
          spec.outputs().jsonFile() == null ? null : ResultFile.create(spec.outputs().jsonFile());
      log = spec.outputs().hlogFile() == null ? null : new HlogWriter(spec.outputs().hlogFile());
      Path auditPath = spec.execution().audit().file();
      audit = auditPath == null ? null : ResultFile.create(auditPath);
    } catch (IOException | RuntimeException e) {
      closeAll(e, export, json, log, audit);
      if (e instanceof IOException io) {
        // found before anything started: an output that cannot be created is bad input (exit 2),
        // like a missing
        // directory found by the parser, not a failed run
        throw new SpecException(io.getMessage());
      }
      throw e;
    }
    this.exportFile = export;
    this.jsonFile = json;
    this.hlog = log;
    this.auditFile = audit;
    List<RunListener> listeners = new ArrayList<>();
    boolean terminal = ProgressLine.stderrIsTerminal();
    listeners.add(new StatusLine(messages));
    listeners.add(
        new ProgressLine(messages, spec.phase().name().toLowerCase(Locale.ROOT), terminal));
    if (hlog != null) {
      listeners.add(hlog);
    }
    listeners.addAll(more);
    this.runner =
        new Runner(
            spec,
            messages,
            RunListener.all(listeners),
            new ProgressLine(messages, "load before the run", terminal));
  }

  /** Runs the phase and writes its outputs; BindingException when the binding cannot open. */
  public Outcome launch() throws BindingException, IOException {
    messages.println(
        "hbload "
            + Version.get()
            + " (YCSB 0.17.0 compatible), binding "
            + spec.binding().provider().name()
            + ", "
            + spec.phase().name().toLowerCase(Locale.ROOT)
            + " phase, "
            + spec.execution().threads()
            + " threads");
    spec.provenance().notes().forEach(messages::println);
    messages.println("Loading workload...");
    messages.println("Starting test.");
    RunResult result;
    try {
      result = runner.run();
    } catch (BindingException | RuntimeException | Error e) {
      closeAll(
          e,
          exportFile,
          jsonFile,
          hlog,
          auditFile); // a log of a phase that started is still published
      throw e;
    }
    try {
      write(result);
    } finally {
      // after the report, where a reader of YCSB's service-time lines looks next
      IntendedLatencyNote.lines(result, spec.outputs().intendedWarnFactor())
          .forEach(messages::println);
      // then what the servers were doing when the tail stood out
      result.figure(TailOutliers.class).ifPresent(t -> t.lines().forEach(messages::println));
    }
    return new Outcome(result, runner.failed());
  }

  /**
   * Stops the running phase after the workers' current calls; {@link #launch} still writes what was
   * done.
   */
  public void requestStop(String reason) {
    runner.requestStop(reason);
  }

  /**
   * Operations outstanding right now: per pipelined worker its slots in use, per blocking worker 1
   * while it is not waiting for its schedule. Any thread; read at a scrape, never on the hot path.
   */
  public long inFlight() {
    return runner.inFlight();
  }

  /**
   * Writes every output, each one even when another failed; then throws what failed, one line
   * naming each file.
   */
  private void write(RunResult result) throws IOException {
    List<IOException> failures = new ArrayList<>();
    if (hlog != null) {
      attempt(failures, hlog::close);
    }
    List<ReportRecord> records = YcsbReport.records(result);
    if (exportFile != null) {
      attempt(
          failures,
          () ->
              exportFile.write(
                  out -> {
                    PrintStream text = new PrintStream(out, false, StandardCharsets.UTF_8);
                    ReportWriter.write(records, spec.outputs().format(), text);
                    text.flush();
                  }));
    } else if (report != null) {
      ReportWriter.write(records, spec.outputs().format(), report);
    }
    if (jsonFile != null) {
      byte[] json =
          (JsonResult.render(result) + System.lineSeparator()).getBytes(StandardCharsets.UTF_8);
      attempt(failures, () -> jsonFile.write(out -> out.write(json)));
    }
    AuditReport audit = result.figure(AuditReport.class).orElse(null);
    if (auditFile != null && audit != null && audit.set() != null) {
      attempt(
          failures,
          () -> auditFile.write(out -> AuditFile.write(audit.set(), spec.workload(), out)));
    } else if (auditFile != null) {
      auditFile.close(); // nothing was verified (interrupted): no file under its name
    }
    if (failures.size() == 1) {
      throw failures.get(0);
    } else if (!failures.isEmpty()) {
      IOException all =
          new IOException(String.join("; ", failures.stream().map(Throwable::getMessage).toList()));
      failures.forEach(all::addSuppressed);
      throw all;
    }
  }

  private static void attempt(List<IOException> failures, Output output) {
    try {
      output.write();
    } catch (IOException e) {
      failures.add(e);
    }
  }

  /**
   * Closes what was opened when the run cannot go on, keeping the first failure as the one thrown.
   */
  private static void closeAll(Throwable first, AutoCloseable... outputs) {
    for (AutoCloseable o : outputs) {
      if (o != null) {
        try {
          o.close();
        } catch (Exception e) {
          first.addSuppressed(e);
        }
      }
    }
  }

  @FunctionalInterface
  private interface Output {
    void write() throws IOException;
  }
}
