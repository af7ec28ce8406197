package io.hbload.cli;

import io.hbload.cli.contract.ExitCode;
import io.hbload.core.config.OutputPaths;
import io.hbload.core.config.OutputTarget;
import io.hbload.core.export.ResultOutputs;
import io.hbload.report.ResultDocument;
import io.hbload.report.compare.Calibration;
import io.hbload.report.compare.Comparer;
import io.hbload.report.compare.ComparisonHtml;
import io.hbload.report.compare.ComparisonReport;
import io.hbload.report.compare.FigureSelection;
import io.hbload.report.compare.Side;
import io.hbload.report.compare.SideReader;
import io.hbload.report.compare.Verdict;
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
 * ratio and a verdict, and one verdict above them; with {@code --fail-if-slower PCT}, a CI gate:
 * exit 1 when B is slower than A by more than PCT with 95 % confidence (family-wise over the gated
 * figures), exit 3 when it cannot judge what it gates (a gate that passed blind would read as a
 * pass).
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
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:completed; with --fail-if-slower: every gated figure judged, none slower beyond PCT",
      "1:--fail-if-slower: B is slower than A by more than PCT (95 %%, over all gated figures);"
          + " or an internal error",
      "2:bad input: usage, options, files, sides that are not comparable, an input twice on a"
          + " side, an unknown --gate figure",
      "3:--fail-if-slower cannot judge: a gated figure has no interval (too few intervals,"
          + " rounds or latencies) and none was found slower; the line names each",
      "130:interrupted"
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

  @Option(
      names = "--json",
      paramLabel = "FILE",
      description = "Also write the comparison as JSON. " + OutputTarget.SPECIAL_FILES)
  Path json;

  @Option(
      names = "--html",
      paramLabel = "FILE",
      description =
          "Also write an offline HTML page: the spectra of A and B with their bands, throughput, the table. "
              + OutputTarget.SPECIAL_FILES)
  Path html;

  @Option(
      names = "--fail-if-slower",
      paramLabel = "PCT",
      converter = Percent.class,
      description =
          "Exit 1 when B is slower than A by more than PCT percent with 95 %% confidence on any gated"
              + " figure (Holm-corrected over them); exit 3 when a gated figure cannot be judged")
  Double failIfSlower;

  /**
   * A percentage as people write it, {@code 5} or {@code 5%}: a CI script's {@code --fail-if-slower
   * 5%} was refused as not a number.
   */
  static final class Percent implements CommandLine.ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
      String v = value.strip();
      try {
        return Double.valueOf(v.endsWith("%") ? v.substring(0, v.length() - 1).strip() : v);
      } catch (NumberFormatException e) {
        throw new CommandLine.TypeConversionException(
            "'" + value + "' is not a percentage (e.g. 10 or 10%)");
      }
    }
  }

  @Option(
      names = "--detect",
      paramLabel = "PCT",
      converter = Percent.class,
      description =
          "With rounds on both sides: say how many rounds a side each judged figure would need to"
              + " see a PCT percent difference (default: the --fail-if-slower threshold)")
  Double detect;

  @Option(
      names = "--calibrate",
      paramLabel = "DUET-DIR",
      description =
          "Measure this comparison's false-positive rate on an A/A duet of your own set-up (a"
              + " suite --side a=F --side b=F directory, the same F twice):"
              + " its pairs of rounds are re-split "
              + Calibration.RESPLITS
              + " times and each compared alike; the rate is printed beside the verdict")
  Path calibrate;

  @Option(
      names = "--gate",
      paramLabel = "FIGURES",
      description =
          "The figures the verdict and --fail-if-slower judge (default: all), comma-separated:"
              + " throughput, p50, p90, p99, p99.9, p99.99, intended.p99, ... (every operation) or"
              + " READ.p99 (one), a:READ.p99 in a suite of several workloads; dfsio: avgIoRate,"
              + " throughput, aggregate")
  String gate;

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
    if (detect != null && !(detect > 0 && detect < 1000)) {
      throw bad("--detect must be a percentage above 0 and below 1000, not " + detect);
    }
    FigureSelection figures = gate == null ? FigureSelection.ALL : FigureSelection.parse(gate);
    List<Path> inputsA = paths("A", a);
    List<Path> inputsB = paths("B", b);
    List<Path> outputs = new ArrayList<>();
    for (Path p : new Path[] {json, html}) {
      if (p != null) {
        outputs.add(p);
      }
    }
    if (json != null && html != null && OutputPaths.same(json, html)) {
      throw bad("--json and --html name the same file " + json);
    }
    List<Path> duet = calibrate == null ? List.of() : duetSides(calibrate);
    for (Path out : outputs) {
      List<Path> all = new ArrayList<>(inputsA);
      all.addAll(inputsB);
      all.addAll(duet);
      checkOutput(out, all, false);
    }
    Side sa = SideReader.read(a, inputsA);
    Side sb = SideReader.read(b, inputsB);
    once("A", sa.inputs()); // a suite and one of its rounds, or two JSONs naming one log
    once("B", sb.inputs());
    for (Path out : outputs) { // the logs found beside the JSON files are inputs too
      List<Path> all = new ArrayList<>(sa.inputs());
      all.addAll(sb.inputs());
      checkOutput(out, all, true);
    }
    // computed before the outputs are reserved: what only the comparison can refuse (sides not
    // comparable, a --gate name that matches none of its figures) leaves the directory untouched,
    // and the comparison takes seconds, so a file system that refuses the files is still found
    // before anything is printed
    Comparer.Settings settings =
        new Comparer.Settings(
            seed,
            resamples,
            force,
            html != null,
            figures,
            failIfSlower,
            detect != null ? detect : failIfSlower);
    ComparisonReport report = Comparer.compare(sa, sb, settings);
    if (calibrate != null) {
      Side ca = SideReader.read(duet.get(0).toString(), List.of(duet.get(0)));
      Side cb = SideReader.read(duet.get(1).toString(), List.of(duet.get(1)));
      report = report.withCalibration(Calibration.of(calibrate.toString(), ca, cb, settings));
    }
    try (ResultOutputs files = ResultOutputs.reserve(json, html)) {
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
    return gateExit(report.gate());
  }

  /** An A/A duet's two sides, {@code DIR/a} and {@code DIR/b}: both suite directories. */
  private List<Path> duetSides(Path dir) {
    List<Path> out = new ArrayList<>();
    for (String side : List.of("a", "b")) {
      Path p = dir.resolve(side);
      if (!Files.isDirectory(p)) {
        throw bad(
            "--calibrate "
                + dir
                + ": no "
                + side
                + "/ in it: give the directory of an A/A duet (hbload suite --side a=F --side b=F"
                + " --out DIR, the same F twice)");
      }
      out.add(p);
    }
    return out;
  }

  /** The gate's exit code, with its one line on stderr when it did not pass. */
  private int gateExit(Verdict verdict) {
    if (verdict == null) {
      return ExitCode.OK;
    }
    int exit =
        switch (verdict.outcome()) {
          case SLOWER -> ExitCode.FAILURE;
          case CANNOT_JUDGE -> ExitCode.CANNOT_JUDGE;
          case FASTER, NO_DETECTABLE_DIFFERENCE -> ExitCode.OK;
        };
    if (exit != ExitCode.OK) {
      PrintWriter err = spec.commandLine().getErr();
      err.println("hbload compare: " + verdict.line());
      err.flush();
    }
    return exit;
  }

  private List<Path> paths(String label, String side) {
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
    once(label, out);
    return out;
  }

  /**
   * Refuses a side that reads one file twice (by any name or link): the same run counted as two
   * rounds would narrow the interval with no new data.
   */
  private void once(String label, List<Path> inputs) {
    for (int i = 0; i < inputs.size(); i++) {
      for (int j = 0; j < i; j++) {
        if (OutputPaths.same(inputs.get(i), inputs.get(j))) {
          throw bad(
              label
                  + " reads "
                  + inputs.get(j)
                  + (inputs.get(i).equals(inputs.get(j)) ? "" : " (also as " + inputs.get(i) + ")")
                  + " twice: the same input is not two rounds; name each round once");
        }
      }
    }
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
