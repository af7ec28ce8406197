package io.hbload.hdfs.embedded;

import io.hbload.hdfs.cluster.EmbeddedCluster;
import io.hbload.hdfs.cluster.EmbeddedClusterFactory;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;

/**
 * The service through which hdfs-io's {@link EmbeddedCluster#start} starts an {@link EmbeddedHdfs}
 * without depending on this module (registered in {@code META-INF/services}). Stateless.
 */
public final class EmbeddedHdfsFactory implements EmbeddedClusterFactory {
  @Override
  public EmbeddedCluster start(Configuration conf, int dataNodes, Path baseDir) throws IOException {
    return EmbeddedHdfs.start(conf, dataNodes, baseDir);
  }
}
