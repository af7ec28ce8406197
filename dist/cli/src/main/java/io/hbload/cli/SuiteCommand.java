package io.hbload.cli;

import io.hbload.cli.suite.DuetDesign;
import io.hbload.cli.suite.SuitePlan;
import io.hbload.cli.suite.SuiteRunner;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyNames;
import io.hbload.core.config.PropertySources;
import io.hbload.core.config.SpecException;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.result.ClientInfo;
import io.hbload.core.spec.RunSpec;
import io.hbload.core.suite.SuiteTableFormat;
import io.hbload.hbase.config.HBaseProperties;
import io.hbload.hbase.config.HBaseSettings;
import io.hbload.observe.MetricsSession;
import io.hbload.observe.RunTags;
import io.hbload.report.SummaryTable;
import io.micrometer.core.instrument.Tags;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hbload suite}: rounds of workloads, warm-up rounds dropped, as one command. Optional load,
 * then rounds x workloads in order, each a time-boxed {@code run} on the same connection set-up;
 * the first rounds are discarded as warm-up and the table is built from the rest. With {@code
 * --side a=FILE --side b=FILE} it is a duet: two configurations whose rounds alternate (ABBA), each
 * side a suite directory of its own for {@code compare}. Every option is checked, and every
 * workload's spec of every side parsed, before anything is written.
 */
@Command(
    name = "suite",
    mixinStandardHelpOptions = true,
    versionProvider = HbloadCommand.VersionProvider.class,
    description = {
      "Run workloads for several rounds, drop the first ones as warm-up, and report the rest as one table:",
      "  hbload suite -w a,c,f,updateonly --rounds 5 --discard 2 --duration 15m --load --out results/",
      "Every run's YCSB report, JSON and hlog, and the table (text, markdown, CSV, JSON) are written to --out.",
      "A duet compares two configurations on a busy machine: --side a=FILE --side b=FILE alternate their rounds"
          + " in ABBA order (a b, b a, a b, ...) into DIR/a and DIR/b, each a suite of its own; then",
      "  hbload compare DIR/a DIR/b",
      "A side's FILE holds its own properties (another cluster's hbase.zookeeper.quorum, a setting, db=...):"
          + " it is read after the -P files and before the command-line settings, so it wins over the common"
          + " files and -p/-db/--zk win over it. A duet is not resumed (--resume) and draws no --html:"
          + " compare --html draws the two sides."
    })
final class SuiteCommand implements Callable<Integer> {
  @Spec CommandSpec commandSpec;

  @Mixin PhaseOptions options = new PhaseOptions();

  @Option(
      names = "--rounds",
      paramLabel = "N",
      description =
          "Rounds: each runs every workload once, in order (default 5; a duet's: "
              + DuetDesign.ROUNDS
              + ")")
  Integer rounds;

  @Option(
      names = "--discard",
      paramLabel = "N",
      description =
          "Leading rounds discarded as warm-up (default 2; a duet's: " + DuetDesign.DISCARD + ")")
  Integer discard;

  @Option(
      names = "--duration",
      paramLabel = "TIME",
      description =
          "Length of each run, e.g. 15m, 30s (default 15m; a duet's: "
              + DuetDesign.SECONDS
              + "s; a duet's rounds warm up for "
              + DuetDesign.WARMUP_SECONDS
              + "s first unless -p hbload.warmup says otherwise)")
  Duration duration;

  @Option(
      names = "--load",
      description = "Load the records first (with --wait-for-compactions: then wait for them)")
  boolean load;

  @Option(names = "--flush-before-each", description = "HBase: flush the table before each run")
  boolean flushBeforeEach;

  @Mixin HtmlOption html = new HtmlOption();

  @Mixin MetricsOptions metrics = new MetricsOptions();

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "New (or empty) directory for the suite's files")
  Path out;

  @Option(
      names = "--side",
      paramLabel = "a=FILE|b=FILE",
      description =
          "A duet: give both sides, each a property file layered after the -P files and before the"
              + " command-line settings; their rounds alternate (ABBA) into DIR/a and DIR/b")
  List<String> sides = new ArrayList<>();

  @Option(
      names = "--resume",
      paramLabel = "DIR",
      description = "Continue the interrupted suite in DIR (give the options it was started with)")
  Path resume;

  @Override
  public Integer call() throws Exception {
    List<SuitePlan> plans = plans();
    SuitePlan plan = plans.get(0);
    html.check(commandSpec.commandLine());
    PrintStream err = PhaseCommand.WriterStream.printStream(commandSpec.commandLine().getErr());
    // one registry for the whole suite, served (or pushed) across its runs; each run's meters
    // tagged with its round (and a duet's with its side)
    Optional<MetricsSession> watch =
        metrics.open(
            commandSpec.commandLine(),
            new RunTags(
                String.join(",", plan.workloads()), binding(plans), 0, ClientInfo.localHost()),
            err);
    try {
      SuiteRunner runner =
          new SuiteRunner(
              plans,
              out != null ? out : resume,
              err,
              PhaseCommand.WriterStream.printStream(commandSpec.commandLine().getOut()),
              (side, round, workload) ->
                  watch
                      .map(m -> List.of(m.listener(stepTags(side, round, workload))))
                      .orElse(List.of()),
              HbloadCommand.clock(commandSpec));
      watch.ifPresent(m -> m.runMeters().inFlight(runner::inFlight));
      int code = runner.execute();
      if (html.requested()) {
        html.writeRounds(
            plan,
            runner
                .table()
                .map(
                    t ->
                        new SummaryTable(
                            SuiteTableFormat.title(t),
                            SuiteTableFormat.cells(t),
                            SuiteTableFormat.LEGEND)));
      }
      return code;
    } finally {
      // after the table: the last run's final values are in
      watch.ifPresent(MetricsSession::close);
      html.close();
    }
  }

  private static Tags stepTags(String side, int round, String workload) {
    Tags tags = Tags.of("round", Integer.toString(round), "workload", workload);
    return side == null ? tags : tags.and("side", side);
  }

  /** The bindings of the suite's runs, a duet's two when its sides differ. */
  private static String binding(List<SuitePlan> plans) {
    return String.join(
        ",",
        plans.stream()
            .map(
                p ->
                    SpecParser.parse(p.runProperties().values().iterator().next(), Phase.RUN)
                        .binding()
                        .name())
            .distinct()
            .toList());
  }

  /** The suite's plan, or a duet's two (side a, then b), every option and spec checked. */
  private List<SuitePlan> plans() {
    Map<String, Path> duet = sides();
    if (duet.isEmpty()) {
      return List.of(plan(null, null));
    }
    if (resume != null) {
      throw new SpecException(
          "--resume does not continue a duet (--side): start it again with --out NEW-DIR");
    }
    List<SuitePlan> plans = new ArrayList<>();
    duet.forEach((name, file) -> plans.add(plan(name, file)));
    if (html.requested()) {
      throw new SpecException(
          "--html draws one suite: for a duet, draw its two sides with hbload compare "
              + plans.get(0).dir()
              + " "
              + plans.get(1).dir()
              + " --html FILE");
    }
    return plans;
  }

  /**
   * The {@code --side} files by side, a then b, each read as a property file; empty without {@code
   * --side}.
   */
  private Map<String, Path> sides() {
    Map<String, Path> files = new LinkedHashMap<>();
    for (String s : sides) {
      int eq = s.indexOf('=');
      if (eq < 0) {
        throw new SpecException("--side " + s + ": expected a=FILE or b=FILE");
      }
      String name = s.substring(0, eq).trim();
      String file = s.substring(eq + 1);
      if (!name.equals("a") && !name.equals("b")) {
        throw new SpecException("--side " + s + ": the sides are a and b, not '" + name + "'");
      }
      if (file.isBlank()) {
        throw new SpecException("--side " + s + ": no file after '='");
      }
      if (files.containsKey(name)) {
        throw new SpecException("--side " + s + ": side " + name + " is given twice");
      }
      Path path = Path.of(file);
      if (!Files.isRegularFile(path)) {
        throw new SpecException("--side " + s + ": no such file");
      }
      try {
        new PropertySources().file(path);
      } catch (SpecException e) {
        throw new SpecException("--side " + name + ": " + e.getMessage());
      }
      files.put(name, path);
    }
    if (files.size() == 1) {
      throw new SpecException(
          "--side: a duet has two sides: give --side a=FILE and --side b=FILE (only "
              + files.keySet().iterator().next()
              + " given)");
    }
    Map<String, Path> ordered = new LinkedHashMap<>();
    for (String name : List.of("a", "b")) {
      if (files.containsKey(name)) {
        ordered.put(name, files.get(name));
      }
    }
    return ordered;
  }

  /**
   * The plan of the suite, or of a duet's {@code side} with its {@code sideFile} layered after the
   * {@code -P} files (both null for a plain suite).
   */
  private SuitePlan plan(String side, Path sideFile) {
    if ((out == null) == (resume == null)) {
      throw new SpecException(
          out == null
              ? "give --out DIR for a new suite, or --resume DIR to continue one"
              : "give --out DIR or --resume DIR, not both");
    }
    boolean duet = side != null;
    int rounds = this.rounds != null ? this.rounds : duet ? DuetDesign.ROUNDS : 5;
    int discard = this.discard != null ? this.discard : duet ? DuetDesign.DISCARD : 2;
    Duration duration =
        this.duration != null
            ? this.duration
            : duet ? Duration.ofSeconds(DuetDesign.SECONDS) : Duration.ofMinutes(15);
    if (rounds < 1 || discard < 0 || rounds <= discard) {
      throw new SpecException(
          "--rounds ("
              + rounds
              + ") must be more than --discard ("
              + discard
              + "), and --discard"
              + " at least 0: the table is built from the rounds after the discarded ones");
    }
    if (duration.compareTo(Duration.ofSeconds(1)) < 0 || duration.toNanos() % 1_000_000_000L != 0) {
      throw new SpecException(
          "--duration must be whole seconds, at least 1s: got "
              + duration.toString().substring(2).toLowerCase(Locale.ROOT));
    }
    if (options.client.json != null
        || options.client.hlog != null
        || options.shard != null
        || options.startAt != null) {
      throw new SpecException(
          "--json, --hlog, --shard and --start-at are per run: the suite writes each run's"
              + " report, JSON and hlog into its directory");
    }
    List<String> workloads = workloads();
    Map<String, Map<String, String>> runProps = new LinkedHashMap<>();
    boolean embedded = false;
    for (String w : workloads) {
      Map<String, String> p = PhaseOptions.withoutFaults(options.properties(w, sideFile), "suite");
      p.putIfAbsent(PropertyNames.DB, PhaseOptions.defaultBinding());
      if (p.containsKey(PropertyNames.EXPORT_FILE)) {
        throw new SpecException(
            "-p "
                + PropertyNames.EXPORT_FILE
                + " is per run: the suite writes each run's report"
                + " into its directory");
      }
      if (duet) {
        // each round's client starts cold (connection, region locations, its threads), which put
        // 100-170 ms of backlog into every short round's intended p99 on the embedded HBase; a
        // warm-up leaves it out (a -p hbload.warmup given wins)
        p.putIfAbsent(PropertyNames.WARMUP, DuetDesign.WARMUP_SECONDS + "s");
      }
      p.put(PropertyNames.OPERATION_COUNT, "0");
      p.put(PropertyNames.MAX_EXECUTION_TIME, Long.toString(duration.toSeconds()));
      p.remove(
          HBaseProperties
              .WAIT_FOR_COMPACTIONS); // after the load only: the rounds measure the settled table
      if (flushBeforeEach) {
        p.put(HBaseProperties.FLUSH_BEFORE_RUN, "true");
      }
      RunSpec spec =
          SpecParser.parse(p, Phase.RUN); // every problem of every workload, before anything starts
      embedded =
          spec.binding().settings() instanceof HBaseSettings hs && !hs.cluster().configured();
      runProps.put(w, p);
    }
    Map<String, String> loadProps =
        PhaseOptions.withoutFaults(options.properties(workloads.get(0), sideFile), "suite");
    loadProps.putIfAbsent(PropertyNames.DB, PhaseOptions.defaultBinding());
    SpecParser.parse(loadProps, Phase.LOAD);
    Path dir = out != null ? out : resume;
    return new SuitePlan(
        workloads,
        rounds,
        discard,
        duration,
        load,
        side == null ? dir : dir.resolve(side),
        resume != null,
        runProps,
        loadProps,
        embedded,
        side);
  }

  private List<String> workloads() {
    if (options.workload == null || options.workload.isBlank()) {
      throw new SpecException(
          "no workloads: give -w with the bundled workloads to run in order, e.g. -w a,c,f");
    }
    LinkedHashSet<String> names = new LinkedHashSet<>();
    for (String w : options.workload.split(",")) {
      String name = w.trim();
      if (name.isEmpty()) {
        throw new SpecException("-w " + options.workload + ": an empty workload name");
      }
      if (!names.add(name)) {
        throw new SpecException(
            "-w " + options.workload + ": workload " + name + " is given twice");
      }
    }
    if (names.isEmpty()) { // "-w ,": split drops the trailing empty names
      throw new SpecException("-w " + options.workload + ": no workload names");
    }
    return new ArrayList<>(names);
  }
}
