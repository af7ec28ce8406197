package io.hbload.cli;

import io.hbload.core.config.Phase;
import io.hbload.core.launch.Launcher;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.spec.RunSpec;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What {@code load} and {@code run} share: options to properties, properties to a spec, the spec
 * launched as the Java API launches it ({@link Launcher}) with the wiring {@code pe} shares too
 * ({@link PhaseLaunch}: metrics, HTML report, Ctrl-C turned into a stop that still prints the
 * report, the outcome turned into an exit code).
 */
abstract class PhaseCommand implements Callable<Integer> {
  @Spec CommandSpec commandSpec;

  @Mixin PhaseOptions options = new PhaseOptions();

  @Mixin MetricsOptions metrics = new MetricsOptions();

  @Mixin HtmlOption html = new HtmlOption();

  abstract Phase phase();

  @Override
  public Integer call() throws Exception {
    PrintStream err = WriterStream.printStream(commandSpec.commandLine().getErr());
    PrintStream out = WriterStream.printStream(commandSpec.commandLine().getOut());
    RunSpec spec =
        HbloadCommand.onClock(SpecParser.parse(options.properties(), phase()), commandSpec);
    return PhaseLaunch.run(
        commandSpec.commandLine(),
        metrics,
        html,
        spec,
        options.workloadName(),
        err,
        out,
        outcome -> {},
        List.of());
  }

  /** Adapts picocli's writers (which tests capture) to the PrintStreams the engine writes to. */
  static final class WriterStream extends OutputStream {
    private final PrintWriter writer;

    private WriterStream(PrintWriter writer) {
      this.writer = writer;
    }

    static PrintStream printStream(PrintWriter writer) {
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
