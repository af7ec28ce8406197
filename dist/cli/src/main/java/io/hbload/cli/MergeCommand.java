package io.hbload.cli;

import io.hbload.cli.contract.ExitCode;
import io.hbload.core.config.OutputPaths;
import io.hbload.core.config.OutputTarget;
import io.hbload.core.export.JsonResult;
import io.hbload.core.export.ReportWriter;
import io.hbload.core.export.ResultOutputs;
import io.hbload.core.export.YcsbReport;
import io.hbload.core.merge.HlogMerge;
import io.hbload.core.merge.MergedRun;
import io.hbload.core.result.RunResult;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code hbload merge}: the shards of a many-client run ({@code --shard I/N} on several hosts, or
 * {@code hbload mapreduce}) put back together from their {@code .hlog}s and reported as one run.
 * Exit 1 when shards are missing (the report is printed and marked partial), 2 when the files
 * cannot belong to one run.
 */
@Command(
    name = "merge",
    mixinStandardHelpOptions = true,
    description = {
      "Merge the .hlog files of a sharded run (--shard I/N) into one YCSB report, losslessly:",
      "histograms are summed, never percentiles averaged; throughput is over the union of the shards' windows."
    })
public final class MergeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "FILE.hlog",
      description = "The shards' logs (written with --hlog)")
  List<Path> hlogs;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description = "Write the report here instead of stdout. " + OutputTarget.SPECIAL_FILES)
  Path output;

  @Option(
      names = "--json",
      paramLabel = "FILE",
      description = "Write the merged run's JSON result here. " + OutputTarget.SPECIAL_FILES)
  Path json;

  @Option(
      names = "--hlog",
      paramLabel = "FILE",
      description = "Write the merged per-interval log here. " + OutputTarget.SPECIAL_FILES)
  Path hlog;

  @Override
  public Integer call() throws IOException {
    checkWritable("--output", output);
    checkWritable("--json", json);
    checkWritable("--hlog", hlog);
    // the logs are read and checked first: bad input leaves the directory as it was
    MergedRun merged = HlogMerge.merge(hlogs);
    try (ResultOutputs files = ResultOutputs.reserve(output, json, hlog)) {
      write(
          merged,
          PhaseCommand.WriterStream.printStream(spec.commandLine().getOut()),
          files,
          output,
          json,
          hlog);
    }
    PrintWriter err = spec.commandLine().getErr();
    if (merged.result().stopReason() != null) {
      err.println(spec.qualifiedName(" ") + ": " + merged.result().stopReason());
      err.flush();
    }
    return merged.partial() ? ExitCode.FAILURE : ExitCode.OK;
  }

  /**
   * An output that cannot be written, or that is one of the logs read, is bad input, found before
   * the merge rather than after it.
   */
  private void checkWritable(String option, Path file) {
    String problem = file == null ? null : OutputPaths.problem(file);
    if (problem == null && file != null) {
      problem = OutputPaths.clash(file, hlogs);
    }
    if (problem != null) {
      throw new ParameterException(spec.commandLine(), option + ": " + problem);
    }
  }

  /**
   * The merged run's outputs, as a single-host run writes them: YCSB's report, and the JSON and log
   * if asked, each through its file reserved in {@code files} before the merge.
   */
  public static void write(
      MergedRun merged,
      PrintStream out,
      ResultOutputs files,
      Path reportFile,
      Path jsonFile,
      Path hlogFile)
      throws IOException {
    RunResult r = merged.result();
    if (reportFile != null) {
      files.write(
          reportFile,
          stream -> {
            PrintStream text = new PrintStream(stream, false, StandardCharsets.UTF_8);
            ReportWriter.write(YcsbReport.records(r), r.spec().outputs().format(), text);
            text.flush();
          });
    } else {
      ReportWriter.write(YcsbReport.records(r), r.spec().outputs().format(), out);
    }
    if (jsonFile != null) {
      byte[] json =
          (JsonResult.render(r) + System.lineSeparator()).getBytes(StandardCharsets.UTF_8);
      files.write(jsonFile, stream -> stream.write(json));
    }
    if (hlogFile != null) {
      files.write(hlogFile, merged::writeHlog);
    }
  }
}
