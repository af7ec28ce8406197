package io.hbload.cli;

import io.hbload.cli.suite.SuitePlan;
import io.hbload.core.capacity.CapacityResult;
import io.hbload.core.config.OutputPaths;
import io.hbload.core.config.OutputTarget;
import io.hbload.core.config.Outputs;
import io.hbload.core.config.SpecException;
import io.hbload.core.export.ResultOutputs;
import io.hbload.hdfs.coder.IsalLibrary;
import io.hbload.hdfs.report.RunResult;
import io.hbload.report.DfsioHtmlReport;
import io.hbload.report.FindMaxHtmlReport;
import io.hbload.report.HtmlReport;
import io.hbload.report.ReportCollector;
import io.hbload.report.RunInput;
import io.hbload.report.SummaryTable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code --html FILE}: the offline report of the command's run, written at the end beside the other
 * results. A mixin, so another command that runs phases plugs it in with one line and hands {@link
 * #collector} to its launcher.
 */
public final class HtmlOption {
  @Option(
      names = "--html",
      paramLabel = "FILE",
      description =
          "Write a self-contained offline HTML report (plots of throughput and latency, spectrum, settings). "
              + OutputTarget.SPECIAL_FILES)
  Path file;

  private final ReportCollector collector = new ReportCollector();
  private ResultOutputs reserved;

  boolean requested() {
    return file != null;
  }

  /**
   * Checks before the run that the report can be written (never over a file that is not an hbload
   * page) and creates its temp file, so that it is not lost at the end (bad input, exit 2). {@link
   * #close} removes the temp file when no report was written.
   */
  void check(CommandLine commandLine) {
    String problem = file == null ? null : OutputPaths.problem(file);
    if (problem == null && file != null && Files.isRegularFile(file) && !writtenByHbload(file)) {
      problem =
          "cannot write "
              + file
              + ": it exists and is not a page hbload wrote; remove it or name another file";
    }
    if (problem == null && file != null) {
      try {
        reserved = ResultOutputs.reserve(file);
      } catch (SpecException e) {
        problem = e.getMessage();
      }
    }
    if (problem != null) {
      throw new CommandLine.ParameterException(commandLine, "--html: " + problem);
    }
  }

  /**
   * Refuses a report named as another output of the command ({@code option} names it): one of the
   * two would be lost.
   */
  private void refuseSameFile(String option, Path other) {
    if (file != null && other != null && OutputPaths.same(file, other)) {
      throw new SpecException(option + " and --html name the same file " + file);
    }
  }

  /** Refuses a report named as one of the phase's own outputs (JSON, hlog, YCSB export). */
  void refuseSameFile(Outputs outputs) {
    refuseSameFile("--json", outputs.jsonFile());
    refuseSameFile("--hlog", outputs.hlogFile());
    refuseSameFile("exportfile", outputs.exportFile());
  }

  /** True when the file starts as every hbload page does: its title names hbload. */
  private static boolean writtenByHbload(Path page) {
    byte[] head = new byte[512];
    try (InputStream in = Files.newInputStream(page)) {
      int n = in.readNBytes(head, 0, head.length);
      return new String(head, 0, n, StandardCharsets.UTF_8).contains("<title>hbload ");
    } catch (IOException e) {
      return false; // unreadable: not replaced either
    }
  }

  /** Removes the report's temp file if it was not written (the run failed before its end). */
  void close() {
    if (reserved != null) {
      reserved.close();
    }
  }

  ReportCollector collector() {
    return collector;
  }

  /** Writes the report of the phase that finished, if one did. */
  void write() throws IOException {
    RunInput input = collector.input(title());
    if (input != null) {
      byte[] html = HtmlReport.render(List.of(input)).getBytes(StandardCharsets.UTF_8);
      reserved.write(file, out -> out.write(html));
    }
  }

  /**
   * A capacity search's report: the throughput-latency curve ({@link FindMaxHtmlReport}), written
   * whether the search ended or was stopped.
   */
  void writeFindMax(CapacityResult result) throws IOException {
    byte[] page = FindMaxHtmlReport.render(title(), result).getBytes(StandardCharsets.UTF_8);
    reserved.write(file, out -> out.write(page));
  }

  /** The page's title: the file's name without {@code .html}. */
  private String title() {
    return file.getFileName().toString().replaceFirst("\\.html?$", "");
  }

  /** dfsio's report: its passes side by side ({@link DfsioHtmlReport}). */
  void writeDfsio(List<RunResult> passes) throws IOException {
    String title = file.getFileName().toString().replaceFirst("\\.html?$", "");
    byte[] page =
        DfsioHtmlReport.render(title, passes, IsalLibrary.status())
            .getBytes(StandardCharsets.UTF_8);
    reserved.write(file, out -> out.write(page));
  }

  /**
   * A suite's report: every finished round's run (its JSON and hlog in the suite's directory) side
   * by side, the discarded warm-up rounds greyed out.
   */
  void writeRounds(SuitePlan plan, Optional<SummaryTable> summary) throws IOException {
    List<RunInput> runs = new ArrayList<>();
    for (int round = 1; round <= plan.rounds(); round++) {
      for (String w : plan.workloads()) {
        String step = SuitePlan.step(round, w);
        Path json = plan.json(step);
        Path hlog = plan.hlog(step);
        if (Files.isRegularFile(json)) {
          List<Path> logs = Files.isRegularFile(hlog) ? List.of(hlog) : List.of();
          RunInput r = RunInput.read(json, logs, round <= plan.discard());
          runs.add(new RunInput(step, r.discarded(), r.result(), r.intervals()));
        }
      }
    }
    if (!runs.isEmpty()) {
      byte[] page = HtmlReport.render(runs, summary).getBytes(StandardCharsets.UTF_8);
      reserved.write(file, out -> out.write(page));
    }
  }
}
