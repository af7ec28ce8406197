package io.hbload.cli;

import io.hbload.cli.contract.ExitCode;
import io.hbload.cli.contract.GroupCommand;
import io.hbload.cli.contract.InterruptHook;
import io.hbload.core.config.Outputs;
import io.hbload.core.config.Phase;
import io.hbload.core.export.ResultOutputs;
import io.hbload.core.merge.MergedRun;
import io.hbload.hdfs.config.DfsioSpec;
import io.hbload.hdfs.config.HdfsSettings;
import io.hbload.hdfs.report.DfsioReport;
import io.hbload.mapreduce.MapReduceDfsio;
import io.hbload.mapreduce.MapReducePhase;
import io.hbload.mapreduce.cluster.HadoopSettings;
import io.hbload.mapreduce.config.DfsioTaskSpec;
import io.hbload.mapreduce.job.ShardJob;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hbload mapreduce}: many clients as MapReduce map tasks on YARN, one per shard, as HBase's
 * PerformanceEvaluation and TestDFSIO run theirs; with no YARN (or HBase, or HDFS) configured, on
 * embedded mini clusters. {@code load}/{@code run} take {@code load}/{@code run}'s flags and print
 * the merged run's YCSB report; {@code pe} takes {@code pe}'s and prints its output ({@link
 * MapReducePeCommand}); {@code dfsio write}/{@code read} print hdfs-io's report. Work is in {@code
 * io.hbload.mapreduce}; this class turns options into its requests and its results into output and
 * an {@link ExitCode}.
 */
@Command(
    name = "mapreduce",
    mixinStandardHelpOptions = true,
    versionProvider = HbloadCommand.VersionProvider.class,
    description = {
      "Run many clients as MapReduce map tasks on YARN, one per shard (as HBase PE and TestDFSIO do),",
      "and merge their results into one report. With no cluster configured, on embedded mini clusters."
    },
    subcommands = {
      MapReduceCommand.Load.class,
      MapReduceCommand.Run.class,
      MapReducePeCommand.class,
      MapReduceCommand.DfsioJobs.class
    })
public final class MapReduceCommand extends GroupCommand {
  /** Where the job goes and how it starts; shared by every job command. */
  static final class JobOptions {
    @Option(
        names = "--hadoop-conf",
        paramLabel = "DIR",
        defaultValue = "${env:HADOOP_CONF_DIR}",
        description =
            "Hadoop configuration directory (core-site, hdfs-site, mapred-site, yarn-site.xml); "
                + "default $HADOOP_CONF_DIR; with no YARN configured, an embedded one is started")
    Path hadoopConf;

    @Option(
        names = "--start-delay",
        paramLabel = "DURATION",
        defaultValue = "20s",
        description =
            "Shards start together this long after the job is submitted, once their JVMs are up "
                + "(default: ${DEFAULT-VALUE}); a late shard is reported")
    Duration startDelay;

    @Option(
        names = "--output",
        paramLabel = "DIR",
        description =
            "Job directory on the cluster's file system for the shards' committed files (default: "
                + "hbload-mapreduce/<job>-<time> in your home directory there, <job> being load, run, pe-<command> or "
                + "dfsio-write|read; on an embedded cluster a temporary one)")
    String output;

    List<Path> siteFiles() {
      return HadoopSettings.siteFiles(hadoopConf);
    }
  }

  /** {@code mapreduce load} and {@code mapreduce run}: N shards of the phase, merged. */
  abstract static class PhaseJob implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin PhaseOptions options = new PhaseOptions();

    @Mixin JobOptions job = new JobOptions();

    @Mixin TaskMetricsOption metrics = new TaskMetricsOption();

    @Option(
        names = "--clients",
        paramLabel = "N",
        required = true,
        description =
            "Map tasks, one per shard: each loads its slice of the records / does its share of the "
                + "operations and of -target, with -threads threads")
    int clients;

    @Option(
        names = "-D",
        paramLabel = "KEY=VALUE",
        description = "Hadoop/YARN setting for the job; repeatable")
    Map<String, String> hadoopProperties = new LinkedHashMap<>();

    abstract Phase phase();

    @Override
    public Integer call() throws Exception {
      if (clients < 1) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), "--clients must be at least 1, got " + clients);
      }
      String label = spec.qualifiedName(" ");
      PrintStream err = PhaseCommand.WriterStream.printStream(spec.commandLine().getErr());
      PrintStream out = PhaseCommand.WriterStream.printStream(spec.commandLine().getOut());
      MapReducePhase run =
          new MapReducePhase(
              new MapReducePhase.Request(
                  phase(),
                  PhaseOptions.withoutFaults(options.properties(), "mapreduce run"),
                  clients,
                  new HadoopSettings(job.siteFiles(), Optional.empty(), hadoopProperties),
                  job.startDelay,
                  job.output,
                  metrics.forTasks(options.workloadName())),
              err,
              label);
      MapReducePhase.Result result;
      MergedRun merged;
      Outputs outputs = run.spec().outputs();
      // the merged outputs' temp files before the job: a directory that takes no new file is
      // found before minutes of map tasks
      try (ResultOutputs files =
              ResultOutputs.reserve(outputs.exportFile(), outputs.jsonFile(), outputs.hlogFile());
          InterruptHook hook = InterruptHook.install(run::stop)) {
        result = run.execute();
        merged = result.merged();
        if (merged != null) {
          MergeCommand.write(
              merged, out, files, outputs.exportFile(), outputs.jsonFile(), outputs.hlogFile());
        }
      }
      out.flush();
      return verdict(
          label,
          result.outcome(),
          merged,
          result.outputDir(),
          result.spec().outputs().failOnErrors(),
          err);
    }

    static int verdict(
        String label,
        ShardJob.Outcome outcome,
        MergedRun merged,
        String outputDir,
        boolean failOnErrors,
        PrintStream err) {
      err.println(label + ": shard files in " + outputDir);
      if (!outcome.succeeded()) {
        err.println(
            label + ": " + (outcome.killed() ? "job killed" : "job failed: " + outcome.failure()));
        err.println(
            label
                + ": "
                + (merged == null
                    ? "no shard finished: nothing to report"
                    : "report is partial: " + merged.result().stopReason()));
        return outcome.killed() ? ExitCode.INTERRUPTED : ExitCode.FAILURE;
      }
      if (!merged.result().completed()) {
        // e.g. shards' loads cut short by maxexecutiontime: the report is out, but the phase did
        // not do its work
        err.println(label + ": incomplete: " + merged.result().stopReason());
        return ExitCode.FAILURE;
      }
      if (failOnErrors && merged.result().errorCount() > 0) {
        err.println(
            label + ": " + merged.result().errorCount() + " operations failed (--fail-on-error)");
        return ExitCode.FAILURE;
      }
      return ExitCode.OK;
    }
  }

  @Command(
      name = "load",
      mixinStandardHelpOptions = true,
      versionProvider = HbloadCommand.VersionProvider.class,
      description =
          "Insert recordcount records with N map tasks, each its contiguous slice; one merged report.")
  static final class Load extends PhaseJob {
    @Override
    Phase phase() {
      return Phase.LOAD;
    }
  }

  @Command(
      name = "run",
      mixinStandardHelpOptions = true,
      versionProvider = HbloadCommand.VersionProvider.class,
      description =
          "Run the operation mix with N map tasks starting together, each its share; one merged report.")
  static final class Run extends PhaseJob {
    @Override
    Phase phase() {
      return Phase.RUN;
    }
  }

  @Command(
      name = "dfsio",
      mixinStandardHelpOptions = true,
      versionProvider = HbloadCommand.VersionProvider.class,
      description =
          "Run TestDFSIO on YARN with hdfs-io's streams: map tasks write files, or read and verify them.",
      subcommands = {DfsioWrite.class, DfsioRead.class})
  static final class DfsioJobs extends GroupCommand {}

  /**
   * {@code mapreduce dfsio write|read}: the files split among the map tasks, one aggregated pass.
   */
  abstract static class DfsioJob implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin DfsioOptions.Hdfs hdfs = new DfsioOptions.Hdfs();

    @Mixin DfsioOptions.Run options = new DfsioOptions.Run();

    @Mixin JobOptions job = new JobOptions();

    @Mixin TaskMetricsOption metrics = new TaskMetricsOption();

    @Option(
        names = "--clients",
        paramLabel = "C",
        description =
            "Map tasks, each writing/reading its slice of the files with --streams streams "
                + "(default: one per file, as TestDFSIO)")
    Integer clients;

    abstract DfsioTaskSpec.Pass pass();

    @Override
    public Integer call() throws Exception {
      String label = spec.qualifiedName(" ");
      PrintStream err = PhaseCommand.WriterStream.printStream(spec.commandLine().getErr());
      DfsioSpec given = options.spec(hdfs);
      List<Path> confFiles = new ArrayList<>(job.siteFiles());
      confFiles.addAll(given.hdfs().confFiles());
      HdfsSettings h = given.hdfs();
      DfsioSpec spec =
          new DfsioSpec(
              given.policy(),
              given.files(),
              given.fileBytes(),
              given.streams(),
              given.bufferBytes(),
              given.baseDir(),
              given.coder(),
              given.dataNodesDown(),
              new HdfsSettings(
                  confFiles,
                  h.defaultFs(),
                  h.overrides(),
                  h.embeddedDataNodes(),
                  h.embeddedBaseDir()));
      int tasks = clients == null ? spec.files() : clients;
      MapReduceDfsio dfsio =
          new MapReduceDfsio(
              new MapReduceDfsio.Request(
                  pass(), spec, tasks, job.startDelay, job.output, metrics.forTasks("dfsio")),
              err,
              label);
      MapReduceDfsio.Result result;
      Optional<String> mismatch;
      // the result log's temp file before the job: a log that cannot be replaced is found now
      try (ResultOutputs logs = ResultOutputs.reserve(options.resultLog)) {
        try (InterruptHook hook = InterruptHook.install(dfsio::stop)) {
          // --principal/--keytab (or the ticket cache): the driver reads HDFS and submits as that
          // user, and the job gets its HDFS delegation token; the tasks authenticate with the
          // token only
          result = hdfs.loggedIn(dfsio::execute);
        }
        err.println(label + ": task results in " + result.outputDir());
        mismatch =
            result.run() == null
                ? Optional.empty()
                : DfsioReport.publish(
                    List.of(result.run()),
                    options.format,
                    options.resultLog(logs),
                    this.spec.commandLine().getOut());
      }
      mismatch.ifPresent(m -> err.println(label + ": " + m));
      ShardJob.Outcome outcome = result.outcome();
      if (!outcome.succeeded()) {
        err.println(
            label + ": " + (outcome.killed() ? "job killed" : "job failed: " + outcome.failure()));
        err.println(
            label
                + ": "
                + (result.run() == null
                    ? "no task finished: nothing to report"
                    : "report is partial: tasks "
                        + result.missingShards()
                        + " of "
                        + tasks
                        + " missing"));
        return outcome.killed() ? ExitCode.INTERRUPTED : ExitCode.FAILURE;
      }
      return mismatch.isPresent() ? ExitCode.FAILURE : ExitCode.OK;
    }
  }

  @Command(
      name = "write",
      mixinStandardHelpOptions = true,
      description = "Write N files of size S, in map tasks.")
  static final class DfsioWrite extends DfsioJob {
    @Override
    DfsioTaskSpec.Pass pass() {
      return DfsioTaskSpec.Pass.WRITE;
    }
  }

  @Command(
      name = "read",
      mixinStandardHelpOptions = true,
      description =
          "Read and verify every byte of the files a write left, in map tasks (embedded HDFS: writes first).")
  static final class DfsioRead extends DfsioJob {
    @Override
    DfsioTaskSpec.Pass pass() {
      return DfsioTaskSpec.Pass.READ;
    }
  }
}
