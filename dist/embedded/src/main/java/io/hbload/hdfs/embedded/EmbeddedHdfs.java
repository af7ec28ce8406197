package io.hbload.hdfs.embedded;

import io.hbload.hdfs.cluster.EmbeddedCluster;
import io.hbload.hdfs.cluster.QuietLogs;
import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedStripedBlock;

/**
 * The {@link EmbeddedCluster} on Hadoop's MiniDFSCluster (one NameNode and N DataNodes on
 * 127.0.0.1), which needs hadoop-hdfs's test jar, mockito and JUnit 4 at run time: hence here, in
 * the module that carries the mini clusters, and started through {@link EmbeddedHdfsFactory}.
 *
 * <p>Stopped DataNodes stay "live" at the NameNode for ~10 minutes (heartbeat recheck), so clients
 * get an instant "connection refused" on loopback, read parity and decode; no reconstruction runs
 * meanwhile, which isolates the client-side decode cost. Not thread-safe: one benchmark driver
 * thread uses it; {@link #close()} shuts down and deletes the data directory.
 */
public final class EmbeddedHdfs implements EmbeddedCluster {
  private final MiniDFSCluster cluster;
  private final Path baseDir;
  private final boolean ownsBaseDir;
  private final List<MiniDFSCluster.DataNodeProperties> stopped = new ArrayList<>();

  private EmbeddedHdfs(MiniDFSCluster cluster, Path baseDir, boolean ownsBaseDir) {
    this.cluster = cluster;
    this.baseDir = baseDir;
    this.ownsBaseDir = ownsBaseDir;
  }

  /**
   * Starts a cluster with {@code dataNodes} DataNodes sharing {@code conf} (so the DataNodes use
   * the same raw coder as the client) under {@code baseDir}, or a new temporary directory when
   * null.
   */
  public static EmbeddedHdfs start(Configuration conf, int dataNodes, Path baseDir)
      throws IOException {
    QuietLogs.apply();
    boolean owns = baseDir == null;
    Path dir = owns ? Files.createTempDirectory("hbload-minidfs") : baseDir;
    Configuration c = new Configuration(conf);
    c.set(DFSConfigKeys.DFS_NAMENODE_RPC_ADDRESS_KEY, "127.0.0.1:0");
    c.set(DFSConfigKeys.DFS_NAMENODE_HTTP_ADDRESS_KEY, "127.0.0.1:0");
    c.set(DFSConfigKeys.DFS_DATANODE_ADDRESS_KEY, "127.0.0.1:0");
    c.set(DFSConfigKeys.DFS_DATANODE_HTTP_ADDRESS_KEY, "127.0.0.1:0");
    c.set(DFSConfigKeys.DFS_DATANODE_IPC_ADDRESS_KEY, "127.0.0.1:0");
    // only used by a secure cluster (HTTPS_ONLY), see SecureEmbeddedHdfs
    c.set(DFSConfigKeys.DFS_NAMENODE_HTTPS_ADDRESS_KEY, "127.0.0.1:0");
    c.set(DFSConfigKeys.DFS_DATANODE_HTTPS_ADDRESS_KEY, "127.0.0.1:0");
    // the benchmark measures the client; keep the NameNode from scheduling reconstruction work,
    // unless the user set the interval (-D), as a DataNode-fault run does to watch the repair
    if (!userSet(conf, DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_INTERVAL_SECONDS_KEY)) {
      c.setInt(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_INTERVAL_SECONDS_KEY, 3600);
    }
    c.setInt(DFSConfigKeys.DFS_NAMENODE_SAFEMODE_EXTENSION_KEY, 0);
    MiniDFSCluster mini =
        new MiniDFSCluster.Builder(c, dir.toFile())
            .numDataNodes(dataNodes)
            .storagesPerDatanode(1)
            .build();
    mini.waitActive();
    return new EmbeddedHdfs(mini, dir, owns);
  }

  /** Whether {@code key} was set by someone, not by Hadoop's *-default.xml. */
  private static boolean userSet(Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    return sources != null && Arrays.stream(sources).anyMatch(s -> !s.endsWith("-default.xml"));
  }

  @Override
  public DistributedFileSystem fileSystem() throws IOException {
    return cluster.getFileSystem();
  }

  /** The configuration a client needs to reach this cluster (fs.defaultFS set). */
  @Override
  public Configuration clientConfiguration() {
    return new Configuration(cluster.getConfiguration(0));
  }

  @Override
  public int dataNodeCount() {
    return cluster.getDataNodes().size();
  }

  /**
   * Stops the {@code count} DataNodes that hold the most data (not parity) units of the given
   * files' block groups, so reads must decode. Returns their transfer addresses.
   */
  @Override
  public List<String> stopDataNodesHoldingData(
      DistributedFileSystem fs, Collection<String> files, int count) throws IOException {
    Map<String, Integer> dataUnits = new HashMap<>();
    for (String file : files) {
      var policy = fs.getErasureCodingPolicy(new org.apache.hadoop.fs.Path(file));
      if (policy == null) {
        continue;
      }
      int k = policy.getNumDataUnits();
      for (LocatedBlock block : fs.getClient().getLocatedBlocks(file, 0).getLocatedBlocks()) {
        if (!(block instanceof LocatedStripedBlock)) {
          continue;
        }
        LocatedStripedBlock striped = (LocatedStripedBlock) block;
        DatanodeInfo[] locations = striped.getLocations();
        byte[] indices = striped.getBlockIndices();
        for (int j = 0; j < locations.length; j++) {
          if (indices[j] < k) {
            dataUnits.merge(locations[j].getXferAddr(), 1, Integer::sum);
          }
        }
      }
    }
    List<String> victims =
        dataUnits.entrySet().stream()
            .sorted(
                Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder())
                    .thenComparing(Map.Entry.comparingByKey()))
            .limit(count)
            .map(Map.Entry::getKey)
            .toList();
    for (String address : victims) {
      MiniDFSCluster.DataNodeProperties props = cluster.stopDataNode(address);
      if (props == null) {
        throw new IOException("no DataNode at " + address);
      }
      stopped.add(props);
    }
    return victims;
  }

  @Override
  public String stopDataNode(String xferAddr) throws IOException {
    MiniDFSCluster.DataNodeProperties props = cluster.stopDataNode(xferAddr);
    if (props == null) {
      throw new IOException("no DataNode at " + xferAddr);
    }
    stopped.add(props);
    return "stopped DataNode " + xferAddr + " in process";
  }

  @Override
  public void restartStoppedDataNodes() throws IOException {
    for (MiniDFSCluster.DataNodeProperties props : stopped) {
      cluster.restartDataNode(props, true);
    }
    stopped.clear();
    cluster.waitActive();
  }

  /** The NameNode's RPC address, for the report. */
  @Override
  public InetSocketAddress nameNodeAddress() {
    return cluster.getNameNode().getNameNodeAddress();
  }

  @Override
  public void close() {
    cluster.shutdown(true);
    FileSystemFinalizer.restore();
    if (ownsBaseDir) {
      File dir = baseDir.toFile();
      FileUtil.fullyDelete(dir);
    }
  }
}
