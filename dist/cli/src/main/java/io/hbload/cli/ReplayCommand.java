package io.hbload.cli;

import io.hbload.core.binding.BindingProvider;
import io.hbload.core.binding.Bindings;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyNames;
import io.hbload.core.config.PropertySources;
import io.hbload.core.config.SpecException;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.source.WorkloadType;
import io.hbload.core.spec.BindingChoice;
import io.hbload.core.spec.RunSpec;
import io.hbload.core.trace.ReplayTally;
import io.hbload.core.trace.TraceException;
import io.hbload.core.trace.TraceFormat;
import io.hbload.core.trace.TracePreview;
import io.hbload.core.trace.TraceSpec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code hbload replay TRACE}: a key-value trace replayed open loop at its own timing, faster, or
 * at a fixed rate, with run's bindings, report, JSON and HTML, and the replay's own figures
 * (records, send skew, spans). The trace's first records are checked before anything starts; a
 * damaged line later stops the run (exit 1) with its report.
 */
@Command(
    name = "replay",
    mixinStandardHelpOptions = true,
    versionProvider = HbloadCommand.VersionProvider.class,
    description = {
      "Replay a key-value trace, open loop: each record is sent at its scheduled time whatever is"
          + " outstanding, and its latency counts from that time; nothing is dropped. The report"
          + " is run's plus [REPLAY] lines: records per operation, send skew (sent minus"
          + " scheduled) p50/p99/max, the trace's span and the replay's. docs/replay.md.",
      "Formats: twitter (Twitter's cache traces: timestamp,anonymized key,key size,value size,"
          + "client id,operation,TTL; timestamps in seconds, the records of one second spread"
          + " evenly over it) and hbload (time,op,key,valuesize; time in seconds, decimals"
          + " allowed; op read, write or delete). .gz and .zst are read as a stream.",
      "Operations: get, gets -> READ of the row; set, add, replace, cas, append, prepend, incr,"
          + " decr -> UPDATE, a put of the value size's bytes (at least 1); delete -> DELETE of"
          + " the row. A key becomes the row user<FNV-1a-64 hash of the key>, the same in every"
          + " run.",
      "A damaged line among the first "
          + TracePreview.LINES
          + " is bad input (exit 2); one found later stops the replay (exit 1, the report still"
          + " printed), naming the file and line."
    })
final class ReplayCommand implements Callable<Integer> {
  @Spec CommandSpec commandSpec;

  @Parameters(
      index = "0",
      paramLabel = "TRACE",
      description = "The trace file (.gz or .zst compressed, or plain)")
  Path trace;

  @Option(
      names = "--format",
      paramLabel = "twitter|hbload",
      description =
          "The trace's format; default hbload for a name ending in .hbload.csv (or .hbload),"
              + " compressed or not, else twitter")
  String format;

  @Option(
      names = "--speed",
      paramLabel = "X",
      description = "Play the trace's own timing X times faster (default 1)")
  Double speed;

  @Option(
      names = "--rate",
      paramLabel = "OPS",
      description = "Send the records in trace order at OPS per second instead of at their times")
  Double rate;

  @Option(
      names = "--load",
      description =
          "First write every key the trace reads before it writes it (a pass over the trace in"
              + " bounded memory), so that reads hit; not measured")
  boolean load;

  @Option(
      names = "--max-value-size",
      paramLabel = "BYTES",
      description = "A write's value is its record's size, capped at BYTES (default 1048576)")
  Integer maxValueBytes;

  /** The binding, its cluster, threads, status lines and result files, as run takes them. */
  @Mixin ClientOptions client = new ClientOptions();

  @Mixin MetricsOptions metrics = new MetricsOptions();

  @Mixin HtmlOption html = new HtmlOption();

  /**
   * Operations each worker keeps outstanding unless told, on a binding with an async interface: an
   * open loop must not wait for a call before sending the next record.
   */
  static final String DEFAULT_INFLIGHT = "64";

  @Override
  public Integer call() throws Exception {
    PrintStream err = PhaseCommand.WriterStream.printStream(commandSpec.commandLine().getErr());
    PrintStream out = PhaseCommand.WriterStream.printStream(commandSpec.commandLine().getOut());
    TraceSpec traceSpec = traceSpec();
    try {
      TracePreview.check(traceSpec);
    } catch (TraceException e) {
      throw new SpecException(e.getMessage());
    }
    RunSpec parsed = HbloadCommand.onClock(SpecParser.parse(properties(), Phase.RUN), commandSpec);
    ReplayTally tally = new ReplayTally(traceSpec);
    RunSpec spec = parsed.withBinding(replayed(parsed.binding(), traceSpec, tally));
    return PhaseLaunch.run(
        commandSpec.commandLine(),
        metrics,
        html,
        spec,
        "replay",
        err,
        out,
        outcome -> {},
        List.of(new ReplayStatus(tally, err)));
  }

  /** The trace, its format and its pace, checked: one line for what is wrong. */
  private TraceSpec traceSpec() {
    if (speed != null && rate != null) {
      throw new SpecException("--speed and --rate exclude each other: give one");
    }
    try {
      TraceFormat f = format == null ? TraceSpec.formatOf(trace) : TraceFormat.named(format);
      return new TraceSpec(
          trace,
          f,
          rate != null ? 0 : speed == null ? 1 : speed,
          rate == null ? 0 : rate,
          load,
          maxValueBytes == null ? TraceSpec.DEFAULT_MAX_VALUE_BYTES : maxValueBytes);
    } catch (IllegalArgumentException e) {
      throw new SpecException(e.getMessage());
    }
  }

  /** The binding the options chose, running the trace instead of YCSB's workload. */
  private static BindingChoice replayed(BindingChoice chosen, TraceSpec trace, ReplayTally tally) {
    if (!(chosen.workload() instanceof WorkloadType.YcsbWorkloadType ycsb)) {
      throw new SpecException("binding " + chosen.name() + " cannot replay a trace");
    }
    BindingProvider provider = ycsb.provider();
    return new BindingChoice(
        chosen.name(),
        chosen.provider(),
        chosen.settings(),
        WorkloadType.replay(provider, trace, tally));
  }

  /**
   * The options as properties, YCSB's precedence (files, then the command line); the workload's
   * counts are the trace's, so operationcount is unbounded (the trace's end ends the run).
   */
  private Map<String, String> properties() {
    PropertySources sources = new PropertySources();
    client.files(sources);
    client.settings(sources);
    Map<String, String> merged = sources.merge();
    for (String paced :
        List.of(
            PropertyNames.TARGET,
            PropertyNames.OPERATION_COUNT,
            PropertyNames.WARMUP,
            PropertyNames.SHARD,
            PropertyNames.FAULTS,
            PropertyNames.VERIFY)) {
      if (merged.containsKey(paced)) {
        throw new SpecException(
            paced + " is not for a replay: the trace sets the operations and their times");
      }
    }
    merged.putIfAbsent(PropertyNames.DB, PhaseOptions.defaultBinding());
    if (!merged.containsKey(PropertyNames.INFLIGHT)
        && Bindings.find(merged.get(PropertyNames.DB)).supportsAsync()) {
      // open loop on a binding that can keep calls outstanding: a slow call holds no record back
      merged.put(PropertyNames.INFLIGHT, DEFAULT_INFLIGHT);
    }
    // the trace's end ends the run; one record makes the YCSB parts of the spec valid
    merged.put(PropertyNames.OPERATION_COUNT, "0");
    merged.putIfAbsent(PropertyNames.RECORD_COUNT, "1");
    return merged;
  }
}
