package io.hbload.cli;

import io.hbload.cli.contract.ExitCode;
import io.hbload.cli.contract.InterruptHook;
import io.hbload.cli.contract.Requires;
import io.hbload.core.capacity.CapacityResult;
import io.hbload.core.capacity.CapacitySearch;
import io.hbload.core.capacity.LatencyBound;
import io.hbload.core.capacity.ShardExchange;
import io.hbload.core.config.Execution;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyNames;
import io.hbload.core.config.SpecException;
import io.hbload.core.export.ResultOutputs;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.spec.RunSpec;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hbload run}: YCSB's {@code -t} transaction phase, or with {@code --find-max} a capacity
 * search of it.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    versionProvider = HbloadCommand.VersionProvider.class,
    description = "Run the workload's operation mix (YCSB's transaction phase).")
final class RunCommand extends PhaseCommand {
  @Option(
      names = "--find-max",
      paramLabel = "BOUND",
      description =
          "Find the highest rate that holds BOUND, e.g. 'p99<10ms', 'READ.p99.9<5ms,errors<1%%' "
              + "(service.pNN for service time; default latency from the intended start): open-loop steps from -target "
              + "(else half an unthrottled probe's rate) doubling, then bisection; each step warms up hbload.warmup "
              + "(else 1 s) and measures maxexecutiontime (else 5 s; operationcount is ignored); --json holds a"
              + " findMax object, --html draws latency against offered rate. Exit 1 when no rate held BOUND,"
              + " 4 when the client, not the server, was the limit")
  String findMax;

  @Requires("--find-max")
  @Option(
      names = "--find-max-precision",
      paramLabel = "FRACTION",
      defaultValue = "0.05",
      description =
          "--find-max ends when the first broken rate is within FRACTION of the last held one "
              + "(default ${DEFAULT-VALUE})")
  double precision;

  @Requires("--find-max")
  @Option(
      names = "--find-max-exchange",
      paramLabel = "DIR",
      description =
          "With --find-max and --shard I/N: a directory every shard reads and writes (a shared file system), "
              + "empty for each search; the shards take each step together, each offering 1/N of its rate, "
              + "and decide on the merged histograms of all of them")
  Path exchange;

  @Override
  Phase phase() {
    return Phase.RUN;
  }

  @Override
  public Integer call() throws Exception {
    if (findMax == null) {
      return super.call();
    }
    LatencyBound bound = LatencyBound.parse(findMax);
    RunSpec spec =
        HbloadCommand.onClock(SpecParser.parse(options.properties(), phase()), commandSpec);
    refuseWhatASearchIgnores(spec);
    if (!(precision > 0 && precision < 1)) {
      throw new SpecException(
          "--find-max-precision: must be above 0 and below 1, got " + precision);
    }
    PrintStream err = WriterStream.printStream(commandSpec.commandLine().getErr());
    Execution e = spec.execution();
    ShardExchange shards =
        exchange == null
            ? null
            : new ShardExchange(exchange, e.shard(), ShardExchange.DEFAULT_WAIT, e.clock());
    CapacitySearch search =
        new CapacitySearch(
            spec,
            bound,
            new CapacitySearch.Settings(
                e.runTargetOpsPerSec(), // the search's, not this shard's share
                2,
                precision,
                // the search's own default only when hbload.warmup was not given: an explicit 0s
                // means no warm-up, as it does for a run
                spec.provenance().sets(PropertyNames.WARMUP) ? e.warmup() : Duration.ofSeconds(1),
                Duration.ofSeconds(
                    e.maxExecutionTimeSeconds() > 0 ? e.maxExecutionTimeSeconds() : 5),
                40),
            err,
            shards);
    // created before the search, so that a file that cannot be written is found before minutes of
    // steps
    Path json = spec.outputs().jsonFile();
    html.refuseSameFile(spec.outputs());
    html.check(commandSpec.commandLine());
    try (ResultOutputs files = ResultOutputs.reserve(json);
        InterruptHook hook =
            InterruptHook.install(
                () -> search.requestStop("interrupted"), Math.max(60, e.stopGraceSeconds() + 30))) {
      CapacityResult result = search.run();
      if (json != null) {
        byte[] doc = (result.json() + System.lineSeparator()).getBytes(StandardCharsets.UTF_8);
        files.write(json, out -> out.write(doc));
      }
      if (html.requested()) {
        html.writeFindMax(result);
      }
      if (result.note() != null && result.note().startsWith("stopped before")) {
        return ExitCode.INTERRUPTED;
      }
      // the summary line, last on stderr, says which: a script must not go on as if a capacity
      // had been found
      return result.generatorLimited()
          ? ExitCode.GENERATOR_LIMIT
          : result.noRateHeld() ? ExitCode.FAILURE : ExitCode.OK;
    } finally {
      html.close();
    }
  }

  /**
   * A search runs many phases of its own making (operationcount gives way to each step's time):
   * options that describe one phase's outputs or its placement among shards are refused rather than
   * silently ignored.
   */
  private void refuseWhatASearchIgnores(RunSpec spec) {
    List<String> refused = new ArrayList<>();
    if (spec.outputs().hlogFile() != null) {
      refused.add("--hlog");
    }
    if (spec.outputs().exportFile() != null) {
      refused.add("exportfile");
    }
    if (spec.execution().shard().sharded() && exchange == null) {
      throw new SpecException(
          "--find-max with --shard needs --find-max-exchange DIR, a directory every shard reads"
              + " and writes, so that they decide each step together");
    }
    if (spec.execution().startAt() != null) {
      refused.add("--start-at");
    }
    if (spec.execution().audit().enabled()) {
      refused.add("--verify");
    }
    if (spec.execution().scheduled()) {
      refused.add("a -target schedule (its first rate is a number)");
    }
    if (spec.execution().slo() != null) {
      refused.add("--slo (the search's bound is its own)");
    }
    if (metrics.target != null) {
      refused.add("--metrics");
    }
    if (!refused.isEmpty()) {
      throw new SpecException(
          "--find-max runs phases of its own: it does not take " + String.join(", ", refused));
    }
  }
}
