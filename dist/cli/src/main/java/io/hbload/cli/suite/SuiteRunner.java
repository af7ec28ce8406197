package io.hbload.cli.suite;

import io.hbload.cli.contract.ExitCode;
import io.hbload.cli.contract.InterruptHook;
import io.hbload.core.binding.BindingException;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyNames;
import io.hbload.core.config.SpecException;
import io.hbload.core.exec.RunListener;
import io.hbload.core.export.ResultFile;
import io.hbload.core.export.ResultOutputs;
import io.hbload.core.launch.Launcher;
import io.hbload.core.merge.HlogMerge;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.result.RunResult;
import io.hbload.core.spec.RunSpec;
import io.hbload.core.suite.CacheCounts;
import io.hbload.core.suite.RoundRun;
import io.hbload.core.suite.SuiteAggregator;
import io.hbload.core.suite.SuiteManifest;
import io.hbload.core.suite.SuiteTable;
import io.hbload.core.suite.SuiteTableFormat;
import io.hbload.core.time.Clock;
import io.hbload.hbase.HBaseBindingProvider;
import io.hbload.hbase.cluster.EmbeddedCluster;
import io.hbload.hbase.cluster.EmbeddedOptions;
import io.hbload.hbase.cluster.HBaseCluster;
import io.hbload.hbase.config.HBaseProperties;
import io.hbload.hbase.metrics.BlockCacheSnapshot;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Runs a {@link SuitePlan}, or the two sides of a duet: the load (if asked, or always on an
 * embedded cluster, which starts empty), then rounds x workloads in order, each through the same
 * {@link Launcher} as {@code hbload run}, writing its files into the suite directory and recording
 * it in the manifest; then the table of the kept rounds. A duet's two sides take turns round by
 * round in ABBA order (a b, b a, a b, ...), each into its own suite directory, so that drift on a
 * shared machine falls on both and neither side always runs first. Ctrl-C stops the running step
 * and a failed step stops the suite: what finished is kept and reported, and the missing runs are
 * named (exit 130 or 1); {@code --resume} runs only what the manifest and the files do not already
 * hold. One execution per instance, on the calling thread.
 */
public final class SuiteRunner {
  /** The suite's tables in its directory: text, Markdown, CSV, JSON. */
  static final List<String> TABLES = List.of("suite.txt", "suite.md", "suite.csv", "suite.json");

  private final List<Side> sides;

  /** The directory given with --out or --resume: the suite's own, or the duet's parent of both. */
  private final Path root;

  private boolean createdRoot;
  private final PrintStream err;
  private final PrintStream out;
  private final StepListeners watchers;
  private final Clock clock;
  private volatile Launcher current;

  /**
   * The embedded cluster every embedded side's steps run on, or null: the steps reach the
   * configured one themselves.
   */
  private HBaseCluster cluster;

  private volatile boolean interrupted;
  private int stepsRun;

  /**
   * Who else hears a step's phase besides the status line and the files (the suite's {@code
   * --metrics}).
   */
  @FunctionalInterface
  public interface StepListeners {
    StepListeners NONE = (side, round, workload) -> List.of();

    /**
     * The listeners of the step about to run: {@code side} a duet's side or null, {@code round}
     * 1.., or 0 for the load.
     */
    List<RunListener> of(String side, int round, String workload);
  }

  /** One suite directory and what the runner holds for it while the suite runs. */
  private static final class Side {
    final SuitePlan plan;
    final List<RoundRun> runs = new ArrayList<>();
    SuiteManifest manifest;
    ResultOutputs tables;
    SuiteTable table;
    boolean createdDir;
    boolean createdManifest;

    Side(SuitePlan plan) {
      this.plan = plan;
    }
  }

  public SuiteRunner(SuitePlan plan, PrintStream err, PrintStream out) {
    this(List.of(plan), plan.dir(), err, out, StepListeners.NONE);
  }

  /**
   * @param plans one plan (a suite, {@code root} its directory), or a duet's sides a and b, each a
   *     suite directory inside {@code root}
   */
  public SuiteRunner(
      List<SuitePlan> plans, Path root, PrintStream err, PrintStream out, StepListeners watchers) {
    this(plans, root, err, out, watchers, Clock.system());
  }

  /**
   * @param clock what every run of the suite, and its ETA, read time and wait on (a test's {@code
   *     EventClock} runs a suite in virtual time)
   */
  public SuiteRunner(
      List<SuitePlan> plans,
      Path root,
      PrintStream err,
      PrintStream out,
      StepListeners watchers,
      Clock clock) {
    this.sides = plans.stream().map(Side::new).toList();
    this.root = root;
    this.err = err;
    this.out = out;
    this.watchers = watchers;
    this.clock = clock;
  }

  /** A run's spec, parsed from its properties, on the suite's clock. */
  private RunSpec spec(Map<String, String> properties, Phase phase) {
    return SpecParser.parse(properties, phase).withClock(clock);
  }

  private boolean duet() {
    return sides.size() > 1;
  }

  /**
   * Operations outstanding in the running step, 0 between steps ({@link Launcher#inFlight}); any
   * thread.
   */
  public long inFlight() {
    Launcher l = current;
    return l == null ? 0 : l.inFlight();
  }

  public int execute() throws IOException, BindingException {
    try {
      if (duet()) {
        openRoot();
      }
      for (Side side : sides) {
        side.manifest = openDirectory(side);
        // the tables' temp files now, so that a directory that takes no new file is found before
        // the rounds, not after them
        Path dir = side.plan.dir();
        side.tables = ResultOutputs.reserve(TABLES.stream().map(dir::resolve).toArray(Path[]::new));
      }
    } catch (SpecException e) {
      forgetNewSuite();
      throw e;
    }
    try {
      return rounds();
    } finally {
      sides.forEach(s -> s.tables.close());
    }
  }

  private int rounds() throws IOException, BindingException {
    // Ctrl-C: stop the running step, run no more; the JVM waits (up to a minute) for the table to
    // be written
    try (InterruptHook hook =
        InterruptHook.install(
            () -> {
              interrupted = true;
              Launcher l = current;
              if (l != null) {
                l.requestStop(Launcher.INTERRUPTED);
              }
            })) {
      try {
        Map<String, String> extra = new HashMap<>();
        if (sides.stream().anyMatch(s -> s.plan.embedded())) {
          err.println(
              "hbload suite: no cluster configured: starting one embedded HBase on 127.0.0.1 for every run"
                  + " (numbers from a local, in-process cluster, not a real one)");
          cluster = HBaseCluster.startEmbedded(EmbeddedOptions.of(1));
          EmbeddedCluster embedded = cluster.embedded();
          // recorded in every step's properties; the steps run on the cluster itself (launch), read
          // in-process
          extra.put(HBaseProperties.ZK, embedded.zkQuorum() + ":" + embedded.zkPort());
          // the embedded cluster's data is in the memstore until flushed: reads would never touch
          // the block cache
          extra.put(HBaseProperties.FLUSH_BEFORE_RUN, "true");
        }
        return steps(extra);
      } finally {
        if (cluster != null) {
          cluster.close();
        }
      }
    }
  }

  /**
   * A duet's directory: new or empty (hbload's own temp files aside), made now; its sides'
   * directories are made inside it.
   */
  private void openRoot() throws IOException {
    checkNewDirectory(root);
    createdRoot = !Files.exists(root);
    try {
      Files.createDirectories(root);
    } catch (IOException e) {
      throw new SpecException("--out: cannot write " + root + ": " + ResultFile.cause(e));
    }
  }

  /** A new suite's directory: none yet, or an empty one (hbload's own temp files aside). */
  private static void checkNewDirectory(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    if (!Files.isDirectory(dir)) {
      throw new SpecException("--out " + dir + " is a file, not a directory");
    }
    if (SuiteManifest.isSuite(dir)) {
      throw new SpecException(
          "--out "
              + dir
              + " holds a suite already: continue it with --resume "
              + dir
              + ", or give a new directory");
    }
    try (var entries = Files.list(dir)) {
      // hbload's own temp files (this command's --html reserved inside it) are no one's results
      if (entries.anyMatch(p -> !ResultFile.isTemp(p))) {
        throw new SpecException(
            "--out " + dir + " is not empty and holds no suite: give a new or empty directory");
      }
    }
  }

  /**
   * Creates the directory of a new suite or opens the one to resume; bad input before anything is
   * written.
   */
  private SuiteManifest openDirectory(Side side) throws IOException {
    Path dir = side.plan.dir();
    if (side.plan.resume()) {
      if (!Files.isDirectory(dir) || !SuiteManifest.isSuite(dir)) {
        throw new SpecException(
            "--resume " + dir + ": not a suite directory (no " + SuiteManifest.FILE + ")");
      }
      return SuiteManifest.read(dir, side.plan.description());
    }
    checkNewDirectory(dir);
    side.createdDir = !Files.exists(dir);
    // Before any round: a directory that cannot be made, or a manifest that cannot be written (a
    // read-only or full file system), is a path found unusable before the work, and the new
    // suite leaves nothing behind.
    try {
      Files.createDirectories(dir);
      SuiteManifest manifest = SuiteManifest.create(dir, side.plan.description());
      side.createdManifest = true;
      return manifest;
    } catch (IOException e) {
      String cause =
          e.getMessage() != null && e.getMessage().startsWith("cannot write ")
              ? e.getMessage()
              : "cannot write " + dir + ": " + ResultFile.cause(e);
      throw new SpecException("--out: " + cause);
    }
  }

  /**
   * The sides in the order they run in {@code round}: a duet's in ABBA order (a b, b a, a b, ...),
   * so that each side runs first in half the rounds and the pairs of adjacent runs share their
   * moment of the machine.
   */
  static <T> List<T> turn(List<T> sides, int round) {
    if (round % 2 == 1) {
      return sides;
    }
    List<T> reversed = new ArrayList<>(sides);
    Collections.reverse(reversed);
    return reversed;
  }

  private int steps(Map<String, String> extra) throws IOException, BindingException {
    String failure = null;
    int loads = 0;
    int pending = 0;
    for (Side side : sides) {
      loads += mustLoad(side) ? 1 : 0;
      for (int round = 1; round <= side.plan.rounds(); round++) {
        for (String w : side.plan.workloads()) {
          pending += side.manifest.done(round, w) && filesPresent(side, round, w) ? 0 : 1;
        }
      }
    }
    SuitePlan first = sides.get(0).plan;
    SuiteEta eta = new SuiteEta(loads, pending, first.duration(), clock::nanoTime);
    for (Side side : sides) {
      if (failure != null || interrupted || !mustLoad(side)) {
        continue;
      }
      if (side.plan.embedded() && !side.plan.load()) {
        err.println(
            "hbload suite: "
                + sideName(side)
                + "the embedded cluster starts empty: loading the records first");
      }
      Map<String, String> p = withFiles(side, side.plan.loadProperties(), "load", extra);
      err.println(eta.starting(false));
      Launcher.Outcome o =
          launch(
              side, spec(p, Phase.LOAD), side.plan.label("load"), 0, side.plan.workloads().get(0));
      eta.finished();
      failure = failure(o);
      if (failure == null) {
        side.manifest.markLoaded();
      }
    }
    int total = first.rounds() * first.workloads().size() * sides.size();
    int n = 0;
    outer:
    for (int round = 1; round <= first.rounds(); round++) {
      for (Side side : turn(sides, round)) {
        for (String w : first.workloads()) {
          n++;
          if (failure != null || interrupted) {
            break outer;
          }
          failure = step(side, round, w, n, total, eta, extra);
        }
      }
    }
    return finish(failure);
  }

  /** Runs one step of one side (or reads it back when resumed); why it does not count, or null. */
  private String step(
      Side side, int round, String w, int n, int total, SuiteEta eta, Map<String, String> extra)
      throws IOException, BindingException {
    SuitePlan plan = side.plan;
    String step = SuitePlan.step(round, w);
    if (side.manifest.done(round, w)) {
      if (filesPresent(side, round, w)) {
        err.println(
            "hbload suite: "
                + plan.label(step)
                + " finished before (resumed): reading "
                + plan.hlog(step).getFileName());
        side.runs.add(
            RoundRun.of(
                w,
                round,
                HlogMerge.merge(List.of(plan.hlog(step))).result(),
                side.manifest.cache(round, w)));
        return null;
      }
      err.println(
          "hbload suite: "
              + plan.label(step)
              + " is in the manifest but its files are not all there: running it again");
      side.manifest.forget(round, w);
    }
    err.printf(
        Locale.ROOT,
        "hbload suite: round %d of %d, %sworkload %s (run %d of %d)%s%n",
        round,
        plan.rounds(),
        sideName(side),
        w,
        n,
        total,
        round <= plan.discard() ? ", warm-up round: discarded" : "");
    err.println(eta.starting(true));
    Launcher.Outcome o =
        launch(
            side,
            spec(withFiles(side, plan.runProperties().get(w), step, extra), Phase.RUN),
            plan.label(step),
            round,
            w);
    eta.finished();
    String failure = failure(o);
    if (failure == null) {
      CacheCounts cache = cache(o.result());
      side.manifest.markDone(round, w, cache);
      RoundRun r = RoundRun.of(w, round, o.result(), cache);
      side.runs.add(r);
      err.printf(
          Locale.ROOT,
          "hbload suite: %s done: %,d operations, %,.0f ops/s, block-cache hit ratio %s%n",
          plan.label(step),
          r.operations(),
          r.throughputOpsPerSec(),
          cache == null
              ? "unavailable"
              : pct(cache.hitRatio())
                  + " (L1 "
                  + pct(cache.l1HitRatio())
                  + ", L2 "
                  + pct(cache.l2HitRatio())
                  + ")");
    }
    return failure;
  }

  private boolean mustLoad(Side side) {
    return side.plan.load() && !side.manifest.loaded() || side.plan.embedded();
  }

  /** {@code "side a, "} in a duet's lines, nothing in a plain suite's. */
  private static String sideName(Side side) {
    return side.plan.side() == null ? "" : "side " + side.plan.side() + ", ";
  }

  /**
   * The table of the kept rounds once the suite has finished (or stopped), for the HTML report; a
   * plain suite's (a duet's sides are drawn by {@code compare --html}).
   */
  public Optional<SuiteTable> table() {
    return Optional.ofNullable(sides.get(0).table);
  }

  private int finish(String failure) throws IOException {
    List<String> missing = new ArrayList<>();
    for (Side side : sides) {
      SuitePlan plan = side.plan;
      SuiteTable table =
          SuiteAggregator.aggregate(plan.workloads(), plan.rounds(), plan.discard(), side.runs);
      side.table = table;
      write(side, TABLES.get(0), SuiteTableFormat.text(table));
      write(side, TABLES.get(1), SuiteTableFormat.markdown(table));
      write(side, TABLES.get(2), SuiteTableFormat.csv(table));
      write(side, TABLES.get(3), SuiteTableFormat.json(table) + System.lineSeparator());
      if (duet()) {
        out.println("side " + plan.side() + " (" + plan.dir() + "):");
      }
      out.print(SuiteTableFormat.text(table));
      for (int round = 1; round <= plan.rounds(); round++) {
        for (String w : plan.workloads()) {
          int r = round;
          if (side.runs.stream().noneMatch(x -> x.round() == r && x.workload().equals(w))) {
            missing.add(plan.label(SuitePlan.step(round, w)));
          }
        }
      }
    }
    out.flush();
    if (missing.isEmpty()) {
      err.println(
          duet()
              ? "hbload suite: done; each side's table and runs are in "
                  + sides.get(0).plan.dir()
                  + " and "
                  + sides.get(1).plan.dir()
                  + "; compare them with: hbload compare "
                  + sides.get(0).plan.dir()
                  + " "
                  + sides.get(1).plan.dir()
              : "hbload suite: done; the table and every run's files are in " + root);
      return ExitCode.OK;
    }
    String why = interrupted ? "interrupted" : "stopped: " + failure;
    err.println(
        "hbload suite: "
            + why
            + "; missing "
            + missing.size()
            + " run(s): "
            + String.join(", ", missing)
            + "; what finished is in "
            + root
            + (duet()
                ? "; a duet is not resumed: start it again with a new --out"
                : "; continue with --resume " + root));
    return interrupted ? ExitCode.INTERRUPTED : ExitCode.FAILURE;
  }

  private Launcher.Outcome launch(Side side, RunSpec spec, String step, int round, String workload)
      throws IOException, BindingException {
    if (cluster != null
        && side.plan.embedded()
        && spec.binding().provider() instanceof HBaseBindingProvider) {
      // every embedded side's steps on the suite's one embedded cluster
      spec = spec.withBinding(spec.binding().withProvider(HBaseBindingProvider.on(cluster)));
    }
    Launcher launcher =
        new Launcher(spec, err, null, watchers.of(side.plan.side(), round, workload));
    current = launcher;
    if (interrupted) {
      launcher.requestStop(Launcher.INTERRUPTED);
    }
    try {
      Launcher.Outcome o = launcher.launch();
      stepsRun++;
      return o;
    } catch (BindingException e) {
      if (stepsRun == 0 && !side.plan.resume()) {
        // the cluster cannot be reached or the table is not there: bad input, and the new suite
        // leaves nothing behind
        forgetNewSuite();
        throw e;
      }
      throw new IOException(step + ": " + e.getMessage(), e);
    } finally {
      current = null;
    }
  }

  /**
   * Why a step does not count (null when it does): a failed worker, Ctrl-C, a load cut short,
   * errors.
   */
  private String failure(Launcher.Outcome o) {
    if (o.workerFailed()) {
      return "a run failed: " + o.result().stopReason();
    }
    if (o.interrupted() || interrupted) {
      return "interrupted";
    }
    if (!o.result().completed()) {
      return o.result().spec().phase().name().toLowerCase(Locale.ROOT)
          + " incomplete: "
          + o.result().stopReason();
    }
    if (o.failedOnErrors()) {
      return o.result().errorCount() + " operations failed (--fail-on-error)";
    }
    return null;
  }

  private static Map<String, String> withFiles(
      Side side, Map<String, String> base, String step, Map<String, String> extra) {
    SuitePlan plan = side.plan;
    Map<String, String> p = new LinkedHashMap<>(base);
    if (plan.embedded()) {
      extra.forEach(p::putIfAbsent);
    }
    p.put(PropertyNames.EXPORT_FILE, plan.report(step).toString());
    p.put(PropertyNames.JSON_FILE, plan.json(step).toString());
    p.put(PropertyNames.HLOG_FILE, plan.hlog(step).toString());
    return p;
  }

  private static boolean filesPresent(Side side, int round, String workload) {
    SuitePlan plan = side.plan;
    String step = SuitePlan.step(round, workload);
    return Files.isRegularFile(plan.report(step))
        && Files.isRegularFile(plan.json(step))
        && Files.isRegularFile(plan.hlog(step));
  }

  /**
   * The run's block-cache counts, as the binding's typed figure of the run; null when it gave none.
   */
  static CacheCounts cache(RunResult result) {
    return result
        .figure(BlockCacheSnapshot.class)
        .map(
            d ->
                new CacheCounts(
                    d.hitCount(),
                    d.missCount(),
                    d.l1HitCount(),
                    d.l1MissCount(),
                    d.l2HitCount(),
                    d.l2MissCount()))
        .orElse(null);
  }

  private static void write(Side side, String name, String content) throws IOException {
    byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
    side.tables.write(side.plan.dir().resolve(name), o -> o.write(bytes));
  }

  /**
   * A new suite that could not start leaves nothing behind: its manifests, its directories if it
   * made them. A resumed one is the user's and stays as it was.
   */
  private void forgetNewSuite() {
    for (Side side : sides) {
      if (side.plan.resume()) {
        continue;
      }
      if (side.tables != null) {
        side.tables.close();
      }
      forget(side.plan.dir().resolve(SuiteManifest.FILE), side.createdManifest);
      forget(side.plan.dir(), side.createdDir);
    }
    forget(root, duet() && createdRoot);
  }

  private static void forget(Path path, boolean created) {
    if (!created) {
      return;
    }
    try {
      Files.deleteIfExists(path);
    } catch (DirectoryNotEmptyException e) {
      // another output of the command (--html) is still reserved inside: it removes its own
    } catch (IOException e) {
      // a file system that refuses the removal refused the creation too: nothing was made
    }
  }

  private static String pct(double ratio) {
    return Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * ratio);
  }
}
