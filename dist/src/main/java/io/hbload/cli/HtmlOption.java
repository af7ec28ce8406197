package io.hbload.cli;

import io.hbload.core.export.ResultFiles;
import io.hbload.report.HtmlReport;
import io.hbload.report.ReportCollector;
import io.hbload.report.RunInput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code --html FILE}: the offline report of the command's run, written at the end beside the other results. A
 * mixin, so another command that runs phases plugs it in with one line and hands {@link #collector} to its
 * launcher.
 */
public final class HtmlOption {
  @Option(names = "--html", paramLabel = "FILE",
      description = "Write a self-contained offline HTML report (plots of throughput and latency, spectrum, settings)")
  Path file;

  private final ReportCollector collector = new ReportCollector();

  boolean requested() {
    return file != null;
  }

  /** Checks before the run that the report can be written, so that it is not lost at the end (bad input, exit 2). */
  void check(CommandLine commandLine) {
    String problem = file == null ? null : ResultFiles.problem(file);
    if (problem != null) {
      throw new CommandLine.ParameterException(commandLine, "--html: " + problem);
    }
  }

  ReportCollector collector() {
    return collector;
  }

  /** Writes the report of the phase that finished, if one did. */
  void write() throws IOException {
    RunInput input = collector.input(file.getFileName().toString().replaceFirst("\\.html?$", ""));
    if (input != null) {
      byte[] html = HtmlReport.render(List.of(input)).getBytes(StandardCharsets.UTF_8);
      ResultFiles.write(file, out -> out.write(html));
    }
  }
}
