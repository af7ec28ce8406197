package io.hbload.hdfs;

import io.hbload.hdfs.config.BadInputException;
import io.hbload.hdfs.config.CoderChoice;
import io.hbload.hdfs.config.DataNodeFault;
import io.hbload.hdfs.config.DfsioSpec;
import io.hbload.hdfs.config.HdfsSettings;
import io.hbload.hdfs.config.StoragePolicy;
import io.hbload.hdfs.report.RunResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;

/**
 * What each {@code hbload dfsio} command runs, start to finish: opens the HDFS (or an embedded
 * cluster), runs the passes in order and closes it. The decisions that depend on where HDFS is live
 * here: an embedded cluster starts empty, so a read writes first; a real cluster cannot have
 * DataNodes stopped for it, so compare runs four passes instead of five. Stateless.
 */
public final class DfsioPasses {
  private DfsioPasses() {}

  /** One measured write of the spec's files. */
  public static List<RunResult> write(DfsioSpec spec, Consumer<String> notices) throws IOException {
    try (Dfsio dfsio = Dfsio.open(spec, List.of(spec.policy()), notices)) {
      return List.of(dfsio.write(spec));
    }
  }

  /**
   * One measured, verified read; on an embedded cluster the files are written first, unmeasured.
   */
  public static List<RunResult> read(DfsioSpec spec, Consumer<String> notices) throws IOException {
    try (Dfsio dfsio = Dfsio.open(spec, List.of(spec.policy()), notices)) {
      if (dfsio.isEmbedded()) {
        notices.accept("embedded cluster starts empty: writing the files first (not measured)");
        dfsio.write(spec.withDataNodesDown(0));
      }
      return List.of(dfsio.read(spec));
    }
  }

  /**
   * {@code replication}-way replication and the spec's EC policy back to back: write and read each,
   * plus (embedded only) a degraded EC read.
   *
   * @throws BadInputException when the spec's policy is not erasure coded
   */
  public static List<RunResult> compare(DfsioSpec spec, int replication, Consumer<String> notices)
      throws IOException {
    if (!spec.policy().isErasureCoded()) {
      throw new BadInputException("compare needs an EC --policy (replication is the other side)");
    }
    StoragePolicy replicated = StoragePolicy.replication(replication);
    try (Dfsio dfsio = Dfsio.open(spec, List.of(replicated, spec.policy()), notices)) {
      if (dfsio.isEmbedded()) {
        return dfsio.compare(spec, replication);
      }
      // open() refused --datanodes-down on a real cluster: nobody stops DataNodes here
      notices.accept(
          "real cluster: the degraded read reports what it observes; stop DataNodes yourself");
      DfsioSpec rep = spec.withPolicy(replicated);
      return List.of(dfsio.write(rep), dfsio.read(rep), dfsio.write(spec), dfsio.read(spec));
    }
  }

  /** {@link #write(DfsioSpec, Consumer)}, or with {@code fault} when there is one. */
  public static List<RunResult> write(
      DfsioSpec spec, Optional<DataNodeFault> fault, Consumer<String> notices) throws IOException {
    return fault.isPresent() ? write(spec, fault.get(), notices) : write(spec, notices);
  }

  /** {@link #read(DfsioSpec, Consumer)}, or with {@code fault} when there is one. */
  public static List<RunResult> read(
      DfsioSpec spec, Optional<DataNodeFault> fault, Consumer<String> notices) throws IOException {
    return fault.isPresent() ? read(spec, fault.get(), notices) : read(spec, notices);
  }

  /** {@link #compare(DfsioSpec, int, Consumer)}, or with {@code fault} when there is one. */
  public static List<RunResult> compare(
      DfsioSpec spec, int replication, Optional<DataNodeFault> fault, Consumer<String> notices)
      throws IOException {
    return fault.isPresent()
        ? compare(spec, replication, fault.get(), notices)
        : compare(spec, replication, notices);
  }

  /** One timed write with DataNodes stopped in its middle ({@code --kill-datanodes}). */
  public static List<RunResult> write(DfsioSpec spec, DataNodeFault fault, Consumer<String> notices)
      throws IOException {
    List<StoragePolicy> policies = List.of(spec.policy());
    preflight(spec, policies, fault, notices);
    try (Dfsio dfsio = Dfsio.open(spec, policies, fault.count(), notices)) {
      return List.of(dfsio.write(spec, fault));
    }
  }

  /**
   * One timed, verified read with DataNodes stopped in its middle; on an embedded cluster the files
   * are written first, unmeasured.
   */
  public static List<RunResult> read(DfsioSpec spec, DataNodeFault fault, Consumer<String> notices)
      throws IOException {
    List<StoragePolicy> policies = List.of(spec.policy());
    preflight(spec, policies, fault, notices);
    try (Dfsio dfsio = Dfsio.open(spec, policies, fault.count(), notices)) {
      if (dfsio.isEmbedded()) {
        notices.accept("embedded cluster starts empty: writing the files first (not measured)");
        dfsio.write(spec.withDataNodesDown(0));
      }
      return List.of(dfsio.read(spec, fault));
    }
  }

  /**
   * {@code replication}-way replication and the spec's EC policy under the same DataNode fault: for
   * each, a write, then a timed read with the DataNodes stopped in its middle, so that "RS-6-3
   * against 3x replication with two DataNodes stopped" is one command.
   */
  public static List<RunResult> compare(
      DfsioSpec spec, int replication, DataNodeFault fault, Consumer<String> notices)
      throws IOException {
    if (!spec.policy().isErasureCoded()) {
      throw new BadInputException("compare needs an EC --policy (replication is the other side)");
    }
    StoragePolicy replicated = StoragePolicy.replication(replication);
    List<StoragePolicy> policies = List.of(replicated, spec.policy());
    preflight(spec, policies, fault, notices);
    try (Dfsio dfsio = Dfsio.open(spec, policies, fault.count(), notices)) {
      List<RunResult> runs = new ArrayList<>();
      for (StoragePolicy policy : policies) {
        DfsioSpec one = spec.withPolicy(policy).withDataNodesDown(0);
        runs.add(dfsio.write(one));
        runs.add(dfsio.read(one, fault));
      }
      return runs;
    }
  }

  /**
   * What can be refused before any cluster starts: a fault on a cluster hbload does not own without
   * a command to carry it out, and one the policies or the embedded cluster cannot survive.
   */
  private static void preflight(
      DfsioSpec spec, List<StoragePolicy> policies, DataNodeFault fault, Consumer<String> notices) {
    if (!Dfsio.wouldEmbed(spec.hdfs())) {
      if (fault.exec().isEmpty()) {
        throw new BadInputException(
            "--kill-datanodes on a configured cluster needs --fault-exec 'COMMAND {host}' (e.g. 'ssh"
                + " {host} sudo systemctl stop hadoop-hdfs-datanode'): hbload can stop only the"
                + " DataNodes of its embedded cluster");
      }
      policies.forEach(p -> fault.check(p, -1)); // the live count is checked once connected
      return;
    }
    int given = spec.hdfs().embeddedDataNodes();
    int dataNodes = given > 0 ? given : Dfsio.embeddedWidth(policies, fault.count());
    policies.forEach(p -> fault.check(p, dataNodes));
    int widest = Dfsio.embeddedWidth(policies, 0);
    if (dataNodes - fault.count() < widest) {
      notices.accept(
          "warning: "
              + dataNodes
              + " DataNodes less the "
              + fault.count()
              + " stopped leave "
              + (dataNodes - fault.count())
              + ", fewer than the "
              + widest
              + " a block needs: full redundancy cannot come back (leave --datanodes out for "
              + Dfsio.embeddedWidth(policies, fault.count())
              + ")");
    }
  }

  /**
   * Deletes the tool's directory {@code baseDir} after checking it holds only what the tool wrote.
   *
   * @return files removed, or empty when {@code hdfs} names no HDFS: an embedded cluster keeps
   *     nothing to clean
   */
  public static OptionalInt clean(HdfsSettings hdfs, String baseDir, Consumer<String> notices)
      throws IOException {
    if (Dfsio.wouldEmbed(hdfs)) {
      notices.accept(
          "no HDFS configured: an embedded cluster keeps nothing between runs, nothing to clean");
      return OptionalInt.empty();
    }
    DfsioSpec spec =
        new DfsioSpec(StoragePolicy.replication(1), 1, 1, 1, 1, baseDir, CoderChoice.AUTO, 0, hdfs);
    try (Dfsio dfsio = Dfsio.open(spec, List.of(), notices)) {
      return OptionalInt.of(dfsio.clean());
    }
  }
}
