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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs a {@link SuitePlan}: the load (if asked, or always on an embedded cluster, which starts
 * empty), then rounds x workloads in order, each through the same {@link Launcher} as {@code hbload
 * run}, writing its files into the suite directory and recording it in the manifest; then the table
 * of the kept rounds. Ctrl-C stops the running step and a failed step stops the suite: what
 * finished is kept and reported, and the missing runs are named (exit 130 or 1); {@code --resume}
 * runs only what the manifest and the files do not already hold. One execution per instance, on the
 * calling thread.
 */
public final class SuiteRunner {
  /** The suite's tables in its directory: text, Markdown, CSV, JSON. */
  static final List<String> TABLES = List.of("suite.txt", "suite.md", "suite.csv", "suite.json");

  private volatile SuiteTable table;
  private ResultOutputs tables;
  private final SuitePlan plan;
  private final PrintStream err;
  private final PrintStream out;
  private final StepListeners watchers;
  private volatile Launcher current;

  /**
   * The embedded cluster every step runs on, or null: the steps reach the configured one
   * themselves.
   */
  private HBaseCluster cluster;

  private volatile boolean interrupted;
  private int stepsRun;
  private boolean createdDir;

  /**
   * Who else hears a step's phase besides the status line and the files (the suite's {@code
   * --metrics}).
   */
  @FunctionalInterface
  public interface StepListeners {
    StepListeners NONE = (round, workload) -> List.of();

    /** The listeners of the step about to run: {@code round} 1.., or 0 for the load. */
    List<RunListener> of(int round, String workload);
  }

  public SuiteRunner(SuitePlan plan, PrintStream err, PrintStream out) {
    this(plan, err, out, StepListeners.NONE);
  }

  public SuiteRunner(SuitePlan plan, PrintStream err, PrintStream out, StepListeners watchers) {
    this.plan = plan;
    this.err = err;
    this.out = out;
    this.watchers = watchers;
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
    SuiteManifest manifest = openDirectory();
    try {
      // the tables' temp files now, so that a directory that takes no new file is found before
      // the rounds, not after them
      tables = ResultOutputs.reserve(TABLES.stream().map(plan.dir()::resolve).toArray(Path[]::new));
    } catch (SpecException e) {
      forgetNewSuite();
      throw e;
    }
    try {
      return rounds(manifest);
    } finally {
      tables.close();
    }
  }

  private int rounds(SuiteManifest manifest) throws IOException, BindingException {
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
        if (plan.embedded()) {
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
        return steps(manifest, extra);
      } finally {
        if (cluster != null) {
          cluster.close();
        }
      }
    }
  }

  /**
   * Creates the directory of a new suite or opens the one to resume; bad input before anything is
   * written.
   */
  private SuiteManifest openDirectory() throws IOException {
    Path dir = plan.dir();
    if (plan.resume()) {
      if (!Files.isDirectory(dir) || !SuiteManifest.isSuite(dir)) {
        throw new SpecException(
            "--resume " + dir + ": not a suite directory (no " + SuiteManifest.FILE + ")");
      }
      return SuiteManifest.read(dir, plan.description());
    }
    if (Files.exists(dir)) {
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
    createdDir = !Files.exists(dir);
    // Before any round: a directory that cannot be made, or a manifest that cannot be written (a
    // read-only or full file system), is a path found unusable before the work, and the new
    // suite leaves nothing behind.
    try {
      Files.createDirectories(dir);
      return SuiteManifest.create(dir, plan.description());
    } catch (IOException e) {
      forgetNewSuite();
      String cause =
          e.getMessage() != null && e.getMessage().startsWith("cannot write ")
              ? e.getMessage()
              : "cannot write " + dir + ": " + ResultFile.cause(e);
      throw new SpecException("--out: " + cause);
    }
  }

  private int steps(SuiteManifest manifest, Map<String, String> extra)
      throws IOException, BindingException {
    List<RoundRun> runs = new ArrayList<>();
    String failure = null;
    boolean mustLoad = plan.load() && !manifest.loaded() || plan.embedded();
    int pending = 0;
    for (int round = 1; round <= plan.rounds(); round++) {
      for (String w : plan.workloads()) {
        pending += manifest.done(round, w) && filesPresent(SuitePlan.step(round, w)) ? 0 : 1;
      }
    }
    SuiteEta eta = new SuiteEta(mustLoad, pending, plan.duration(), System::nanoTime);
    if (mustLoad) {
      if (plan.embedded() && !plan.load()) {
        err.println("hbload suite: the embedded cluster starts empty: loading the records first");
      }
      Map<String, String> p = withFiles(plan.loadProperties(), "load", extra);
      err.println(eta.starting(false));
      Launcher.Outcome o =
          launch(SpecParser.parse(p, Phase.LOAD), "load", 0, plan.workloads().get(0));
      eta.finished();
      failure = failure(o);
      if (failure == null) {
        manifest.markLoaded();
      }
    }
    int total = plan.rounds() * plan.workloads().size();
    int n = 0;
    outer:
    for (int round = 1; round <= plan.rounds(); round++) {
      for (String w : plan.workloads()) {
        n++;
        if (failure != null || interrupted) {
          break outer;
        }
        String step = SuitePlan.step(round, w);
        if (manifest.done(round, w)) {
          if (filesPresent(step)) {
            err.println(
                "hbload suite: "
                    + step
                    + " finished before (resumed): reading "
                    + plan.hlog(step).getFileName());
            runs.add(
                RoundRun.of(
                    w,
                    round,
                    HlogMerge.merge(List.of(plan.hlog(step))).result(),
                    manifest.cache(round, w)));
            continue;
          }
          err.println(
              "hbload suite: "
                  + step
                  + " is in the manifest but its files are not all there: running it again");
          manifest.forget(round, w);
        }
        err.printf(
            Locale.ROOT,
            "hbload suite: round %d of %d, workload %s (run %d of %d)%s%n",
            round,
            plan.rounds(),
            w,
            n,
            total,
            round <= plan.discard() ? ", warm-up round: discarded" : "");
        err.println(eta.starting(true));
        Launcher.Outcome o =
            launch(
                SpecParser.parse(withFiles(plan.runProperties().get(w), step, extra), Phase.RUN),
                step,
                round,
                w);
        eta.finished();
        failure = failure(o);
        if (failure == null) {
          CacheCounts cache = cache(o.result());
          manifest.markDone(round, w, cache);
          RoundRun r = RoundRun.of(w, round, o.result(), cache);
          runs.add(r);
          err.printf(
              Locale.ROOT,
              "hbload suite: %s done: %,d operations, %,.0f ops/s, block-cache hit ratio %s%n",
              step,
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
      }
    }
    return finish(runs, failure);
  }

  /** The table of the kept rounds once the suite has finished (or stopped), for the HTML report. */
  public java.util.Optional<SuiteTable> table() {
    return java.util.Optional.ofNullable(table);
  }

  private int finish(List<RoundRun> runs, String failure) throws IOException {
    SuiteTable table =
        SuiteAggregator.aggregate(plan.workloads(), plan.rounds(), plan.discard(), runs);
    this.table = table;
    write(TABLES.get(0), SuiteTableFormat.text(table));
    write(TABLES.get(1), SuiteTableFormat.markdown(table));
    write(TABLES.get(2), SuiteTableFormat.csv(table));
    write(TABLES.get(3), SuiteTableFormat.json(table) + System.lineSeparator());
    out.print(SuiteTableFormat.text(table));
    out.flush();
    List<String> missing = new ArrayList<>();
    for (int round = 1; round <= plan.rounds(); round++) {
      for (String w : plan.workloads()) {
        int r = round;
        if (runs.stream().noneMatch(x -> x.round() == r && x.workload().equals(w))) {
          missing.add(SuitePlan.step(round, w));
        }
      }
    }
    if (missing.isEmpty()) {
      err.println("hbload suite: done; the table and every run's files are in " + plan.dir());
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
            + plan.dir()
            + "; continue with --resume "
            + plan.dir());
    return interrupted ? ExitCode.INTERRUPTED : ExitCode.FAILURE;
  }

  private Launcher.Outcome launch(RunSpec spec, String step, int round, String workload)
      throws IOException, BindingException {
    if (cluster != null && spec.binding().provider() instanceof HBaseBindingProvider) {
      // every step on the suite's one embedded cluster
      spec = spec.withBinding(spec.binding().withProvider(HBaseBindingProvider.on(cluster)));
    }
    Launcher launcher = new Launcher(spec, err, null, watchers.of(round, workload));
    current = launcher;
    if (interrupted) {
      launcher.requestStop(Launcher.INTERRUPTED);
    }
    try {
      Launcher.Outcome o = launcher.launch();
      stepsRun++;
      return o;
    } catch (BindingException e) {
      if (stepsRun == 0 && !plan.resume()) {
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

  private Map<String, String> withFiles(
      Map<String, String> base, String step, Map<String, String> extra) {
    Map<String, String> p = new LinkedHashMap<>(base);
    extra.forEach(p::putIfAbsent);
    p.put(PropertyNames.EXPORT_FILE, plan.report(step).toString());
    p.put(PropertyNames.JSON_FILE, plan.json(step).toString());
    p.put(PropertyNames.HLOG_FILE, plan.hlog(step).toString());
    return p;
  }

  private boolean filesPresent(String step) {
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

  private void write(String name, String content) throws IOException {
    byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
    tables.write(plan.dir().resolve(name), o -> o.write(bytes));
  }

  /**
   * A new suite that could not start leaves nothing behind: its manifest, its directory if it made
   * it. A resumed one is the user's and stays as it was.
   */
  private void forgetNewSuite() {
    if (plan.resume()) {
      return;
    }
    if (tables != null) {
      tables.close();
    }
    try {
      Files.deleteIfExists(plan.dir().resolve(SuiteManifest.FILE));
      if (createdDir) {
        Files.deleteIfExists(plan.dir());
      }
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
