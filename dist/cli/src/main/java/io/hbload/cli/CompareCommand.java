package io.hbload.cli;

import io.hbload.cli.contract.ExitCode;
import io.hbload.core.config.OutputPaths;
import io.hbload.core.export.ResultOutputs;
import io.hbload.report.ResultDocument;
import io.hbload.report.compare.Comparer;
import io.hbload.report.compare.ComparisonHtml;
import io.hbload.report.compare.ComparisonReport;
import io.hbload.report.compare.Side;
import io.hbload.report.compare.SideReader;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code hbload compare A B}: per operation, B's figures against A's with a 95 % interval for the
 * ratio and a verdict; exit 1 with {@code --fail-if-slower PCT} when B is slower than A by more
 * than PCT with 95 % confidence.
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    versionProvider = HbloadCommand.VersionProvider.class,
    description = {
      "Compare two results: throughput and latency percentiles side by side, the ratio B/A with its 95 %%"
          + " confidence interval and a verdict (faster, slower, or no difference this data can detect).",
      "A side is a run's --json (its --hlog beside it or named in it), a suite's --out directory (its kept"
          + " rounds) or a dfsio --json; several, comma-separated, are its rounds."
    })
final class CompareCommand implements Callable<Integer> {
  @Spec CommandLine.Model.CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "A",
      description = "The baseline: FILE.json, SUITE-DIR or a,b,c")
  String a;

  @Parameters(index = "1", paramLabel = "B", description = "The candidate, compared against A")
  String b;

  @Option(names = "--json", paramLabel = "FILE", description = "Also write the comparison as JSON")
  Path json;

  @Option(
      names = "--html",
      paramLabel = "FILE",
      description =
          "Also write an offline HTML page: the spectra of A and B with their bands, throughput, the table")
  Path html;

  @Option(
      names = "--fail-if-slower",
      paramLabel = "PCT",
      description =
          "Exit 1 when B is slower than A by more than PCT percent with 95 %% confidence (any figure)")
  Double failIfSlower;

  @Option(
      names = "--force",
      description =
          "Compare sides that are not comparable (other workload, record count,"
              + " operation mix), listing the differences")
  boolean force;

  @Option(
      names = "--seed",
      defaultValue = "1",
      description = "The bootstrap's seed (default: ${DEFAULT-VALUE})")
  long seed;

  @Option(
      names = "--resamples",
      defaultValue = "2000",
      description = "Bootstrap resamples, 200 to 100000 (default: ${DEFAULT-VALUE})")
  int resamples;

  @Override
  public Integer call() throws IOException {
    if (resamples < 200 || resamples > 100_000) {
      throw bad("--resamples must be 200 to 100000, not " + resamples);
    }
    if (failIfSlower != null && !(failIfSlower >= 0 && failIfSlower < 100)) {
      throw bad("--fail-if-slower must be a percentage from 0 to below 100, not " + failIfSlower);
    }
    List<Path> inputsA = paths(a);
    List<Path> inputsB = paths(b);
    List<Path> outputs = new ArrayList<>();
    for (Path p : new Path[] {json, html}) {
      if (p != null) {
        outputs.add(p);
      }
    }
    if (json != null && html != null && OutputPaths.same(json, html)) {
      throw bad("--json and --html name the same file " + json);
    }
    for (Path out : outputs) {
      List<Path> all = new ArrayList<>(inputsA);
      all.addAll(inputsB);
      checkOutput(out, all, false);
    }
    Side sa = SideReader.read(a, inputsA);
    Side sb = SideReader.read(b, inputsB);
    for (Path out : outputs) { // the logs found beside the JSON files are inputs too
      List<Path> all = new ArrayList<>(sa.inputs());
      all.addAll(sb.inputs());
      checkOutput(out, all, true);
    }
    ComparisonReport report;
    try (ResultOutputs files = ResultOutputs.reserve(json, html)) {
      report =
          Comparer.compare(sa, sb, new Comparer.Settings(seed, resamples, force, html != null));
      PrintWriter out = spec.commandLine().getOut();
      out.print(report.text());
      out.flush();
      if (json != null) {
        byte[] bytes = report.json();
        files.write(json, o -> o.write(bytes));
      }
      if (html != null) {
        byte[] page = ComparisonHtml.render(report).getBytes(StandardCharsets.UTF_8);
        files.write(html, o -> o.write(page));
      }
    }
    if (failIfSlower != null && report.slowerBeyond(failIfSlower)) {
      spec.commandLine()
          .getErr()
          .println(
              "hbload compare: B is slower than A by more than "
                  + failIfSlower
                  + "% with 95 % confidence");
      return ExitCode.FAILURE;
    }
    return ExitCode.OK;
  }

  private List<Path> paths(String side) {
    List<Path> out = new ArrayList<>();
    for (String p : Arrays.asList(side.split(","))) {
      if (p.isBlank()) {
        throw bad("an empty path in '" + side + "'");
      }
      Path path = Path.of(p);
      if (!Files.isReadable(path)) {
        throw bad("cannot read " + path);
      }
      out.add(path);
    }
    return out;
  }

  /**
   * The writers' rules: a writable place, never one of the inputs, never a file hbload did not
   * write. Checked before the sides are read (a bad path fails at once) and again once the logs
   * found beside them are known inputs too.
   */
  private void checkOutput(Path target, List<Path> inputs, boolean inputsComplete)
      throws IOException {
    String problem = OutputPaths.problem(target);
    if (problem == null) {
      problem = OutputPaths.clash(target, inputs);
    }
    if (problem == null
        && inputsComplete
        && Files.isRegularFile(target)
        && !writtenByCompare(target)) {
      problem =
          "cannot write "
              + target
              + ": it exists and is not a comparison hbload wrote; remove it or name"
              + " another file";
    }
    if (problem != null) {
      throw bad(problem);
    }
  }

  private static boolean writtenByCompare(Path target) throws IOException {
    if (target
        .getFileName()
        .toString()
        .matches(".*\\.html?$")) { // the page names its command in its title
      try (BufferedReader r = Files.newBufferedReader(target, StandardCharsets.UTF_8)) {
        char[] head = new char[512];
        int n = r.read(head);
        return n > 0 && new String(head, 0, n).contains("<title>hbload compare: ");
      } catch (CharacterCodingException e) {
        return false;
      }
    }
    try {
      return ResultDocument.readTree(target).path("command").asText().equals("compare");
    } catch (RuntimeException e) { // not JSON, too large: not ours
      return false;
    }
  }

  private CommandLine.ParameterException bad(String message) {
    return new CommandLine.ParameterException(spec.commandLine(), message);
  }
}
