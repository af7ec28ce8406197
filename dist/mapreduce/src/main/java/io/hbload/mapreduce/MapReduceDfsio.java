package io.hbload.mapreduce;

import io.hbload.core.export.ProgressLine;
import io.hbload.hdfs.Dfsio;
import io.hbload.hdfs.cluster.HdfsTarget;
import io.hbload.hdfs.coder.CoderSelection;
import io.hbload.hdfs.config.BadInputException;
import io.hbload.hdfs.config.DfsioSpec;
import io.hbload.hdfs.report.RunMeter;
import io.hbload.hdfs.report.RunResult;
import io.hbload.hdfs.stream.RunDirectory;
import io.hbload.mapreduce.cluster.Banner;
import io.hbload.mapreduce.cluster.EmbeddedYarn;
import io.hbload.mapreduce.cluster.HadoopSettings;
import io.hbload.mapreduce.config.DfsioTaskSpec;
import io.hbload.mapreduce.config.ShardFiles;
import io.hbload.mapreduce.config.TaskMetricsSpec;
import io.hbload.mapreduce.dfsio.DfsioAggregate;
import io.hbload.mapreduce.dfsio.DfsioShardResult;
import io.hbload.mapreduce.job.CounterProgress;
import io.hbload.mapreduce.job.JvmOptions;
import io.hbload.mapreduce.job.ShardJob;
import io.hbload.mapreduce.job.WorkDirs;
import io.hbload.mapreduce.task.DfsioMapper;
import io.hbload.mapreduce.task.ShardCounter;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * {@code hbload mapreduce dfsio write|read}, start to finish, on the driver: TestDFSIO's shape (one
 * map task per group of files) with hdfs-io's streams, policies, coders and report. It checks the
 * policy against the cluster and the tool's directory once, runs the job from a shared start
 * instant, and aggregates the tasks' committed results into one pass ({@link DfsioAggregate}). An
 * embedded HDFS starts empty, so a read writes the files first from here, unmeasured. One execution
 * per instance; {@link #stop} is safe from any thread.
 */
public final class MapReduceDfsio {
  private static final long MIB = 1L << 20;
  private static final ProgressLine.Unit MIBS = new ProgressLine.Unit("MiB", "MiB/sec");
  private static final ProgressLine.Unit BYTES = new ProgressLine.Unit("bytes", "bytes/sec");

  /**
   * What the command asked for.
   *
   * @param spec the pass's files, policy, streams per task, coder and HDFS (with the Hadoop
   *     configuration directory's site files among its configuration files)
   * @param clients map tasks, at most one per file
   * @param metrics where the tasks push their pass's meters; empty for none
   */
  public record Request(
      DfsioTaskSpec.Pass pass,
      DfsioSpec spec,
      int clients,
      Duration startDelay,
      String outputDir,
      Optional<TaskMetricsSpec> metrics) {
    /** A request whose tasks publish no metrics. */
    public Request(
        DfsioTaskSpec.Pass pass,
        DfsioSpec spec,
        int clients,
        Duration startDelay,
        String outputDir) {
      this(pass, spec, clients, startDelay, outputDir, Optional.empty());
    }
  }

  /**
   * What came out.
   *
   * @param run the pass over the files whose tasks committed; null when none did
   * @param missingShards tasks that committed nothing (the job failed or was killed)
   * @param outputDir where the tasks' files are, said for the user
   */
  public record Result(
      RunResult run, ShardJob.Outcome outcome, List<Integer> missingShards, String outputDir) {}

  private final Request request;
  private final PrintStream messages;
  private final Consumer<String> notices;
  private volatile ShardJob job;
  private volatile boolean stopped;

  /**
   * Checks what can be checked without a cluster.
   *
   * @param messages status lines and notices (stderr in the CLI)
   * @param label prefix of notices and status lines, e.g. {@code hbload mapreduce dfsio write}
   * @throws BadInputException when the request cannot run
   */
  public MapReduceDfsio(Request request, PrintStream messages, String label) {
    this.request = request;
    this.messages = messages;
    this.notices = line -> messages.println(label + ": " + line);
    if (request.clients() < 1 || request.clients() > request.spec().files()) {
      throw new BadInputException(
          "--clients must be 1.."
              + request.spec().files()
              + " (one map task per file at "
              + "most), got "
              + request.clients());
    }
    if (request.spec().dataNodesDown() > 0) {
      throw new BadInputException(
          "--datanodes-down is not supported by mapreduce dfsio; use dfsio compare");
    }
    HadoopSettings.namesYarn(
        hadoopSettings().configuration()); // reads the files now: a broken one is bad input
  }

  /** Runs the job; returns the aggregated pass. */
  public Result execute() throws IOException, InterruptedException {
    DfsioSpec spec = request.spec();
    Configuration hadoop = hadoopSettings().configuration();
    boolean yarn = HadoopSettings.namesYarn(hadoop);
    if (yarn && Dfsio.wouldEmbed(spec.hdfs())) {
      throw new BadInputException(
          "a YARN cluster is configured but no HDFS: its tasks could not reach an embedded "
              + "HDFS on this host; give --fs hdfs://NAMENODE:PORT or a core-site.xml");
    }
    CoderSelection.Resolved coders = CoderSelection.resolve(spec.coder());
    coders.warning().ifPresent(notices);
    try (HdfsTarget target =
        HdfsTarget.open(
            spec.hdfs(),
            spec.policy().dataNodesForFullWidth(),
            Map.of(CoderSelection.RS_RAWCODERS_KEY, coders.rawCoders()),
            notices)) {
      target.checkUsable(spec.policy());
      prepareFiles(target);
      EmbeddedYarn embeddedYarn = null;
      try {
        if (!yarn) {
          notices.accept(
              "no YARN configured: starting an embedded MapReduce cluster on 127.0.0.1 ...");
          long t0 = System.nanoTime();
          embeddedYarn = EmbeddedYarn.start(target.configuration(), request.clients());
          hadoop = embeddedYarn.clientConfiguration();
          Banner.lines(
                  target.embedded().isPresent() ? "HDFS + YARN" : "YARN",
                  List.of(
                      "HDFS: " + target.description(),
                      "YARN: 1 NodeManager, ResourceManager "
                          + embeddedYarn.resourceManagerAddress()
                          + ", files in "
                          + embeddedYarn.dataDir(),
                      String.format(
                          "YARN started in %.1f s; everything is removed at exit",
                          (System.nanoTime() - t0) / 1e9)))
              .forEach(messages::println);
        }
        return runJob(hadoop, target, embeddedYarn);
      } finally {
        if (embeddedYarn != null) {
          embeddedYarn.close();
        }
      }
    }
  }

  /**
   * Kills the running job (Ctrl-C); {@link #execute} then reports what was committed. Safe from any
   * thread.
   */
  public void stop() {
    stopped = true;
    ShardJob j = job;
    if (j != null) {
      j.kill();
    }
  }

  private HadoopSettings hadoopSettings() {
    return new HadoopSettings(
        request.spec().hdfs().confFiles(),
        request.spec().hdfs().defaultFs(),
        request.spec().hdfs().overrides());
  }

  /**
   * A write needs the tool's directory (checked to hold nothing else) with the policy set on it; a
   * read needs the files, which an embedded HDFS, starting empty, gets written from here first.
   */
  private void prepareFiles(HdfsTarget target) throws IOException {
    DfsioSpec spec = request.spec();
    RunDirectory dir = new RunDirectory(target.fileSystem(), spec.baseDir());
    if (request.pass() == DfsioTaskSpec.Pass.WRITE) {
      dir.prepareForWrite(spec.policy());
      return;
    }
    if (target.embedded().isPresent()) {
      notices.accept(
          "embedded cluster starts empty: writing the files first from here (not measured)");
      try (Dfsio local =
          Dfsio.attach(target.embedded().get(), spec, List.of(spec.policy()), notices)) {
        local.write(spec);
      }
    }
    int present = dir.existingFiles(spec.policy()).size();
    if (present < spec.files()) {
      throw new BadInputException(
          "found "
              + present
              + " files in "
              + dir.policyDir(spec.policy())
              + ", need "
              + spec.files()
              + "; run write first");
    }
  }

  private Result runJob(Configuration hadoop, HdfsTarget target, EmbeddedYarn embeddedYarn)
      throws IOException, InterruptedException {
    DfsioSpec spec = request.spec();
    Configuration conf = new Configuration(hadoop);
    conf.set("fs.defaultFS", target.configuration().get("fs.defaultFS"));
    // on a Kerberized HDFS the job's submission fetches a delegation token for it (the tasks' only
    // credential);
    // a no-op without security
    conf.set(MRJobConfig.JOB_NAMENODES, target.configuration().get("fs.defaultFS"));
    long startAt = System.currentTimeMillis() + request.startDelay().toMillis();
    new DfsioTaskSpec(
            request.pass(),
            spec.policy(),
            spec.files(),
            spec.fileBytes(),
            spec.bufferBytes(),
            spec.streams(),
            spec.baseDir(),
            spec.coder(),
            request.clients(),
            startAt)
        .writeTo(conf);
    request.metrics().ifPresent(m -> m.writeTo(conf));
    JvmOptions.forTasks(conf);
    Path workDir =
        WorkDirs.choose(request.outputDir(), conf, embeddedYarn, "dfsio-" + request.pass());
    if (stopped) {
      throw new InterruptedException("interrupted before the job was submitted");
    }
    double load = RunMeter.loadAverage1();
    job =
        ShardJob.submit(
            conf,
            new ShardJob.Submission(
                "hbload dfsio " + request.pass() + " " + spec.policy() + " x" + request.clients(),
                request.clients(),
                DfsioMapper.class,
                workDir,
                embeddedYarn == null && !JvmOptions.isMiniCluster(conf),
                false),
            notices);
    notices.accept(
        "tasks start together at "
            + Instant.ofEpochMilli(startAt)
            + "; task results in "
            + workDir);
    if (stopped) {
      job.kill();
    }
    long totalBytes = spec.files() * spec.fileBytes();
    // MiB unless the whole pass is smaller than one
    long perUnit = totalBytes < MIB ? 1 : MIB;
    ShardJob.Outcome outcome =
        job.await(
            new CounterProgress(
                ShardCounter.BYTES,
                perUnit,
                perUnit == 1 ? BYTES : MIBS,
                totalBytes / perUnit,
                0,
                startAt,
                System::currentTimeMillis,
                MapReduceDfsio::files));
    List<DfsioShardResult> shards = read(outcome, conf);
    shards.stream()
        .collect(Collectors.groupingBy(DfsioShardResult::coder, TreeMap::new, Collectors.toList()))
        .forEach(
            (coder, tasks) ->
                notices.accept(
                    "coder "
                        + coder
                        + " in tasks "
                        + tasks.stream().map(DfsioShardResult::shard).sorted().toList()
                        + "; ISA-L in task "
                        + tasks.get(0).shard()
                        + ": "
                        + tasks.get(0).isal()));
    TreeSet<Integer> missing = new TreeSet<>();
    for (int i = 0; i < request.clients(); i++) {
      missing.add(i);
    }
    shards.forEach(s -> missing.remove(s.shard()));
    RunResult run =
        shards.isEmpty()
            ? null
            : DfsioAggregate.of(
                request.pass().toString(),
                spec.policy().toString(),
                target.description() + " via MapReduce, " + request.clients() + " tasks",
                shards,
                load);
    return new Result(
        run,
        outcome,
        List.copyOf(missing),
        WorkDirs.describe(workDir, embeddedYarn != null && request.outputDir() == null));
  }

  private static List<DfsioShardResult> read(ShardJob.Outcome outcome, Configuration conf)
      throws IOException {
    List<DfsioShardResult> out = new ArrayList<>();
    for (Path p : outcome.committed()) {
      if (!p.getName().endsWith(ShardFiles.DFSIO)) {
        continue;
      }
      try (InputStream in = p.getFileSystem(conf).open(p)) {
        String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        try {
          out.add(DfsioShardResult.parse(text.lines().toList(), p.toString()));
        } catch (IllegalArgumentException e) {
          throw new IOException(e.getMessage(), e);
        }
      }
    }
    return out;
  }

  private static String files(Counters c) {
    return c.findCounter(ShardCounter.FILES).getValue() + " files";
  }
}
