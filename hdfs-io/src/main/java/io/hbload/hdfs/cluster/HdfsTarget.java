package io.hbload.hdfs.cluster;

import io.hbload.hdfs.config.BadInputException;
import io.hbload.hdfs.config.HdfsSettings;
import io.hbload.hdfs.config.StoragePolicy;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.ErasureCodingPolicyInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.AccessControlException;

/**
 * The HDFS a run talks to: a real cluster from configuration files / {@code fs.defaultFS}, or an
 * {@link EmbeddedCluster} when nothing points at HDFS. Checks up front what would otherwise fail
 * half-way (unreachable NameNode, unknown or not enabled policy, too few DataNodes) and reports it
 * as {@link BadInputException}.
 *
 * <p>Not thread-safe for set-up; the {@link DistributedFileSystem} it hands out is thread-safe.
 */
public final class HdfsTarget implements AutoCloseable {
  private final Configuration conf;
  private final DistributedFileSystem fs;
  private final Optional<EmbeddedCluster> embedded;
  private final String description;
  private final boolean ownsCluster;

  private HdfsTarget(
      Configuration conf,
      DistributedFileSystem fs,
      Optional<EmbeddedCluster> embedded,
      String description,
      boolean ownsCluster) {
    this.conf = conf;
    this.fs = fs;
    this.embedded = embedded;
    this.description = description;
    this.ownsCluster = ownsCluster;
  }

  /**
   * A client of an embedded cluster someone else started and will close (tests, benchmarks that run
   * several passes on one cluster), with its own client settings such as the raw coder.
   */
  public static HdfsTarget attach(EmbeddedCluster cluster, Map<String, String> clientOverrides)
      throws IOException {
    Configuration client = cluster.clientConfiguration();
    clientOverrides.forEach(client::set);
    DistributedFileSystem fs = (DistributedFileSystem) FileSystem.newInstance(client);
    return new HdfsTarget(
        client,
        fs,
        Optional.of(cluster),
        "embedded MiniDFSCluster, "
            + cluster.dataNodeCount()
            + " DataNodes, NameNode "
            + cluster.nameNodeAddress(),
        false);
  }

  /**
   * Connects, or starts an embedded cluster with {@code embeddedDataNodes} DataNodes (the settings'
   * count wins when set).
   *
   * @param clientOverrides settings applied last to the client (and embedded DataNodes), e.g. the
   *     raw coder list
   * @param notices receives one line when an embedded cluster is started
   */
  public static HdfsTarget open(
      HdfsSettings settings,
      int embeddedDataNodes,
      Map<String, String> clientOverrides,
      Consumer<String> notices)
      throws IOException {
    Configuration conf = configuration(settings);
    clientOverrides.forEach(conf::set);
    failFast(conf, settings);

    URI defaultFs = FileSystem.getDefaultUri(conf);
    if (isLocal(defaultFs)) {
      int dataNodes =
          settings.embeddedDataNodes() > 0 ? settings.embeddedDataNodes() : embeddedDataNodes;
      notices.accept(
          "no HDFS configured: starting an embedded MiniDFSCluster (1 NameNode, "
              + dataNodes
              + " DataNodes) on 127.0.0.1");
      EmbeddedCluster cluster =
          EmbeddedCluster.start(conf, dataNodes, settings.embeddedBaseDir().orElse(null));
      try {
        Configuration client = cluster.clientConfiguration();
        clientOverrides.forEach(client::set);
        DistributedFileSystem fs = (DistributedFileSystem) FileSystem.newInstance(client);
        return new HdfsTarget(
            client,
            fs,
            Optional.of(cluster),
            "embedded MiniDFSCluster, "
                + dataNodes
                + " DataNodes, NameNode "
                + cluster.nameNodeAddress(),
            true);
      } catch (IOException | RuntimeException e) {
        cluster.close();
        throw e;
      }
    }
    if (!"hdfs".equals(defaultFs.getScheme())) {
      throw new BadInputException("fs.defaultFS " + defaultFs + " is not HDFS");
    }
    DistributedFileSystem fs;
    try {
      fs = (DistributedFileSystem) FileSystem.newInstance(defaultFs, conf);
      fs.getFileStatus(new org.apache.hadoop.fs.Path("/"));
    } catch (IOException e) {
      throw new BadInputException(
          "cannot reach the NameNode at " + defaultFs + ": " + firstLine(e.getMessage()), e);
    }
    return new HdfsTarget(conf, fs, Optional.empty(), "HDFS " + defaultFs, false);
  }

  /** True when the settings point at no HDFS, i.e. a run would start an embedded cluster. */
  public static boolean wouldEmbed(HdfsSettings settings) {
    return isLocal(FileSystem.getDefaultUri(configuration(settings)));
  }

  private static boolean isLocal(URI defaultFs) {
    return "file".equals(defaultFs.getScheme());
  }

  /**
   * Hadoop's defaults, then the files in order, then fs.defaultFS, then -D overrides: the client
   * configuration before hbload's fail-fast settings (also what a Kerberos login reads its switch
   * from).
   */
  public static Configuration configuration(HdfsSettings settings) {
    Configuration conf = new Configuration();
    for (Path file : settings.confFiles()) {
      if (!Files.isReadable(file)) {
        throw new BadInputException("cannot read configuration file " + file);
      }
      conf.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
    }
    settings
        .defaultFs()
        .ifPresent(uri -> conf.set(CommonConfigurationKeysPublic.FS_DEFAULT_NAME_KEY, uri));
    settings.overrides().forEach(conf::set);
    return conf;
  }

  /**
   * Without this an unreachable NameNode costs 10 retries x 45 connect attempts (minutes); a
   * benchmark should say so within seconds. Only keys the user did not set are changed.
   */
  private static void failFast(Configuration conf, HdfsSettings settings) {
    setUnlessGiven(conf, settings, "ipc.client.connect.max.retries", "1");
    setUnlessGiven(conf, settings, "ipc.client.connect.max.retries.on.timeouts", "1");
    setUnlessGiven(conf, settings, "ipc.client.connect.retry.interval", "200");
    setUnlessGiven(conf, settings, "ipc.client.connect.timeout", "3000");
    setUnlessGiven(conf, settings, "dfs.client.retry.policy.enabled", "false");
    setUnlessGiven(conf, settings, "dfs.client.failover.max.attempts", "2");
  }

  private static void setUnlessGiven(
      Configuration conf, HdfsSettings settings, String key, String value) {
    String[] sources = conf.getPropertySources(key);
    boolean userSet =
        sources != null
            && Arrays.stream(sources).anyMatch(source -> !source.endsWith("-default.xml"));
    if (!userSet) {
      conf.set(key, value);
    }
  }

  /**
   * Fails with a one-line reason when the policy cannot be used here: unknown to the NameNode,
   * disabled and not enable-able, or wider than the live DataNodes.
   */
  public StoragePolicy checkUsable(StoragePolicy policy) throws IOException {
    int live = liveDataNodes();
    if (live >= 0 && live < policy.dataNodesForFullWidth()) {
      throw new BadInputException(
          policy
              + " needs "
              + policy.dataNodesForFullWidth()
              + " DataNodes, the cluster has "
              + live
              + " live");
    }
    if (!policy.isErasureCoded()) {
      return policy;
    }
    ErasureCodingPolicyInfo info =
        fs.getAllErasureCodingPolicies().stream()
            .filter(p -> p.getPolicy().getName().equalsIgnoreCase(policy.name()))
            .findFirst()
            .orElseThrow(
                () -> new BadInputException("the NameNode does not know policy " + policy.name()));
    if (!info.isEnabled()) {
      try {
        fs.enableErasureCodingPolicy(info.getPolicy().getName());
      } catch (IOException e) {
        throw new BadInputException(
            "policy "
                + policy.name()
                + " is not enabled and enabling it failed: "
                + firstLine(e.getMessage()),
            e);
      }
    }
    return StoragePolicy.of(info.getPolicy());
  }

  /**
   * Live DataNodes, or -1 when this user may not ask: a DataNode report needs the HDFS superuser on
   * a cluster with permissions on (any Kerberized one), and a benchmark user is rarely that; the
   * NameNode then refuses a too-wide write itself.
   */
  public int liveDataNodes() throws IOException {
    try {
      return fs.getDataNodeStats(DatanodeReportType.LIVE).length;
    } catch (AccessControlException e) {
      return -1;
    } catch (RemoteException e) {
      if (e.unwrapRemoteException() instanceof AccessControlException) {
        return -1;
      }
      throw e;
    }
  }

  private static String firstLine(String message) {
    return message == null ? "" : message.lines().findFirst().orElse("");
  }

  public DistributedFileSystem fileSystem() {
    return fs;
  }

  public Configuration configuration() {
    return conf;
  }

  public Optional<EmbeddedCluster> embedded() {
    return embedded;
  }

  /** One line saying what HDFS this is. */
  public String description() {
    return description;
  }

  @Override
  public void close() throws IOException {
    try {
      fs.close();
    } finally {
      if (ownsCluster) {
        embedded.ifPresent(EmbeddedCluster::close);
      }
    }
  }
}
