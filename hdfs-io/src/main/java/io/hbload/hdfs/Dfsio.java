package io.hbload.hdfs;

import io.hbload.core.fault.FaultCommand;
import io.hbload.hdfs.cluster.EmbeddedCluster;
import io.hbload.hdfs.cluster.HdfsTarget;
import io.hbload.hdfs.coder.CoderSelection;
import io.hbload.hdfs.config.BadInputException;
import io.hbload.hdfs.config.DataNodeFault;
import io.hbload.hdfs.config.DfsioSpec;
import io.hbload.hdfs.config.HdfsSettings;
import io.hbload.hdfs.config.StoragePolicy;
import io.hbload.hdfs.fault.DataNodeFaultPass;
import io.hbload.hdfs.report.RunMeter;
import io.hbload.hdfs.report.RunResult;
import io.hbload.hdfs.stream.FileResult;
import io.hbload.hdfs.stream.ParallelStreams;
import io.hbload.hdfs.stream.PassProgress;
import io.hbload.hdfs.stream.RunDirectory;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * The dfsio engine: write, read (optionally degraded), clean and compare passes against one HDFS,
 * embedded or real. {@link DfsioPasses} strings them together for each {@code hbload dfsio}
 * command; tests and benchmarks call them directly.
 *
 * <pre>{@code
 * try (Dfsio dfsio = Dfsio.open(spec, List.of(spec.policy()), System.err::println)) {
 *   RunResult w = dfsio.write(spec);
 *   RunResult r = dfsio.read(spec.withDataNodesDown(2));
 * }
 * }</pre>
 *
 * <p>Not thread-safe: one driver thread calls it; each pass runs its own worker threads. {@link
 * BadInputException} means nothing was written or deleted; {@link IOException} is a run failure.
 */
public final class Dfsio implements AutoCloseable {
  private final HdfsTarget target;
  private final RunDirectory directory;
  private final Consumer<String> notices;
  private Duration progressEvery = Duration.ofSeconds(10);

  private Dfsio(HdfsTarget target, RunDirectory directory, Consumer<String> notices) {
    this.target = target;
    this.directory = directory;
    this.notices = notices;
  }

  /**
   * Connects (or starts an embedded cluster wide enough for every policy in {@code policies}),
   * installs the raw coder choice and checks every policy is usable there.
   *
   * @param notices one-line messages for the user (embedded cluster started, coder fallback)
   */
  public static Dfsio open(DfsioSpec spec, List<StoragePolicy> policies, Consumer<String> notices)
      throws IOException {
    return open(spec, policies, 0, notices);
  }

  /**
   * As above, an embedded cluster started with {@code spareDataNodes} more than the widest policy
   * needs: DataNodes a fault stops, so that the rest can rebuild every unit elsewhere.
   */
  public static Dfsio open(
      DfsioSpec spec, List<StoragePolicy> policies, int spareDataNodes, Consumer<String> notices)
      throws IOException {
    CoderSelection.Resolved coders = CoderSelection.resolve(spec.coder());
    int width = embeddedWidth(policies, 0);
    int requested = spec.hdfs().embeddedDataNodes();
    if (requested > 0
        && requested < width
        && spec.hdfs().defaultFs().isEmpty()
        && spec.hdfs().confFiles().isEmpty()) {
      StoragePolicy widest =
          policies.stream()
              .filter(p -> p.dataNodesForFullWidth() == width)
              .findFirst()
              .orElseThrow();
      throw new BadInputException(
          widest + " needs " + width + " DataNodes, --datanodes is " + requested);
    }
    coders.warning().ifPresent(notices);
    HdfsTarget target =
        HdfsTarget.open(
            spec.hdfs(),
            width + spareDataNodes,
            Map.of(CoderSelection.RS_RAWCODERS_KEY, coders.rawCoders()),
            notices);
    return checked(target, spec, policies, notices);
  }

  /**
   * Runs on an embedded cluster the caller owns (one cluster for many passes: tests, benchmarks);
   * closing the returned object leaves the cluster running.
   */
  public static Dfsio attach(
      EmbeddedCluster cluster,
      DfsioSpec spec,
      List<StoragePolicy> policies,
      Consumer<String> notices)
      throws IOException {
    CoderSelection.Resolved coders = CoderSelection.resolve(spec.coder());
    coders.warning().ifPresent(notices);
    HdfsTarget target =
        HdfsTarget.attach(cluster, Map.of(CoderSelection.RS_RAWCODERS_KEY, coders.rawCoders()));
    return checked(target, spec, policies, notices);
  }

  private static Dfsio checked(
      HdfsTarget target, DfsioSpec spec, List<StoragePolicy> policies, Consumer<String> notices)
      throws IOException {
    try {
      for (StoragePolicy policy : policies) {
        target.checkUsable(policy);
      }
      if (spec.dataNodesDown() > 0 && target.embedded().isEmpty()) {
        throw new BadInputException(
            "--datanodes-down needs the embedded cluster; on a real cluster "
                + "stop DataNodes yourself, the read reports what it observed");
      }
      return new Dfsio(target, new RunDirectory(target.fileSystem(), spec.baseDir()), notices);
    } catch (IOException | RuntimeException e) {
      target.close();
      throw e;
    }
  }

  /** How often a pass prints its progress to the notices (10 s by default; zero for never). */
  public Dfsio progressEvery(Duration every) {
    this.progressEvery = every;
    return this;
  }

  private PassProgress progress(String pass, DfsioSpec spec) {
    return new PassProgress(
        pass + " " + spec.policy(),
        spec.files(),
        spec.files() * spec.fileBytes(),
        progressEvery,
        notices);
  }

  /** Writes {@code spec.files()} files of {@code spec.fileBytes()} under the spec's policy. */
  public RunResult write(DfsioSpec spec) throws IOException {
    StoragePolicy policy = spec.policy();
    directory.prepareForWrite(policy);
    String coder = coderName(policy);
    RunMeter meter = new RunMeter();
    List<FileResult> files;
    try (PassProgress progress = progress("write", spec)) {
      files =
          ParallelStreams.run(
              fs(),
              spec.files(),
              spec.streams(),
              spec.bufferBytes(),
              progress,
              (streams, file) ->
                  streams.write(directory.file(policy, file), file, spec.fileBytes(), policy));
    }
    return meter.finish("write", policy.toString(), coder, target.description(), files, 0);
  }

  /**
   * Reads and verifies the files a previous write left; with {@code spec.dataNodesDown() > 0} stops
   * that many DataNodes holding data units first and restarts them afterwards.
   *
   * @throws BadInputException when the files are missing or have another size
   */
  public RunResult read(DfsioSpec spec) throws IOException {
    StoragePolicy policy = spec.policy();
    requireFiles(spec);
    List<String> paths = paths(spec);
    String coder = coderName(policy);
    int down = spec.dataNodesDown();
    if (down > 0) {
      EmbeddedCluster cluster = target.embedded().orElseThrow();
      List<String> stopped = cluster.stopDataNodesHoldingData(fs(), paths, down);
      notices.accept("stopped " + stopped.size() + " DataNodes holding data units: " + stopped);
    }
    try {
      RunMeter meter = new RunMeter();
      List<FileResult> files;
      try (PassProgress progress = progress(down > 0 ? "degraded-read" : "read", spec)) {
        files =
            ParallelStreams.run(
                fs(),
                spec.files(),
                spec.streams(),
                spec.bufferBytes(),
                progress,
                (streams, file) ->
                    streams.read(directory.file(policy, file), file, spec.fileBytes()));
      }
      return meter.finish(
          down > 0 ? "degraded-read" : "read",
          policy.toString(),
          coder,
          target.description(),
          files,
          down);
    } finally {
      if (down > 0) {
        target.embedded().orElseThrow().restartStoppedDataNodes();
      }
    }
  }

  /** The HDFS paths of the spec's files. */
  private List<String> paths(DfsioSpec spec) {
    List<String> paths = new ArrayList<>();
    for (int i = 0; i < spec.files(); i++) {
      paths.add(directory.file(spec.policy(), i).toUri().getPath());
    }
    return paths;
  }

  /** Refuses a read of files a previous write did not leave. */
  private void requireFiles(DfsioSpec spec) throws IOException {
    List<FileStatus> present = directory.existingFiles(spec.policy());
    if (present.size() < spec.files()) {
      throw new BadInputException(
          "found "
              + present.size()
              + " files in "
              + directory.policyDir(spec.policy())
              + ", need "
              + spec.files()
              + "; run write first");
    }
  }

  /** DataNodes an embedded cluster for {@code policies} gets: the widest's width plus spares. */
  public static int embeddedWidth(List<StoragePolicy> policies, int spareDataNodes) {
    return policies.stream().mapToInt(StoragePolicy::dataNodesForFullWidth).max().orElse(1)
        + spareDataNodes;
  }

  /**
   * Writes the spec's files over and over for the fault's duration, stopping its DataNodes in the
   * middle ({@link DataNodeFaultPass}); on the embedded cluster they are restarted afterwards.
   */
  public RunResult write(DfsioSpec spec, DataNodeFault fault) throws IOException {
    StoragePolicy policy = spec.policy();
    directory.prepareForWrite(policy);
    int n = spec.files();
    return faulted(
        "write",
        spec,
        fault,
        (streams, i) ->
            streams.write(directory.file(policy, i % n), i % n, spec.fileBytes(), policy));
  }

  /**
   * Reads and verifies the files a previous write left, over and over for the fault's duration,
   * stopping its DataNodes in the middle; on the embedded cluster they are restarted afterwards.
   */
  public RunResult read(DfsioSpec spec, DataNodeFault fault) throws IOException {
    StoragePolicy policy = spec.policy();
    requireFiles(spec);
    int n = spec.files();
    return faulted(
        "read",
        spec,
        fault,
        (streams, i) -> streams.read(directory.file(policy, i % n), i % n, spec.fileBytes()));
  }

  private RunResult faulted(
      String phase, DfsioSpec spec, DataNodeFault fault, ParallelStreams.FileTask task)
      throws IOException {
    StoragePolicy policy = spec.policy();
    fault.check(policy, target.liveDataNodes());
    List<String> paths = paths(spec);
    String coder = coderName(policy);
    DataNodeFaultPass pass =
        new DataNodeFaultPass(fs(), target.configuration(), paths, fault, stopper(fault), notices);
    notices.accept(
        phase
            + " "
            + policy
            + " for "
            + fault.duration().toSeconds()
            + " s, "
            + fault.count()
            + " DataNode(s) holding its blocks stopped at "
            + fault.at().toMillis() / 1000.0
            + " s (seed "
            + fault.seed()
            + ")");
    RunMeter meter = new RunMeter();
    try {
      DataNodeFaultPass.Outcome outcome =
          pass.run(
              (timer, more) ->
                  ParallelStreams.run(
                      fs(),
                      Integer.MAX_VALUE,
                      spec.streams(),
                      spec.bufferBytes(),
                      PassProgress.silent(),
                      timer,
                      more,
                      task));
      // finished before the restart below, which is no part of the pass
      return meter.finish(
          phase,
          policy.toString(),
          coder,
          target.description(),
          outcome.files(),
          fault.count(),
          Optional.of(outcome.fault()));
    } finally {
      if (fault.exec().isEmpty()) {
        target.embedded().orElseThrow().restartStoppedDataNodes();
      } else {
        notices.accept("the DataNodes --fault-exec stopped stay down: start them again yourself");
      }
    }
  }

  /** Stops a DataNode: the user's command when given, else the embedded cluster, in process. */
  private DataNodeFaultPass.Stopper stopper(DataNodeFault fault) {
    if (fault.exec().isPresent()) {
      FaultCommand command = fault.exec().get();
      return (xferAddr, host) -> {
        FaultCommand.Outcome o = command.run(host, xferAddr, "kill-datanode");
        if (!o.succeeded()) {
          throw new IOException(o.describe());
        }
        return "stopped DataNode " + xferAddr + " by " + o.describe();
      };
    }
    EmbeddedCluster cluster =
        target
            .embedded()
            .orElseThrow(
                () ->
                    new BadInputException(
                        "--kill-datanodes on a cluster hbload does not own needs --fault-exec"));
    return (xferAddr, host) -> cluster.stopDataNode(xferAddr);
  }

  /** Deletes the tool's directory after checking it holds only what the tool wrote. */
  public int clean() throws IOException {
    return directory.clean();
  }

  /**
   * Replication then the spec's EC policy, back to back: write, read, and a degraded read with
   * {@code spec.dataNodesDown()} DataNodes down (the policy's parity count when 0).
   */
  public List<RunResult> compare(DfsioSpec spec, int replication) throws IOException {
    List<RunResult> runs = new ArrayList<>();
    DfsioSpec replicated = spec.withPolicy(StoragePolicy.replication(replication));
    runs.add(write(replicated));
    runs.add(read(replicated));
    DfsioSpec ec = spec.withDataNodesDown(0);
    runs.add(write(ec));
    runs.add(read(ec));
    int down = spec.dataNodesDown() > 0 ? spec.dataNodesDown() : spec.policy().parityUnits();
    runs.add(read(spec.withDataNodesDown(down)));
    return runs;
  }

  /** True when {@code settings} point at no HDFS, so a run would use a fresh embedded cluster. */
  public static boolean wouldEmbed(HdfsSettings settings) {
    return HdfsTarget.wouldEmbed(settings);
  }

  /** The raw coder Hadoop builds for {@code policy} with this run's configuration. */
  public String coderName(StoragePolicy policy) {
    return CoderSelection.coderInUse(target.configuration(), policy);
  }

  /** What HDFS this is, one line. */
  public String targetDescription() {
    return target.description();
  }

  public boolean isEmbedded() {
    return target.embedded().isPresent();
  }

  private DistributedFileSystem fs() {
    return target.fileSystem();
  }

  @Override
  public void close() throws IOException {
    target.close();
  }
}
