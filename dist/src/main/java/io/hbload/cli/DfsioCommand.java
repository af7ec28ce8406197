package io.hbload.cli;

import io.hbload.hdfs.Dfsio;
import io.hbload.hdfs.coder.CoderBench;
import io.hbload.hdfs.config.BadInputException;
import io.hbload.hdfs.config.CoderChoice;
import io.hbload.hdfs.config.DfsioSpec;
import io.hbload.hdfs.config.HdfsSettings;
import io.hbload.hdfs.config.Sizes;
import io.hbload.hdfs.config.StoragePolicy;
import io.hbload.hdfs.report.CoderBenchTable;
import io.hbload.hdfs.report.DfsioLog;
import io.hbload.hdfs.report.JsonReport;
import io.hbload.hdfs.report.RunResult;
import io.hbload.hdfs.report.TextReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hbload dfsio}: streaming replication-vs-erasure-coding benchmark for HDFS (TestDFSIO
 * without MapReduce) and the raw coder benchmark. Parses options into a {@link DfsioSpec} and calls
 * the hdfs-io engine ({@link Dfsio}, {@link CoderBench}).
 *
 * <p>Exit codes: 0 ok; 2 bad input (one line {@code hbload dfsio: <message>} on stderr, nothing
 * written or deleted); 1 run failure (including bytes that did not verify).
 */
@Command(name = "dfsio", mixinStandardHelpOptions = true,
    description = "Write/read/compare HDFS files under replication or erasure coding; benchmark EC coders.",
    subcommands = {DfsioCommand.Write.class, DfsioCommand.Read.class, DfsioCommand.Clean.class,
        DfsioCommand.Compare.class, DfsioCommand.CoderBenchCommand.class})
public final class DfsioCommand implements Callable<Integer> {
  static final int OK = 0;
  static final int FAILED = 1;
  static final int BAD_INPUT = 2;

  @Spec
  CommandSpec spec;

  /** Runs {@code dfsio} alone (bench scripts, no fat jar); {@code hbload dfsio} is the usual entry. */
  public static void main(String[] args) {
    System.exit(new picocli.CommandLine(new DfsioCommand()).execute(args));
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getOut());
    return OK;
  }

  /** Where HDFS is; shared by every subcommand that talks to HDFS. */
  static final class HdfsOptions {
    @Option(names = {"-conf", "--conf", "--hdfs-site"}, paramLabel = "FILE",
        description = "Hadoop configuration file (core-site.xml, hdfs-site.xml); repeatable")
    List<Path> confFiles = new ArrayList<>();

    @Option(names = "--fs", paramLabel = "URI", description = "fs.defaultFS, e.g. hdfs://nn:8020")
    String defaultFs;

    @Option(names = "-D", paramLabel = "KEY=VALUE", description = "Hadoop setting; repeatable")
    Map<String, String> properties = new LinkedHashMap<>();

    @Option(names = "--datanodes", paramLabel = "N",
        description = "DataNodes of the embedded cluster (default: as many as the policy needs)")
    int dataNodes;

    @Option(names = "--dir", paramLabel = "PATH", defaultValue = DfsioSpec.DEFAULT_BASE_DIR,
        description = "HDFS base directory owned by the tool (default: ${DEFAULT-VALUE})")
    String dir;

    HdfsSettings settings() {
      return new HdfsSettings(confFiles, Optional.ofNullable(defaultFs), properties, dataNodes, Optional.empty());
    }
  }

  /** What to write/read and how. */
  static final class RunOptions {
    @Option(names = "--policy", defaultValue = "RS-6-3-1024k",
        description = "REPLICATION or an EC policy: RS-6-3-1024k, RS-3-2-1024k, RS-10-4-1024k, XOR-2-1-1024k (default: ${DEFAULT-VALUE})")
    String policy;

    @Option(names = "--replication", defaultValue = "3", description = "replicas for REPLICATION (default: ${DEFAULT-VALUE})")
    int replication;

    @Option(names = {"-n", "--files"}, defaultValue = "4", description = "number of files (default: ${DEFAULT-VALUE})")
    int files;

    @Option(names = {"-s", "--size"}, defaultValue = "128m", description = "bytes per file, units k/m/g (default: ${DEFAULT-VALUE})")
    String size;

    @Option(names = {"-t", "--streams"}, defaultValue = "1", description = "concurrent streams (default: ${DEFAULT-VALUE})")
    int streams;

    @Option(names = "--buffer", defaultValue = "1m", description = "application buffer per call (default: ${DEFAULT-VALUE})")
    String buffer;

    @Option(names = "--coder", defaultValue = "auto",
        description = "raw RS coder: auto (rs_native > rs_isal > rs_java), rs_native, rs_isal, rs_java (default: ${DEFAULT-VALUE})")
    String coder;

    @Option(names = "--datanodes-down", defaultValue = "0",
        description = "stop K DataNodes holding data units before reading (embedded cluster only)")
    int dataNodesDown;

    @Option(names = "--format", defaultValue = "text", description = "text, json or log (TestDFSIO-like) (default: ${DEFAULT-VALUE})")
    String format;

    @Option(names = "--result-log", paramLabel = "FILE", description = "also append TestDFSIO-like results to FILE")
    Path resultLog;

    DfsioSpec spec(HdfsOptions hdfs) {
      StoragePolicy parsed = StoragePolicy.parse(policy, replication);
      long bufferBytes = Sizes.parse(buffer);
      if (!List.of("text", "json", "log").contains(format)) {
        throw new BadInputException("--format must be text, json or log, got '" + format + "'");
      }
      return new DfsioSpec(parsed, files, Sizes.parse(size), streams,
          (int) Math.min(Integer.MAX_VALUE, bufferBytes), hdfs.dir, CoderChoice.parse(coder), dataNodesDown,
          hdfs.settings());
    }
  }

  /** Shared plumbing: error mapping, notices, output. */
  abstract static class Base implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public final Integer call() {
      PrintWriter err = spec.commandLine().getErr();
      try {
        return run();
      } catch (BadInputException e) {
        err.println("hbload dfsio: " + oneLine(e.getMessage()));
        err.flush();
        return BAD_INPUT;
      } catch (IOException | RuntimeException e) {
        err.println("hbload dfsio: " + spec.name() + " failed: " + oneLine(String.valueOf(e.getMessage()))
            + " (" + e.getClass().getSimpleName() + ")");
        err.flush();
        return FAILED;
      }
    }

    abstract int run() throws IOException;

    void notice(String line) {
      PrintWriter err = spec.commandLine().getErr();
      err.println("hbload dfsio: " + line);
      err.flush();
    }

    int report(List<RunResult> runs, RunOptions options) throws IOException {
      PrintWriter out = spec.commandLine().getOut();
      switch (options.format) {
        case "json":
          out.print(JsonReport.render(runs));
          break;
        case "log":
          runs.forEach(r -> out.print(DfsioLog.render(r)));
          break;
        default:
          out.print(TextReport.render(runs));
      }
      out.flush();
      if (options.resultLog != null) {
        StringBuilder log = new StringBuilder();
        runs.forEach(r -> log.append(DfsioLog.render(r)));
        Files.writeString(options.resultLog, log, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
            StandardOpenOption.APPEND);
      }
      long mismatched = runs.stream().mapToLong(RunResult::mismatchedBytes).sum();
      if (mismatched > 0) {
        notice(mismatched + " bytes read did not match what was written");
        return FAILED;
      }
      return OK;
    }

    static String oneLine(String message) {
      return message == null ? "" : message.lines().findFirst().orElse("");
    }
  }

  @Command(name = "write", mixinStandardHelpOptions = true, description = "Write N files of size S.")
  static final class Write extends Base {
    @Mixin HdfsOptions hdfs = new HdfsOptions();
    @Mixin RunOptions options = new RunOptions();

    @Override
    int run() throws IOException {
      DfsioSpec run = options.spec(hdfs);
      try (Dfsio dfsio = Dfsio.open(run, List.of(run.policy()), this::notice)) {
        return report(List.of(dfsio.write(run)), options);
      }
    }
  }

  @Command(name = "read", mixinStandardHelpOptions = true,
      description = "Read and verify the files a write left (embedded cluster: writes them first, unmeasured).")
  static final class Read extends Base {
    @Mixin HdfsOptions hdfs = new HdfsOptions();
    @Mixin RunOptions options = new RunOptions();

    @Override
    int run() throws IOException {
      DfsioSpec run = options.spec(hdfs);
      try (Dfsio dfsio = Dfsio.open(run, List.of(run.policy()), this::notice)) {
        if (dfsio.isEmbedded()) {
          notice("embedded cluster starts empty: writing the files first (not measured)");
          dfsio.write(run.withDataNodesDown(0));
        }
        return report(List.of(dfsio.read(run)), options);
      }
    }
  }

  @Command(name = "clean", mixinStandardHelpOptions = true,
      description = "Delete the tool's directory; refuses if it holds anything the tool did not write.")
  static final class Clean extends Base {
    @Mixin HdfsOptions hdfs = new HdfsOptions();

    @Override
    int run() throws IOException {
      DfsioSpec run = new DfsioSpec(StoragePolicy.replication(1), 1, 1, 1, 1, hdfs.dir, CoderChoice.AUTO, 0,
          hdfs.settings());
      if (Dfsio.wouldEmbed(run.hdfs())) {
        notice("no HDFS configured: an embedded cluster keeps nothing between runs, nothing to clean");
        return OK;
      }
      try (Dfsio dfsio = Dfsio.open(run, List.of(), this::notice)) {
        int removed = dfsio.clean();
        spec.commandLine().getOut().println("removed " + removed + " files under " + hdfs.dir);
        spec.commandLine().getOut().flush();
        return OK;
      }
    }
  }

  @Command(name = "compare", mixinStandardHelpOptions = true,
      description = "Replication and an EC policy back to back: write, read, degraded read; side by side.")
  static final class Compare extends Base {
    @Mixin HdfsOptions hdfs = new HdfsOptions();
    @Mixin RunOptions options = new RunOptions();

    @Override
    int run() throws IOException {
      DfsioSpec run = options.spec(hdfs);
      if (!run.policy().isErasureCoded()) {
        throw new BadInputException("compare needs an EC --policy (replication is the other side)");
      }
      StoragePolicy replicated = StoragePolicy.replication(options.replication);
      try (Dfsio dfsio = Dfsio.open(run, List.of(replicated, run.policy()), this::notice)) {
        if (!dfsio.isEmbedded() && run.dataNodesDown() == 0) {
          notice("real cluster: the degraded read reports what it observes; stop DataNodes yourself");
        }
        List<RunResult> runs = dfsio.isEmbedded()
            ? dfsio.compare(run, options.replication)
            : realClusterCompare(dfsio, run, replicated);
        return report(runs, options);
      }
    }

    private static List<RunResult> realClusterCompare(Dfsio dfsio, DfsioSpec run, StoragePolicy replicated)
        throws IOException {
      DfsioSpec rep = run.withPolicy(replicated);
      return List.of(dfsio.write(rep), dfsio.read(rep), dfsio.write(run), dfsio.read(run));
    }
  }

  @Command(name = "coder-bench", mixinStandardHelpOptions = true,
      description = "Encode/decode GB/s of every available RS raw coder, cache-hot and larger than cache, plus an agreement check.")
  static final class CoderBenchCommand extends Base {
    @Option(names = "--k", defaultValue = "6", description = "data units (default: ${DEFAULT-VALUE})")
    int k;

    @Option(names = "--p", defaultValue = "3", description = "parity units (default: ${DEFAULT-VALUE})")
    int p;

    @Option(names = "--cell", defaultValue = "1m", description = "cell size (default: ${DEFAULT-VALUE})")
    String cell;

    @Option(names = "--working-set", defaultValue = "288m",
        description = "buffer bytes for the larger-than-cache case (default: ${DEFAULT-VALUE})")
    String workingSet;

    @Option(names = "--seconds", defaultValue = "2", description = "measured seconds per case (default: ${DEFAULT-VALUE})")
    double seconds;

    @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE})")
    String format;

    @Override
    int run() throws IOException {
      long cellBytes = Sizes.parse(cell);
      if (cellBytes > (64 << 20)) {
        throw new BadInputException("--cell must be at most 64m");
      }
      if (!format.equals("text") && !format.equals("json")) {
        throw new BadInputException("--format must be text or json, got '" + format + "'");
      }
      CoderBench.Settings settings = new CoderBench.Settings(k, p, (int) cellBytes, Sizes.parse(workingSet), seconds);
      if (CoderBench.availableCoders().size() == 1) {
        notice("warning: only rs_java is available here; build with gcc + libisal-dev for rs_isal");
      }
      CoderBench.Report report = CoderBench.run(settings, line -> { });
      PrintWriter out = spec.commandLine().getOut();
      out.print(format.equals("json") ? CoderBenchTable.json(report) : CoderBenchTable.text(report));
      out.flush();
      if (!report.agree()) {
        notice("the coders disagree byte for byte");
        return FAILED;
      }
      return OK;
    }
  }
}
