package io.hbload.cli;

import io.hbload.cli.contract.ExitCode;
import io.hbload.core.config.OutputPaths;
import io.hbload.core.config.OutputTarget;
import io.hbload.core.export.ResultOutputs;
import io.hbload.report.HtmlReport;
import io.hbload.report.RunInput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code hbload report RUN.json [RUN.hlog...] -o report.html}: the offline HTML report of a
 * finished run.
 */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    versionProvider = HbloadCommand.VersionProvider.class,
    description =
        "Write a self-contained offline HTML report (inline SVG plots, no network) of a run from its "
            + "--json result and --hlog interval log(s).")
final class ReportCommand implements Callable<Integer> {
  @Spec CommandLine.Model.CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "RUN.json",
      description = "The run's result, as --json wrote it")
  Path json;

  @Parameters(
      index = "1..*",
      paramLabel = "RUN.hlog",
      description = "The run's HdrHistogram log(s), as --hlog wrote them")
  List<Path> hlogs = List.of();

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      required = true,
      description = "The HTML file to write. " + OutputTarget.SPECIAL_FILES)
  Path output;

  @Override
  public Integer call() throws IOException {
    String problem = OutputPaths.problem(output);
    if (problem == null) {
      problem = OutputPaths.clash(output, concat());
    }
    if (problem != null) {
      throw new CommandLine.ParameterException(spec.commandLine(), problem);
    }
    for (Path p : concat()) {
      if (!Files.isRegularFile(p) || !Files.isReadable(p)) {
        throw new CommandLine.ParameterException(spec.commandLine(), "cannot read " + p);
      }
    }
    RunInput run;
    try {
      run = RunInput.read(json, hlogs, false);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    // after the inputs are checked (bad input leaves the directory as it was), before rendering
    try (ResultOutputs outputs = ResultOutputs.reserve(output)) {
      byte[] html = HtmlReport.render(List.of(run)).getBytes(StandardCharsets.UTF_8);
      outputs.write(output, out -> out.write(html));
    }
    return ExitCode.OK;
  }

  private List<Path> concat() {
    ArrayList<Path> all = new ArrayList<>(hlogs);
    all.add(0, json);
    return all;
  }
}
