package io.hbload.cli;

import io.hbload.cli.contract.ExitCode;
import io.hbload.cli.contract.InterruptHook;
import io.hbload.core.exec.RunListener;
import io.hbload.core.launch.Launcher;
import io.hbload.core.result.ClientInfo;
import io.hbload.core.spec.RunSpec;
import io.hbload.observe.MetricsSession;
import io.hbload.observe.RunTags;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine;

/**
 * The wiring of every command that runs one phase on this host ({@code load}, {@code run}, {@code
 * pe}), in one place so that they cannot drift: the metrics session and the HTML report's collector
 * as listeners, the launcher, Ctrl-C turned into a stop that still prints the report, what the
 * command prints after the phase, the HTML report, and the exit code. Stateless.
 */
final class PhaseLaunch {
  /** What a command prints once its phase is over (PE's lines), before the exit code is decided. */
  interface Afterwards {
    void write(Launcher.Outcome outcome) throws IOException;
  }

  private PhaseLaunch() {}

  /**
   * {@code hbload} and the arguments it was given, as the result records them (secrets redacted
   * when written): picocli keeps the whole original command line, the subcommand's name included.
   */
  static List<String> invocation(CommandLine commandLine) {
    List<String> out = new ArrayList<>(List.of("hbload"));
    CommandLine.ParseResult parsed = commandLine.getParseResult();
    if (parsed != null) {
      out.addAll(parsed.originalArgs());
    }
    return out;
  }

  /**
   * Launches {@code spec} and returns the command's exit code.
   *
   * @param workload the workload's name in the metrics' tags
   * @param report where YCSB's report goes unless the spec names an export file
   * @param own listeners of the command's own (a replay's skew status lines), before the metrics'
   */
  static int run(
      CommandLine commandLine,
      MetricsOptions metrics,
      HtmlOption html,
      RunSpec spec,
      String workload,
      PrintStream err,
      PrintStream report,
      Afterwards afterwards,
      List<RunListener> own)
      throws Exception {
    html.refuseSameFile(spec.outputs());
    html.check(commandLine);
    spec = spec.withProvenance(spec.provenance().withCommandLine(invocation(commandLine)));
    Optional<MetricsSession> watch =
        metrics.open(
            commandLine,
            new RunTags(
                workload,
                spec.binding().name(),
                spec.execution().shard().index(),
                ClientInfo.localHost()),
            err);
    try {
      List<RunListener> more = new ArrayList<>(own);
      watch.ifPresent(m -> more.add(m.listener()));
      if (html.requested()) {
        more.add(html.collector());
      }
      Launcher launcher = new Launcher(spec, err, report, more);
      watch.ifPresent(m -> m.runMeters().inFlight(launcher::inFlight));
      // a phase gives stuck binding calls hbload.stopgrace before it reports without them: wait
      // that, and the report
      try (InterruptHook hook =
          InterruptHook.install(
              () -> launcher.requestStop(Launcher.INTERRUPTED),
              Math.max(60, spec.execution().stopGraceSeconds() + 30))) {
        Launcher.Outcome outcome = launcher.launch();
        afterwards.write(outcome);
        int code = exitCode(outcome, err);
        if (html.requested()) {
          html.write();
        }
        return code;
      }
    } finally {
      watch.ifPresent(MetricsSession::close); // after the report: the final values are in
      html.close();
    }
  }

  /** The exit code of a finished phase, saying on stderr why it is not 0. */
  static int exitCode(Launcher.Outcome outcome, PrintStream err) {
    if (outcome.workerFailed()) {
      err.println("hbload: run failed: " + outcome.result().stopReason());
      return ExitCode.FAILURE;
    }
    if (outcome.interrupted()) {
      return ExitCode.INTERRUPTED;
    }
    if (!outcome.result().completed()) {
      // e.g. a load cut short by maxexecutiontime: the report is out, but the phase did not do its
      // work
      err.println(
          "hbload: "
              + outcome.result().spec().phase().name().toLowerCase(Locale.ROOT)
              + " incomplete: "
              + outcome.result().stopReason());
      return ExitCode.FAILURE;
    }
    if (outcome.failedOnErrors()) {
      err.println(
          "hbload: " + outcome.result().errorCount() + " operations failed (--fail-on-error)");
      return ExitCode.FAILURE;
    }
    String lost = outcome.auditFailure();
    if (lost != null) {
      err.println("hbload: " + lost + " (--verify)");
      return ExitCode.FAILURE;
    }
    List<String> slow = outcome.slowRecoveries();
    List<String> unjudged = outcome.unjudgedRecoveries();
    if (!slow.isEmpty() || !unjudged.isEmpty()) {
      List<String> all = new ArrayList<>(slow);
      all.addAll(unjudged);
      err.println(
          "hbload: "
              + String.join("; ", all)
              + " (--fail-if-recovery-exceeds "
              + outcome.result().spec().execution().faults().recoveryLimit().toMillis() / 1000.0
              + " s)");
      // a fault known not to have recovered in time fails the run; one that could not be judged
      // is neither a pass nor a failure
      return slow.isEmpty() ? ExitCode.CANNOT_JUDGE : ExitCode.FAILURE;
    }
    return ExitCode.OK;
  }
}
