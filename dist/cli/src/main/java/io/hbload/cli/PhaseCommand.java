package io.hbload.cli;

import io.hbload.cli.contract.ExitCode;
import io.hbload.core.config.Phase;
import io.hbload.core.exec.RunListener;
import io.hbload.core.launch.Launcher;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.result.ClientInfo;
import io.hbload.core.spec.RunSpec;
import io.hbload.observe.MetricsSession;
import io.hbload.observe.RunTags;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What {@code load} and {@code run} share: options to properties, properties to a spec, the spec launched as the
 * Java API launches it ({@link Launcher}), Ctrl-C turned into a stop that still prints the report, and the
 * outcome turned into an exit code.
 */
abstract class PhaseCommand implements Callable<Integer> {
  @Spec
  CommandSpec commandSpec;

  @Mixin
  PhaseOptions options = new PhaseOptions();

  @Mixin
  MetricsOptions metrics = new MetricsOptions();

  @Mixin
  HtmlOption html = new HtmlOption();

  abstract Phase phase();

  @Override
  public Integer call() throws Exception {
    PrintStream err = WriterStream.printStream(commandSpec.commandLine().getErr());
    PrintStream out = WriterStream.printStream(commandSpec.commandLine().getOut());
    RunSpec spec = SpecParser.parse(options.properties(), phase());
    html.check(commandSpec.commandLine());
    Optional<MetricsSession> watch = metrics.open(commandSpec.commandLine(),
        new RunTags(options.workloadName(), spec.binding().name(), spec.execution().shard().index(),
            ClientInfo.localHost()), err);
    try {
      List<RunListener> more = new ArrayList<>();
      watch.ifPresent(m -> more.add(m.listener()));
      if (html.requested()) {
        more.add(html.collector());
      }
      Launcher launcher = new Launcher(spec, err, out, more);
      watch.ifPresent(m -> m.runMeters().inFlight(launcher::inFlight));
      try (InterruptHook hook = InterruptHook.install(() -> launcher.requestStop(Launcher.INTERRUPTED),
          Math.max(60, spec.execution().stopGraceSeconds() + 30))) {
        int code = exitCode(launcher.launch(), err);
        if (html.requested()) {
          html.write();
        }
        return code;
      }
    } finally {
      watch.ifPresent(MetricsSession::close); // after the report: the final values are in
    }
  }

  /** The exit code of a finished phase, saying on stderr why it is not 0 (shared with {@code pe}). */
  static int exitCode(Launcher.Outcome outcome, PrintStream err) {
    if (outcome.workerFailed()) {
      err.println("hbload: run failed: " + outcome.result().stopReason());
      return ExitCode.FAILURE;
    }
    if (outcome.interrupted()) {
      return ExitCode.INTERRUPTED;
    }
    if (!outcome.result().completed()) {
      // e.g. a load cut short by maxexecutiontime: the report is out, but the phase did not do its work
      err.println("hbload: " + outcome.result().spec().phase().name().toLowerCase(java.util.Locale.ROOT)
          + " incomplete: " + outcome.result().stopReason());
      return ExitCode.FAILURE;
    }
    if (outcome.failedOnErrors()) {
      err.println("hbload: " + outcome.result().errorCount() + " operations failed (--fail-on-error)");
      return ExitCode.FAILURE;
    }
    return ExitCode.OK;
  }

  /** Adapts picocli's writers (which tests capture) to the PrintStreams the engine writes to. */
  static final class WriterStream extends java.io.OutputStream {
    private final java.io.PrintWriter writer;

    private WriterStream(java.io.PrintWriter writer) {
      this.writer = writer;
    }

    static PrintStream printStream(java.io.PrintWriter writer) {
      return new PrintStream(new WriterStream(writer), true, StandardCharsets.UTF_8);
    }

    @Override
    public void write(int b) {
      writer.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) {
      writer.write(new String(b, off, len, StandardCharsets.UTF_8));
    }

    @Override
    public void flush() {
      writer.flush();
    }
  }
}
