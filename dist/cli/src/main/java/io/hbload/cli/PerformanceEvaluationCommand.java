package io.hbload.cli;

import io.hbload.core.config.Phase;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.spec.RunSpec;
import io.hbload.hbase.pe.PeBindingProvider;
import io.hbload.hbase.pe.PeClientResult;
import io.hbload.hbase.pe.PeReport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hbload pe}: HBase PerformanceEvaluation's command line (its command names, options and
 * defaults, in its {@code --name=value} form) on hbload's engine: the clients are the engine's
 * workers, every operation is recorded as in {@code run}, and the output is PE's per-client lines,
 * PE's summary, hbload's aggregate, then YCSB's report.
 */
@Command(
    name = "pe",
    mixinStandardHelpOptions = true,
    versionProvider = HbloadCommand.VersionProvider.class,
    sortOptions = false,
    modelTransformer = PeCompatOptions.class,
    description = {
      "HBase PerformanceEvaluation's commands on hbload's engine: PE's per-client latency lines (to p99.999),",
      "then an aggregate of all clients and YCSB's report. Same table layout as PE (TestTable, info0, row keys",
      "of 26 digits), so 'hbase pe' reads what this writes and the reverse. Clients are threads (PE's",
      "--nomapred); for clients as MapReduce map tasks use 'hbload mapreduce pe'. With no cluster configured, an",
      "embedded HBase runs in-process (read commands then get PE's rows written first).",
      "Commands: randomRead, randomWrite, sequentialRead, sequentialWrite, scan, scanRange10, scanRange100,",
      "scanRange1000, scanRange10000, randomSeekScan, filterScan, increment, append, checkAndPut,",
      "checkAndMutate, checkAndDelete; and PE's async commands on HBase's async client (AsyncTable):",
      "asyncRandomRead, asyncRandomWrite, asyncSequentialRead, asyncSequentialWrite, asyncScan. These wait",
      "on each call as PE does (1 in flight per client) unless --inflight=N keeps N outstanding.",
      "Every option of PE 2.5's usage is accepted; those this engine does not act on (listed last, from",
      "--connCount on) are named on stderr with why, so a PE script runs unchanged. -D KEY=VALUE as in PE."
    })
final class PerformanceEvaluationCommand implements Callable<Integer> {

  @Spec CommandSpec commandSpec;

  @Option(
      names = "--nomapred",
      arity = "0..1",
      fallbackValue = "true",
      description = "Run the clients as threads (always so here; accepted for PE command lines)")
  boolean nomapred;

  @CommandLine.Mixin PeOptions pe = new PeOptions();

  @Option(
      names = "-D",
      paramLabel = "KEY=VALUE",
      description =
          "As PE's -D: a client setting (hbase.*, zookeeper.*), as -p KEY=VALUE; repeatable")
  Map<String, String> clientSettings = new LinkedHashMap<>();

  @CommandLine.Mixin MetricsOptions metrics = new MetricsOptions();

  @CommandLine.Mixin HtmlOption html = new HtmlOption();

  @Override
  public Integer call() throws Exception {
    PrintStream err = PhaseCommand.WriterStream.printStream(commandSpec.commandLine().getErr());
    PrintStream out = PhaseCommand.WriterStream.printStream(commandSpec.commandLine().getOut());
    clientSettings.forEach(pe.extra::putIfAbsent); // -p wins, as hbload's own form
    PeBindingProvider provider = new PeBindingProvider(pe.peSpec());
    RunSpec spec =
        SpecParser.parse(
            pe.properties(provider.spec(), provider.spec().execution().clients()),
            Phase.RUN,
            provider,
            provider);
    pe.checkInflight(spec, provider.spec());
    PeCompatOptions.notices(commandSpec).forEach(err::println);
    if (!nomapred) {
      // PE without --nomapred submits a MapReduce job; here the clients stay threads, as they
      // always have: a script
      // written for 'hbase pe' keeps working on this host (and on the embedded HBase) instead of
      // silently needing,
      // or starting, a YARN cluster. The line says where PE's MapReduce form is.
      err.println(
          "hbload pe: clients run as threads in this JVM (PE's --nomapred); for clients as MapReduce map "
              + "tasks, one per client as PE runs them, use hbload mapreduce pe");
    }
    ByteArrayOutputStream ycsbReport = new ByteArrayOutputStream();
    PrintStream reportStream = new PrintStream(ycsbReport, true, StandardCharsets.UTF_8);
    return PhaseLaunch.run(
        commandSpec.commandLine(),
        metrics,
        html,
        spec,
        "pe-" + pe.command,
        err,
        reportStream,
        outcome -> {
          // PE's lines first (per client, then its summary and hbload's aggregate), then YCSB's
          // report
          PeReport.write(
              provider.spec(),
              PeClientResult.of(provider.spec(), outcome.result()),
              outcome.result().runtimeMillis(),
              out);
          out.print(ycsbReport.toString(StandardCharsets.UTF_8));
          out.flush();
        },
        List.of());
  }
}
