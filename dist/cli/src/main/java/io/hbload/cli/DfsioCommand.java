package io.hbload.cli;

import io.hbload.cli.contract.ByteSizeConverter;
import io.hbload.cli.contract.ExitCode;
import io.hbload.cli.contract.GroupCommand;
import io.hbload.core.export.ResultOutputs;
import io.hbload.core.result.ClientInfo;
import io.hbload.hdfs.DfsioPasses;
import io.hbload.hdfs.coder.CoderBench;
import io.hbload.hdfs.config.DataNodeFault;
import io.hbload.hdfs.config.DfsioSpec;
import io.hbload.hdfs.report.CoderBenchTable;
import io.hbload.hdfs.report.DfsioReport;
import io.hbload.hdfs.report.RunResult;
import io.hbload.observe.DfsioMeters;
import io.hbload.observe.MetricsSession;
import io.hbload.observe.RunTags;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hbload dfsio}: streaming replication-vs-erasure-coding benchmark for HDFS (TestDFSIO
 * without MapReduce) and the raw coder benchmark. Each subcommand turns its options into a spec,
 * calls hdfs-io ({@link DfsioPasses}, {@link DfsioReport}, {@link CoderBench}) and returns an
 * {@link ExitCode}; bad input and failures are thrown to the CLI's one error handler (exit 2 / 1,
 * one line {@code hbload dfsio <sub>: ...}).
 */
@Command(
    name = "dfsio",
    mixinStandardHelpOptions = true,
    description =
        "Write/read/compare HDFS files under replication or erasure coding; benchmark EC coders.",
    subcommands = {
      DfsioCommand.Write.class,
      DfsioCommand.Read.class,
      DfsioCommand.Clean.class,
      DfsioCommand.Compare.class,
      DfsioCommand.CoderBenchCommand.class
    })
public final class DfsioCommand extends GroupCommand {
  /**
   * What every subcommand shares: notices on stderr under its own name, and the verdict of a
   * report.
   */
  abstract static class Base implements Callable<Integer> {
    @Spec CommandSpec spec;

    /**
     * One line on stderr, {@code hbload dfsio <sub>: ...}, as the error handler prefixes its lines.
     */
    void notice(String line) {
      PrintWriter err = spec.commandLine().getErr();
      err.println(spec.qualifiedName(" ") + ": " + line);
      err.flush();
    }

    /**
     * Runs the passes with {@code --metrics} open around them (the passes' bytes and MiB/s
     * published once they have all ended), then prints the report and writes the {@code --html}
     * page.
     */
    int measured(MetricsOptions metrics, HtmlOption html, DfsioOptions.Run options, Passes passes)
        throws Exception {
      html.check(spec.commandLine());
      PrintStream err = PhaseCommand.WriterStream.printStream(spec.commandLine().getErr());
      Optional<MetricsSession> watch = Optional.empty();
      // the result log's temp file before the passes: a log that cannot be replaced is found now
      try (ResultOutputs logs = ResultOutputs.reserve(options.resultLog)) {
        watch =
            metrics.open(
                spec.commandLine(), new RunTags("dfsio", "hdfs", 0, ClientInfo.localHost()), err);
        List<RunResult> runs = passes.run();
        watch.ifPresent(m -> runs.forEach(new DfsioMeters(m)::passFinished));
        int code = report(runs, options, logs);
        if (html.requested()) {
          html.writeDfsio(runs);
        }
        return code;
      } finally {
        watch.ifPresent(MetricsSession::close);
        html.close();
      }
    }

    /** The passes of one subcommand. */
    interface Passes {
      List<RunResult> run() throws Exception;
    }

    /** Prints the report; exit 1 with one line when read bytes did not verify. */
    int report(List<RunResult> runs, DfsioOptions.Run options, ResultOutputs logs)
        throws IOException {
      Optional<String> failure =
          DfsioReport.publish(
              runs, options.format, options.resultLog(logs), spec.commandLine().getOut());
      failure.ifPresent(this::notice);
      return failure.isPresent() ? ExitCode.FAILURE : ExitCode.OK;
    }
  }

  @Command(
      name = "write",
      mixinStandardHelpOptions = true,
      description = "Write N files of size S.")
  static final class Write extends Base {
    @Mixin DfsioOptions.Hdfs hdfs = new DfsioOptions.Hdfs();
    @Mixin DfsioOptions.Run options = new DfsioOptions.Run();
    @Mixin MetricsOptions metrics = new MetricsOptions();
    @Mixin HtmlOption html = new HtmlOption();

    @Override
    public Integer call() throws Exception {
      DfsioSpec given = options.spec(hdfs);
      Optional<DataNodeFault> fault = options.fault();
      return measured(
          metrics,
          html,
          options,
          () -> hdfs.loggedIn(() -> DfsioPasses.write(given, fault, this::notice)));
    }
  }

  @Command(
      name = "read",
      mixinStandardHelpOptions = true,
      description =
          "Read and verify the files a write left (embedded cluster: writes them first, unmeasured).")
  static final class Read extends Base {
    @Mixin DfsioOptions.Hdfs hdfs = new DfsioOptions.Hdfs();
    @Mixin DfsioOptions.Run options = new DfsioOptions.Run();
    @Mixin MetricsOptions metrics = new MetricsOptions();
    @Mixin HtmlOption html = new HtmlOption();

    @Override
    public Integer call() throws Exception {
      DfsioSpec given = options.spec(hdfs);
      Optional<DataNodeFault> fault = options.fault();
      return measured(
          metrics,
          html,
          options,
          () -> hdfs.loggedIn(() -> DfsioPasses.read(given, fault, this::notice)));
    }
  }

  @Command(
      name = "clean",
      mixinStandardHelpOptions = true,
      description =
          "Delete the tool's directory; refuses if it holds anything the tool did not write.")
  static final class Clean extends Base {
    @Mixin DfsioOptions.Hdfs hdfs = new DfsioOptions.Hdfs();

    @Override
    public Integer call() throws Exception {
      OptionalInt removed =
          hdfs.loggedIn(() -> DfsioPasses.clean(hdfs.settings(), hdfs.dir, this::notice));
      if (removed.isPresent()) {
        PrintWriter out = spec.commandLine().getOut();
        out.println("removed " + removed.getAsInt() + " files under " + hdfs.dir);
        out.flush();
      }
      return ExitCode.OK;
    }
  }

  @Command(
      name = "compare",
      mixinStandardHelpOptions = true,
      description =
          "Run replication and an EC policy back to back (write, read, degraded read), side by side;"
              + " with --kill-datanodes, each policy's read has the same DataNodes fault.")
  static final class Compare extends Base {
    @Mixin DfsioOptions.Hdfs hdfs = new DfsioOptions.Hdfs();
    @Mixin DfsioOptions.Run options = new DfsioOptions.Run();
    @Mixin MetricsOptions metrics = new MetricsOptions();
    @Mixin HtmlOption html = new HtmlOption();

    @Override
    public Integer call() throws Exception {
      DfsioSpec given = options.compareSpec(hdfs);
      Optional<DataNodeFault> fault = options.fault();
      return measured(
          metrics,
          html,
          options,
          () ->
              hdfs.loggedIn(
                  () -> DfsioPasses.compare(given, options.replicas(), fault, this::notice)));
    }
  }

  @Command(
      name = "coder-bench",
      mixinStandardHelpOptions = true,
      description =
          "Measure the encode/decode GB/s of every available RS raw coder, cache-hot and larger than "
              + "cache, and check that they agree.")
  static final class CoderBenchCommand extends Base {
    @Option(
        names = "--k",
        defaultValue = "6",
        description = "data units, k + p <= 32 (default: ${DEFAULT-VALUE})")
    int k;

    @Option(
        names = "--p",
        defaultValue = "3",
        description = "parity units (default: ${DEFAULT-VALUE})")
    int p;

    @Option(
        names = "--cell",
        defaultValue = "1m",
        converter = ByteSizeConverter.class,
        description = "cell size, at most 64m (default: ${DEFAULT-VALUE})")
    long cell;

    @Option(
        names = "--working-set",
        defaultValue = "288m",
        converter = ByteSizeConverter.class,
        description =
            "buffer bytes for the larger-than-cache case; at most 2^20 buffers and 3/4 of the least of"
                + " -Xmx/2, -XX:MaxDirectMemorySize and RAM/3 (default: ${DEFAULT-VALUE})")
    long workingSet;

    @Option(
        names = "--seconds",
        defaultValue = "2",
        description =
            "measured time per case: seconds, or 500ms, 1m... (default: ${DEFAULT-VALUE})")
    Duration time;

    @Option(
        names = "--format",
        defaultValue = "text",
        converter = DfsioOptions.BenchFormatConverter.class,
        description = "text or json (default: ${DEFAULT-VALUE})")
    CoderBenchTable.Format format;

    @Override
    public Integer call() throws IOException {
      CoderBench.Report report =
          CoderBench.run(CoderBench.Settings.of(k, p, cell, workingSet, time), line -> {});
      PrintWriter out = spec.commandLine().getOut();
      out.print(format.render(report));
      out.flush();
      if (!report.agree()) {
        notice("the coders disagree byte for byte");
        return ExitCode.FAILURE;
      }
      return ExitCode.OK;
    }
  }
}
