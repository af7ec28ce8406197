package io.hbload.cli;

import io.hbload.cli.contract.BadInput;
import io.hbload.cli.contract.ByteSizeConverter;
import io.hbload.cli.contract.Ranges;
import io.hbload.core.config.OutputPaths;
import io.hbload.core.config.OutputTarget;
import io.hbload.core.config.SiteFiles;
import io.hbload.core.export.ResultOutputs;
import io.hbload.core.fault.FaultCommand;
import io.hbload.hdfs.cluster.HdfsTarget;
import io.hbload.hdfs.config.BadInputException;
import io.hbload.hdfs.config.CoderChoice;
import io.hbload.hdfs.config.DataNodeFault;
import io.hbload.hdfs.config.DfsioSpec;
import io.hbload.hdfs.config.HdfsSettings;
import io.hbload.hdfs.config.StoragePolicy;
import io.hbload.hdfs.report.CoderBenchTable;
import io.hbload.hdfs.report.DfsioReport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/**
 * The options of {@code hbload dfsio}'s subcommands, typed: sizes through the CLI's one size
 * grammar, policy, coder and format through hdfs-io's own parsers, so a bad value is a parameter
 * error (exit 2, one line) before anything runs. Option names and defaults are the ones users'
 * scripts already pass.
 */
final class DfsioOptions {
  private DfsioOptions() {}

  /** Where HDFS is; shared by every subcommand that talks to HDFS. */
  static final class Hdfs {
    @Option(
        names = {"-conf", "--conf", "--hdfs-site"},
        paramLabel = "FILE|DIR",
        description =
            "Hadoop configuration file (core-site.xml, hdfs-site.xml), or a directory holding them; "
                + "repeatable")
    List<Path> confFiles = new ArrayList<>();

    @CommandLine.Mixin KerberosOptions kerberos = new KerberosOptions();

    @Option(names = "--fs", paramLabel = "URI", description = "fs.defaultFS, e.g. hdfs://nn:8020")
    String defaultFs;

    @Option(names = "-D", paramLabel = "KEY=VALUE", description = "Hadoop setting; repeatable")
    Map<String, String> properties = new LinkedHashMap<>();

    @Option(
        names = "--datanodes",
        paramLabel = "N",
        converter = DataNodesConverter.class,
        description =
            "DataNodes of the embedded cluster, at least 1 and at least the policy's data + parity"
                + " units (default: as many as the policy needs)")
    int dataNodes; // 0 when not given: HdfsSettings' "as many as the policy needs"

    @Option(
        names = "--dir",
        paramLabel = "PATH",
        defaultValue = DfsioSpec.DEFAULT_BASE_DIR,
        description = "HDFS base directory owned by the tool (default: ${DEFAULT-VALUE})")
    String dir;

    HdfsSettings settings() {
      HdfsSettings s =
          new HdfsSettings(
              confFiles, Optional.ofNullable(defaultFs), properties, dataNodes, Optional.empty());
      for (Path f :
          s.confFiles()) { // Hadoop reads them lazily, and logs a 40-line trace for a broken one
        String problem = SiteFiles.problem(f);
        if (problem != null) {
          throw new BadInputException("--conf: " + problem);
        }
      }
      return s;
    }

    /**
     * Runs {@code action} with the Kerberos login asked for (if any), before any FileSystem is
     * created.
     */
    <T> T loggedIn(Callable<T> action) throws Exception {
      HdfsSettings s = settings();
      return kerberos.call(HdfsTarget.configuration(s), HdfsTarget.wouldEmbed(s), action);
    }
  }

  /** What to write/read and how, and how to report it. */
  static final class Run {
    /** HDFS's dfs.replication default. */
    static final int DEFAULT_REPLICATION = 3;

    @Option(
        names = "--policy",
        defaultValue = "RS-6-3-1024k",
        converter = PolicyConverter.class,
        description =
            "REPLICATION or an EC policy: RS-6-3-1024k, RS-3-2-1024k, RS-10-4-1024k, XOR-2-1-1024k (default: ${DEFAULT-VALUE})")
    StoragePolicy policy;

    @Option(
        names = "--replication",
        converter = Ranges.Count.class,
        description = "replicas for REPLICATION, at least 1 (default: " + DEFAULT_REPLICATION + ")")
    Integer replication;

    @Option(
        names = {"-n", "--files"},
        defaultValue = "4",
        description = "number of files (default: ${DEFAULT-VALUE})")
    int files;

    @Option(
        names = {"-s", "--size"},
        defaultValue = "128m",
        converter = ByteSizeConverter.class,
        description =
            "bytes per file, units k/m/g (default: ${DEFAULT-VALUE}; in run/load, -s is YCSB's status flag)")
    long size;

    @Option(
        names = {"-t", "--streams"},
        defaultValue = "1",
        description =
            "concurrent streams (default: ${DEFAULT-VALUE}; in YCSB's raw form, -t means run)")
    int streams;

    @Option(
        names = "--buffer",
        defaultValue = "1m",
        converter = ByteSizeConverter.class,
        description = "application buffer per call (default: ${DEFAULT-VALUE})")
    long buffer;

    @Option(
        names = "--coder",
        defaultValue = "auto",
        converter = CoderConverter.class,
        description =
            "raw RS coder: auto (rs_native > rs_isal > rs_java), rs_native, rs_isal, rs_java (default: ${DEFAULT-VALUE})")
    CoderChoice coder;

    @Option(
        names = "--datanodes-down",
        defaultValue = "0",
        description = "stop K DataNodes holding data units before reading (embedded cluster only)")
    int dataNodesDown;

    @Option(
        names = "--kill-datanodes",
        paramLabel = "K",
        description =
            "stop K DataNodes holding the files' blocks in the middle of a timed pass (--at,"
                + " --duration) and report healthy against degraded throughput and p50/p99, the"
                + " repair's MiB/s and the time back to full redundancy; the embedded cluster gets K"
                + " spare DataNodes; a configured cluster needs --fault-exec. The settings that pace"
                + " the repair are named in the report; give them with -D, e.g. -D"
                + " dfs.namenode.heartbeat.recheck-interval=1000 -D"
                + " dfs.namenode.redundancy.interval.seconds=1")
    Integer killDataNodes;

    @Option(
        names = "--at",
        paramLabel = "TIME",
        description = "with --kill-datanodes: when, from the pass's start (default: " + "10s)")
    Duration at;

    @Option(
        names = "--duration",
        paramLabel = "TIME",
        description =
            "with --kill-datanodes: how long the pass reads (writes) its files over and over"
                + " (default: 60s)")
    Duration duration;

    @Option(
        names = "--seed",
        paramLabel = "N",
        description = "with --kill-datanodes: picks which DataNodes (default: 1)")
    Long seed;

    @Option(
        names = "--fault-exec",
        paramLabel = "COMMAND",
        description =
            "with --kill-datanodes on a configured cluster: the shell command that stops one"
                + " DataNode, {host} replaced by a live DataNode holding the files' blocks, {server} by"
                + " its transfer address host:port, {action} by kill-datanode, e.g. 'ssh {host} sudo systemctl stop hadoop-hdfs-datanode'; its"
                + " exit code and last stderr line are reported")
    String faultExec;

    @Option(
        names = "--fault-exec-timeout",
        paramLabel = "TIME",
        description = "how long --fault-exec may run before it is killed (default: 120s)")
    Duration faultExecTimeout;

    /**
     * The DataNode fault asked for, or empty; its options without {@code --kill-datanodes}, or with
     * {@code --datanodes-down}, are refused.
     */
    Optional<DataNodeFault> fault() {
      if (killDataNodes == null) {
        List<String> orphans = new ArrayList<>();
        if (at != null) {
          orphans.add("--at");
        }
        if (duration != null) {
          orphans.add("--duration");
        }
        if (seed != null) {
          orphans.add("--seed");
        }
        if (faultExec != null) {
          orphans.add("--fault-exec");
        }
        if (faultExecTimeout != null) {
          orphans.add("--fault-exec-timeout");
        }
        if (!orphans.isEmpty()) {
          throw new BadInputException(
              String.join(", ", orphans)
                  + " without --kill-datanodes: there is no DataNode fault to time or carry out");
        }
        return Optional.empty();
      }
      if (dataNodesDown > 0) {
        throw new BadInputException(
            "--kill-datanodes and --datanodes-down both stop DataNodes: --datanodes-down before an"
                + " untimed read, --kill-datanodes in the middle of a timed one; give one");
      }
      Optional<FaultCommand> exec = Optional.empty();
      if (faultExec != null) {
        Duration timeout =
            faultExecTimeout == null ? FaultCommand.DEFAULT_TIMEOUT : faultExecTimeout;
        Optional<String> problem = FaultCommand.problem(faultExec, timeout);
        if (problem.isPresent()) {
          throw new BadInputException(problem.get());
        }
        exec = Optional.of(FaultCommand.of(faultExec, timeout));
      }
      return Optional.of(
          new DataNodeFault(
              killDataNodes,
              at == null ? DataNodeFault.DEFAULT_AT : at,
              duration == null ? DataNodeFault.DEFAULT_DURATION : duration,
              seed == null ? 1 : seed,
              exec));
    }

    @Option(
        names = "--format",
        defaultValue = "text",
        converter = ReportFormatConverter.class,
        description = "text, json or log (TestDFSIO-like) (default: ${DEFAULT-VALUE})")
    DfsioReport.Format format;

    @Option(
        names = "--result-log",
        paramLabel = "FILE",
        description = "also append TestDFSIO-like results to FILE. " + OutputTarget.SPECIAL_FILES)
    Path resultLog;

    /**
     * Where the TestDFSIO-like lines go: appended through the temp file reserved before the passes,
     * the log untouched when that fails.
     */
    DfsioReport.ResultLog resultLog(ResultOutputs reserved) {
      Path file = resultLog;
      return file == null
          ? DfsioReport.ResultLog.NONE
          : text -> reserved.append(file, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** Replicas for REPLICATION: {@code --replication}, or HDFS's default. */
    int replicas() {
      return replication == null ? DEFAULT_REPLICATION : replication;
    }

    /**
     * The spec of a write or read of one policy: {@code --replication} with an erasure-coding
     * {@code --policy} is a conflict (it would be ignored), refused; {@code compare} runs both and
     * takes both ({@link #compareSpec}).
     */
    DfsioSpec spec(Hdfs hdfs) {
      if (replication != null && policy.isErasureCoded()) {
        throw new BadInputException(
            "--replication "
                + replication
                + " applies to --policy "
                + StoragePolicy.REPLICATION
                + " only, not to "
                + policy.name()
                + " (dfsio compare runs both)");
      }
      return compareSpec(hdfs);
    }

    /**
     * The spec of {@code compare}: the EC policy, with {@code --replication} for its replicated
     * side.
     */
    DfsioSpec compareSpec(Hdfs hdfs) {
      // checked before any cluster starts: the log is appended to after the run, when a failure
      // would lose it
      String logProblem = resultLog == null ? null : OutputPaths.problem(resultLog);
      if (logProblem != null) {
        throw new BadInputException("--result-log: " + logProblem);
      }
      StoragePolicy stored =
          policy.isErasureCoded() ? policy : StoragePolicy.replication(replicas());
      // DfsioSpec rejects anything past 256m; the clamp only keeps a huge value from wrapping into
      // a valid one
      int bufferBytes = (int) Math.min(Integer.MAX_VALUE, buffer);
      return new DfsioSpec(
          stored,
          files,
          size,
          streams,
          bufferBytes,
          hdfs.dir,
          coder,
          dataNodesDown,
          hdfs.settings());
    }
  }

  /** REPLICATION or an HDFS built-in EC policy; --replication applies to REPLICATION afterwards. */
  static final class PolicyConverter implements ITypeConverter<StoragePolicy> {
    @Override
    public StoragePolicy convert(String value) {
      return BadInput.converted(() -> StoragePolicy.parse(value, 1));
    }
  }

  /**
   * {@code --datanodes}: a whole number, at least 1 (0 used to be taken, in silence, as the
   * default). The other bound, the policy's width, is checked against the policy before the cluster
   * starts.
   */
  static final class DataNodesConverter implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      int n;
      try {
        n = Integer.parseInt(value.strip());
      } catch (NumberFormatException e) {
        throw new CommandLine.TypeConversionException("'" + value + "' is not a number");
      }
      if (n < 1) {
        throw new CommandLine.TypeConversionException(
            "--datanodes must be at least 1, got "
                + n
                + " (leave it out for as many as the policy needs)");
      }
      return n;
    }
  }

  /** auto, rs_native, rs_isal, rs_java. */
  static final class CoderConverter implements ITypeConverter<CoderChoice> {
    @Override
    public CoderChoice convert(String value) {
      return BadInput.converted(() -> CoderChoice.parse(value));
    }
  }

  /** text, json, log. */
  static final class ReportFormatConverter implements ITypeConverter<DfsioReport.Format> {
    @Override
    public DfsioReport.Format convert(String value) {
      return BadInput.converted(() -> DfsioReport.Format.parse(value));
    }
  }

  /** text, json (coder-bench has no TestDFSIO log). */
  static final class BenchFormatConverter implements ITypeConverter<CoderBenchTable.Format> {
    @Override
    public CoderBenchTable.Format convert(String value) {
      return BadInput.converted(() -> CoderBenchTable.Format.parse(value));
    }
  }
}
