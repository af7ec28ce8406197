package io.hbload.cli;

import io.hbload.cli.contract.ExitCode;
import io.hbload.core.RunResult;
import io.hbload.core.export.JsonResult;
import io.hbload.core.export.ReportWriter;
import io.hbload.core.export.YcsbReport;
import io.hbload.core.merge.HlogMerge;
import io.hbload.core.merge.MergedRun;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code hbload merge}: the shards of a many-client run ({@code --shard I/N} on several hosts, or
 * {@code hbload mapreduce}) put back together from their {@code .hlog}s and reported as one run. Exit 1 when
 * shards are missing (the report is printed and marked partial), 2 when the files cannot belong to one run.
 */
@Command(name = "merge", mixinStandardHelpOptions = true,
    description = {"Merge the .hlog files of a sharded run (--shard I/N) into one YCSB report, losslessly:",
        "histograms are summed, never percentiles averaged; throughput is over the union of the shards' windows."})
public final class MergeCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "FILE.hlog", description = "The shards' logs (written with --hlog)")
  List<Path> hlogs;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the report here instead of stdout")
  Path output;

  @Option(names = "--json", paramLabel = "FILE", description = "Write the merged run's JSON result here")
  Path json;

  @Option(names = "--hlog", paramLabel = "FILE", description = "Write the merged per-interval log here")
  Path hlog;

  @Override
  public Integer call() throws IOException {
    MergedRun merged = HlogMerge.merge(hlogs);
    PrintWriter err = spec.commandLine().getErr();
    write(merged, PhaseCommand.WriterStream.printStream(spec.commandLine().getOut()), output, json, hlog);
    if (merged.result().stopReason() != null) {
      err.println(spec.qualifiedName(" ") + ": " + merged.result().stopReason());
      err.flush();
    }
    return merged.partial() ? ExitCode.FAILURE : ExitCode.OK;
  }

  /** The merged run's outputs, as a single-host run writes them: YCSB's report, and the JSON and log if asked. */
  public static void write(MergedRun merged, PrintStream out, Path reportFile, Path jsonFile, Path hlogFile)
      throws IOException {
    RunResult r = merged.result();
    if (reportFile != null) {
      try (PrintStream file = new PrintStream(Files.newOutputStream(reportFile), true, StandardCharsets.UTF_8)) {
        ReportWriter.write(YcsbReport.records(r), r.spec().exporter(), file);
      }
    } else {
      ReportWriter.write(YcsbReport.records(r), r.spec().exporter(), out);
    }
    if (jsonFile != null) {
      Files.writeString(jsonFile, JsonResult.render(r) + System.lineSeparator());
    }
    if (hlogFile != null) {
      merged.writeHlog(hlogFile);
    }
  }
}
