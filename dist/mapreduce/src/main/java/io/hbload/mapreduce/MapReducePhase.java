package io.hbload.mapreduce;

import io.hbload.core.binding.BindingException;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyNames;
import io.hbload.core.config.SpecException;
import io.hbload.core.export.ProgressLine;
import io.hbload.core.launch.Launcher;
import io.hbload.core.merge.HlogMerge;
import io.hbload.core.merge.MergedRun;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.spec.RunSpec;
import io.hbload.hbase.config.HBaseProperties;
import io.hbload.hbase.config.HBaseSettings;
import io.hbload.hbase.ops.ConnectivityCheck;
import io.hbload.hbase.security.KerberosLogin;
import io.hbload.hbase.security.KerberosSpec;
import io.hbload.hbase.table.TableSetup;
import io.hbload.mapreduce.cluster.HBaseClientSettings;
import io.hbload.mapreduce.cluster.HadoopSettings;
import io.hbload.mapreduce.cluster.PhaseClusters;
import io.hbload.mapreduce.config.PhaseTaskSpec;
import io.hbload.mapreduce.config.ShardFiles;
import io.hbload.mapreduce.config.TaskMetricsSpec;
import io.hbload.mapreduce.job.CounterProgress;
import io.hbload.mapreduce.job.JvmOptions;
import io.hbload.mapreduce.job.ShardJob;
import io.hbload.mapreduce.job.WorkDirs;
import io.hbload.mapreduce.task.PhaseMapper;
import io.hbload.mapreduce.task.ShardCounter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.mapreduce.Counters;

/**
 * {@code hbload mapreduce load|run}, start to finish, on the driver: checks the whole run and every
 * shard's share before anything starts, finds the clusters (or starts embedded HBase and YARN,
 * loudly), prepares the table once for all shards, runs one map task per shard ({@link
 * PhaseMapper}) from a shared start instant, and merges the shards' committed logs into the run's
 * result ({@link HlogMerge}), as many as finished. Printing the report and choosing the exit code
 * are the command's. One execution per instance; {@link #stop} is safe from any thread.
 */
public final class MapReducePhase {
  /**
   * What the command asked for.
   *
   * @param properties the run's merged properties, as {@code load}/{@code run} make them
   * @param clients N, the number of map tasks (shards)
   * @param startDelay how long after submission the shards start together (unless {@code
   *     --start-at} is given)
   * @param outputDir where the job's input and the shards' committed files go; null for the default
   * @param metrics where the shards push their live metrics; empty for none
   */
  public record Request(
      Phase phase,
      Map<String, String> properties,
      int clients,
      HadoopSettings hadoop,
      Duration startDelay,
      String outputDir,
      Optional<TaskMetricsSpec> metrics) {
    /** A request whose shards publish no live metrics. */
    public Request(
        Phase phase,
        Map<String, String> properties,
        int clients,
        HadoopSettings hadoop,
        Duration startDelay,
        String outputDir) {
      this(phase, properties, clients, hadoop, startDelay, outputDir, Optional.empty());
    }
  }

  /**
   * What came out.
   *
   * @param spec the whole run's spec (its output files, exporter, --fail-on-error)
   * @param merged the committed shards merged; null when no shard finished
   * @param outputDir where the shards' files are, said for the user (with a note when they go with
   *     an embedded cluster)
   */
  public record Result(
      RunSpec spec, ShardJob.Outcome outcome, MergedRun merged, String outputDir) {}

  /**
   * The tasks' default status interval (YCSB's is 10 s): it is also the width of the shards' log
   * intervals.
   */
  static final String TASK_STATUS_INTERVAL_SECONDS = "5";

  private final Request request;
  private final PrintStream messages;
  private final String label;
  private final RunSpec spec;

  /** What the shards run when not YCSB's load/run (PE's commands); null for load/run. */
  private final ShardWork work;

  private volatile ShardJob job;
  private volatile boolean stopped;

  /**
   * Parses and checks the run as a whole and as its last, smallest shard: bad input is reported
   * here, before any cluster starts.
   *
   * @param label prefix of status lines, e.g. {@code hbload mapreduce run}
   * @throws SpecException listing the problems
   */
  public MapReducePhase(Request request, PrintStream messages, String label) {
    this(request, messages, label, null);
  }

  /**
   * As {@link #MapReducePhase(Request, PrintStream, String)}, the shards running {@code work} (e.g.
   * {@link MapReducePe}) rather than the phase through the binding {@code db} names.
   */
  public MapReducePhase(Request request, PrintStream messages, String label, ShardWork work) {
    this.request = request;
    this.messages = messages;
    this.label = label;
    this.work = work;
    this.spec = parse(request.properties());
    if (spec.execution().shard().sharded()) {
      throw SpecException.forProperty(
          PropertyNames.SHARD, "mapreduce gives each map task its shard; drop --shard");
    }
    Map<String, String> last = new LinkedHashMap<>(request.properties());
    last.put(PropertyNames.SHARD, (request.clients() - 1) + "/" + request.clients());
    parse(last);
    HadoopSettings.namesYarn(
        request.hadoop().configuration()); // reads the files now: a broken one is bad input
  }

  private RunSpec parse(Map<String, String> properties) {
    return work == null
        ? SpecParser.parse(properties, request.phase())
        : work.parse(properties, request.phase());
  }

  /**
   * Runs the job; returns what the shards committed, merged. On a Kerberized HBase the driver logs
   * in first ({@code --principal}/{@code --keytab}, or the ticket cache) and does everything as
   * that identity, so the job carries HBase delegation tokens for its tasks ({@code
   * TableMapReduceUtil.initCredentials} at submission).
   */
  public Result execute() throws IOException, InterruptedException, BindingException {
    HBaseSettings hbase = spec.binding().settings() instanceof HBaseSettings h ? h : null;
    KerberosSpec kerberos = hbase == null ? KerberosSpec.NONE : hbase.kerberos();
    if (kerberos.usesKeytab() && (hbase == null || !hbase.cluster().configured())) {
      throw SpecException.forProperty(
          HBaseProperties.PRINCIPAL,
          "needs a configured secure HBase "
              + "(-cp/--hbase-conf DIR); the embedded one has no Kerberos");
    }
    Configuration loginConf = new Configuration(request.hadoop().configuration());
    if (hbase != null && hbase.cluster().configured()) {
      try {
        loginConf = hbase.cluster().toConfiguration();
      } catch (IOException e) {
        // a missing conf directory is reported where it always was, with the clusters' set-up
      }
    }
    try (KerberosLogin login = KerberosLogin.loginIfRequested(kerberos, loginConf)) {
      return KerberosLogin.callAs(login, this::executeAsLoggedIn);
    } catch (IOException | InterruptedException | BindingException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException(e.getMessage(), e);
    }
  }

  private Result executeAsLoggedIn() throws IOException, InterruptedException, BindingException {
    Configuration hadoop = request.hadoop().configuration();
    HBaseSettings hbase = spec.binding().settings() instanceof HBaseSettings h ? h : null;
    if (hbase != null && !hbase.cluster().configured() && HadoopSettings.namesYarn(hadoop)) {
      throw new SpecException(
          "a YARN cluster is configured but no HBase: its tasks could not reach an embedded "
              + "HBase on this host; give -cp/--hbase-conf DIR or --zk HOST:PORT");
    }
    try (PhaseClusters clusters =
        PhaseClusters.open(hbase, hadoop, request.clients(), messages, label)) {
      Map<String, String> hbaseClient =
          hbase == null ? Map.of() : HBaseClientSettings.of(clusters.hbaseConfiguration(hbase));
      Map<String, String> shipped = shippedProperties(hbaseClient);
      if (hbase != null && work != null) {
        Configuration conf = hbase.cluster().toConfiguration();
        hbaseClient.forEach(conf::set);
        work.prepare(conf, clusters.hbaseEmbedded(), messages);
      } else if (hbase != null) {
        prepareTable(hbase, hbaseClient, shipped, clusters.hbaseEmbedded());
      }
      Path workDir =
          WorkDirs.choose(
              request.outputDir(),
              clusters.hadoop(),
              clusters.embeddedYarn(),
              work == null ? request.phase().name().toLowerCase(Locale.ROOT) : work.dirName());
      return runJob(
          clusters.hadoop(),
          hbaseClient,
          shipped,
          workDir,
          clusters.embeddedYarn() != null,
          hbase != null);
    }
  }

  /**
   * Kills the running job (Ctrl-C); {@link #execute} then merges what was committed. Safe from any
   * thread.
   */
  public void stop() {
    stopped = true;
    ShardJob j = job;
    if (j != null) {
      j.kill();
    }
  }

  /** The whole run's spec, parsed in the constructor. */
  public RunSpec spec() {
    return spec;
  }

  private Result runJob(
      Configuration hadoop,
      Map<String, String> hbaseClient,
      Map<String, String> shipped,
      Path workDir,
      boolean embeddedYarn,
      boolean hbase)
      throws IOException, InterruptedException {
    Configuration conf = new Configuration(hadoop);
    // the HBase client settings in the job too, so that delegation tokens are fetched from the
    // right cluster
    hbaseClient.forEach(conf::set);
    if (work != null) {
      work.writeTo(conf);
    }
    long startAt =
        spec.execution().startAt() != null
            ? spec.execution().startAt().toEpochMilli()
            : System.currentTimeMillis() + request.startDelay().toMillis();
    new PhaseTaskSpec(request.phase(), request.clients(), startAt, shipped).writeTo(conf);
    request.metrics().ifPresent(m -> m.writeTo(conf));
    JvmOptions.forTasks(conf);
    String name =
        "hbload "
            + request.phase().name().toLowerCase(Locale.ROOT)
            + " "
            + spec.workload().table()
            + " x"
            + request.clients();
    if (stopped) {
      throw new InterruptedException("interrupted before the job was submitted");
    }
    job =
        ShardJob.submit(
            conf,
            new ShardJob.Submission(
                work == null ? name : work.jobName(request.clients()),
                request.clients(),
                work == null ? PhaseMapper.class : work.mapper(),
                workDir,
                !embeddedYarn && !JvmOptions.isMiniCluster(conf),
                hbase),
            line -> messages.println(label + ": " + line));
    messages.println(
        label
            + ": shards start together at "
            + Instant.ofEpochMilli(startAt)
            + "; shard files in "
            + workDir);
    if (stopped) {
      job.kill();
    }
    ShardJob.Outcome outcome =
        job.await(
            new CounterProgress(
                ShardCounter.OPERATIONS,
                1,
                ProgressLine.Unit.OPERATIONS,
                spec.execution().operations(),
                spec.execution().maxExecutionTimeSeconds(),
                startAt,
                System::currentTimeMillis,
                MapReducePhase::errors));
    if (work != null) {
      work.collect(outcome.committed(), conf, line -> messages.println(label + ": " + line));
    }
    return new Result(
        spec,
        outcome,
        merge(outcome, conf),
        WorkDirs.describe(workDir, embeddedYarn && request.outputDir() == null));
  }

  /** The committed shards' logs, copied here and merged; null when none finished. */
  private MergedRun merge(ShardJob.Outcome outcome, Configuration conf) throws IOException {
    List<Path> hlogs =
        outcome.committed().stream().filter(p -> p.getName().endsWith(ShardFiles.HLOG)).toList();
    if (hlogs.isEmpty()) {
      return null;
    }
    java.nio.file.Path local = Files.createTempDirectory("hbload-mapreduce-merge-");
    try {
      List<java.nio.file.Path> copies = new ArrayList<>();
      for (Path h : hlogs) {
        java.nio.file.Path copy = local.resolve(h.getName());
        h.getFileSystem(conf).copyToLocalFile(false, h, new Path(copy.toUri()), true);
        copies.add(copy);
      }
      // a shard that finished is in the output even when the job failed: merge them all, marked
      // partial if short
      return HlogMerge.merge(copies);
    } finally {
      try (var files = Files.list(local)) {
        for (java.nio.file.Path f : files.toList()) {
          Files.deleteIfExists(f);
        }
      }
      Files.deleteIfExists(local);
    }
  }

  private static String errors(Counters c) {
    return String.format(Locale.ROOT, "%,d errors", c.findCounter(ShardCounter.ERRORS).getValue());
  }

  /**
   * The properties every task gets: the run's, with a run seed all shards share (each mixes in its
   * index), the client's HBase settings, and none of the driver's own files (its output files, a
   * conf directory that exists on this host only). The table is prepared once, here, so no shard
   * drops or creates it.
   */
  private Map<String, String> shippedProperties(Map<String, String> hbaseClient) {
    Map<String, String> p = new LinkedHashMap<>(request.properties());
    if (spec.execution().seed() == null) {
      long seed = new SplittableRandom().nextLong();
      p.put(PropertyNames.SEED, Long.toString(seed));
      messages.println(label + ": seed " + seed + " (give --seed " + seed + " to repeat this run)");
    }
    for (String driverOnly :
        List.of(
            PropertyNames.JSON_FILE,
            PropertyNames.HLOG_FILE,
            PropertyNames.EXPORT_FILE,
            PropertyNames.START_AT,
            HBaseProperties.HBASE_CONF_DIR,
            // tasks authenticate with the job's delegation tokens: the keytab (and the login) never
            // leave the driver
            HBaseProperties.PRINCIPAL,
            HBaseProperties.KEYTAB,
            HBaseProperties.KRB5_CONF)) {
      p.remove(driverOnly);
    }
    hbaseClient.forEach(p::putIfAbsent);
    // the tasks' counters, and so the driver's status line, move at each status interval: a few
    // seconds, unless set
    p.putIfAbsent(PropertyNames.STATUS_INTERVAL, TASK_STATUS_INTERVAL_SECONDS);
    if (spec.binding().settings() instanceof HBaseSettings) {
      p.put(HBaseProperties.DROP_TABLE, "false");
    }
    return p;
  }

  /**
   * Once for all shards: a load creates (or, with {@code hbload.droptable}, re-creates) the table;
   * a run needs it, and on an embedded cluster, which starts empty, loads the records first from
   * here (not measured).
   */
  private void prepareTable(
      HBaseSettings hbase,
      Map<String, String> hbaseClient,
      Map<String, String> shipped,
      boolean embedded)
      throws IOException, BindingException {
    Configuration conf = hbase.cluster().toConfiguration();
    hbaseClient.forEach(conf::set);
    ConnectivityCheck.verify(conf, hbase.table().table());
    if (request.phase() == Phase.RUN && embedded) {
      loadFirst(shipped);
    }
    try (Connection c = ConnectionFactory.createConnection(conf);
        Admin admin = c.getAdmin()) {
      TableSetup setup = new TableSetup(admin, hbase.table(), messages);
      if (request.phase() == Phase.LOAD) {
        setup.prepareForLoad();
      } else {
        setup.checkForRun();
        if (embedded) {
          setup.flush(); // as a single-host run on the embedded cluster: reads go through the block
          // cache
        }
      }
    }
  }

  private void loadFirst(Map<String, String> shipped) throws IOException, BindingException {
    Map<String, String> props = new LinkedHashMap<>(shipped);
    props.remove(PropertyNames.STATUS);
    RunSpec load = SpecParser.parse(props, Phase.LOAD);
    messages.println(
        label
            + ": the embedded cluster starts empty: loading "
            + load.execution().operations()
            + " records from here first (not measured)");
    Launcher.Outcome loaded = new Launcher(load, messages, null).launch();
    if (loaded.workerFailed() || !loaded.result().completed() || loaded.result().errorCount() > 0) {
      throw new IOException(
          "loading the embedded cluster failed: "
              + (loaded.result().errorCount() > 0
                  ? loaded.result().errorCount() + " inserts failed"
                  : loaded.result().stopReason()));
    }
  }
}
