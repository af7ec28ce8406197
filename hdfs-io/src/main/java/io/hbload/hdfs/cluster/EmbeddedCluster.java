package io.hbload.hdfs.cluster;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceLoader;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * An HDFS running in this JVM (one NameNode and N DataNodes on 127.0.0.1) for runs with no HDFS
 * configured, as dfsio sees it: how to reach it, and the fault injection the degraded-read
 * benchmark needs. Implemented by the {@code hbload-embedded} module on Hadoop's MiniDFSCluster and
 * found through {@link EmbeddedClusterFactory}, so that hdfs-io carries none of the mini-cluster
 * stack (hadoop-hdfs's test jar, mockito, JUnit 4). Not thread-safe: one benchmark driver thread
 * uses it; {@link #close()} shuts it down and deletes the data directory it created.
 */
public interface EmbeddedCluster extends AutoCloseable {
  /** What a run says when it needs an embedded HDFS and none is on the class path. */
  String NO_EMBEDDED =
      "no HDFS configured (--conf, --fs or a core-site.xml on the class path) and no "
          + "embedded HDFS on the class path (hbload-embedded)";

  /**
   * Starts a cluster with {@code dataNodes} DataNodes sharing {@code conf} (so the DataNodes use
   * the same raw coder as the client) under {@code baseDir}, or a new temporary directory when
   * null, through the first {@link EmbeddedClusterFactory} on the class path.
   *
   * @throws IOException also when no factory is there ({@link #NO_EMBEDDED})
   */
  static EmbeddedCluster start(Configuration conf, int dataNodes, Path baseDir) throws IOException {
    Iterator<EmbeddedClusterFactory> found =
        ServiceLoader.load(EmbeddedClusterFactory.class).iterator();
    if (!found.hasNext()) {
      throw new IOException(NO_EMBEDDED);
    }
    return found.next().start(conf, dataNodes, baseDir);
  }

  DistributedFileSystem fileSystem() throws IOException;

  /** The configuration a client needs to reach this cluster (fs.defaultFS set). */
  Configuration clientConfiguration();

  int dataNodeCount();

  /**
   * Stops the {@code count} DataNodes that hold the most data (not parity) units of the given
   * files' block groups, so reads must decode. Returns their transfer addresses.
   */
  List<String> stopDataNodesHoldingData(
      DistributedFileSystem fs, Collection<String> files, int count) throws IOException;

  /**
   * Stops the DataNode serving blocks at {@code xferAddr} (a fault in the middle of a pass), to be
   * restarted by {@link #restartStoppedDataNodes}; one line saying what was stopped.
   *
   * @throws IOException when no DataNode of this cluster serves there
   */
  String stopDataNode(String xferAddr) throws IOException;

  /**
   * Restarts every DataNode stopped by {@link #stopDataNodesHoldingData} or {@link #stopDataNode}
   * on its old ports.
   */
  void restartStoppedDataNodes() throws IOException;

  /** The NameNode's RPC address, for the report. */
  InetSocketAddress nameNodeAddress();

  /** Shuts the cluster down; deletes its data directory when the cluster created it. */
  @Override
  void close();
}
