package io.hbload.hdfs.cluster;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;

/**
 * Starts embedded HDFS clusters: the service the {@code hbload-embedded} module provides through
 * {@link java.util.ServiceLoader} ({@code
 * META-INF/services/io.hbload.hdfs.cluster.EmbeddedClusterFactory}), so that hdfs-io reaches
 * Hadoop's MiniDFSCluster without depending on it, as the HBase binding reaches HBase's mini
 * cluster. Stateless.
 */
public interface EmbeddedClusterFactory {
  /**
   * Starts a cluster and blocks until it serves; a failed start leaves nothing running.
   *
   * @param baseDir where its data goes; null for a new temporary directory, deleted at close
   */
  EmbeddedCluster start(Configuration conf, int dataNodes, Path baseDir) throws IOException;
}
