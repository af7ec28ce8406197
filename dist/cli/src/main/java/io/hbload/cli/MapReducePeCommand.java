package io.hbload.cli;

import io.hbload.cli.contract.InterruptHook;
import io.hbload.core.config.Outputs;
import io.hbload.core.config.Phase;
import io.hbload.core.export.ResultOutputs;
import io.hbload.core.merge.MergedRun;
import io.hbload.hbase.pe.PeReport;
import io.hbload.hbase.pe.PeSpec;
import io.hbload.mapreduce.MapReducePe;
import io.hbload.mapreduce.MapReducePhase;
import io.hbload.mapreduce.cluster.HadoopSettings;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hbload mapreduce pe}: PerformanceEvaluation's MapReduce mode, {@code hbload pe}'s command
 * line with one PE client per map task ({@link MapReducePe} on {@code mapreduce run}'s job), and
 * {@code hbload pe}'s output: PE's per-client lines and summary, the aggregate block, then YCSB's
 * report, JSON and hlog of the merged shards.
 */
@Command(
    name = "pe",
    mixinStandardHelpOptions = true,
    versionProvider = HbloadCommand.VersionProvider.class,
    modelTransformer = PeCompatOptions.class,
    sortOptions = false,
    description = {
      "Run HBase PerformanceEvaluation's MapReduce mode: 'hbload pe' with each of",
      "the nclients as a map task on YARN (client I is task I, on PE's rows of",
      "client I, as in PE), started together. Output as 'hbload pe': PE's",
      "per-client latency lines, its summary, the aggregate of all clients, then",
      "YCSB's report of the merged shards. With no cluster configured, embedded",
      "HBase and YARN on 127.0.0.1."
    })
final class MapReducePeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin PeOptions pe = new PeOptions();

  @Mixin MapReduceCommand.JobOptions job = new MapReduceCommand.JobOptions();

  @Mixin TaskMetricsOption metrics = new TaskMetricsOption();

  @Option(
      names = "-D",
      paramLabel = "KEY=VALUE",
      description = "Hadoop/YARN setting for the job; repeatable")
  Map<String, String> hadoopProperties = new LinkedHashMap<>();

  @Override
  public Integer call() throws Exception {
    String label = spec.qualifiedName(" ");
    PrintStream err = PhaseCommand.WriterStream.printStream(spec.commandLine().getErr());
    PrintStream out = PhaseCommand.WriterStream.printStream(spec.commandLine().getOut());
    PeSpec peSpec = pe.peSpec();
    PeCompatOptions.notices(spec).forEach(err::println);
    MapReducePe work = new MapReducePe(peSpec);
    // one thread per map task: the engine's shard I is PE client I
    MapReducePhase run =
        new MapReducePhase(
            new MapReducePhase.Request(
                Phase.RUN,
                pe.properties(peSpec, 1),
                peSpec.execution().clients(),
                new HadoopSettings(job.siteFiles(), Optional.empty(), hadoopProperties),
                job.startDelay,
                job.output,
                metrics.forTasks("pe-" + peSpec.workload().test().command())),
            err,
            label,
            work);
    pe.checkInflight(run.spec(), peSpec);
    MapReducePhase.Result result;
    MergedRun merged;
    Outputs outputs = run.spec().outputs();
    try (ResultOutputs files =
            ResultOutputs.reserve(outputs.exportFile(), outputs.jsonFile(), outputs.hlogFile());
        InterruptHook hook = InterruptHook.install(run::stop)) {
      result = run.execute();
      merged = result.merged();
      if (merged != null) {
        // as hbload pe: PE's lines (per client, its summary, the aggregate), then YCSB's report,
        // JSON and hlog
        PeReport.write(peSpec, work.clients(), merged.result().runtimeMillis(), out);
        MergeCommand.write(
            merged, out, files, outputs.exportFile(), outputs.jsonFile(), outputs.hlogFile());
      }
    }
    out.flush();
    return MapReduceCommand.PhaseJob.verdict(
        label,
        result.outcome(),
        merged,
        result.outputDir(),
        result.spec().outputs().failOnErrors(),
        err);
  }
}
