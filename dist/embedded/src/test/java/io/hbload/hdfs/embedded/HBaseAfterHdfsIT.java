package io.hbload.hdfs.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.hbase.embedded.EmbeddedHBase;
import io.hbload.hdfs.cluster.EmbeddedCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An HBase cluster starts in a JVM where an HDFS cluster ran and stopped before it, as in a test
 * JVM that runs a dfsio test and then an HBase one, or a user's suite with the JUnit extension:
 * MiniDFSCluster's shutdown takes Hadoop's file-system finalizer hook away, and a RegionServer
 * started after it aborted for want of that hook (the master then never came up: 200 s, then a
 * failure). Its own JVM: a RegionServer that started before in the same JVM would have suppressed
 * the hook already, and the case would pass without the fix.
 */
@Tag("own-jvm")
class HBaseAfterHdfsIT {
  @Test
  @Timeout(120) // about 10 s when it works; without the fix HBase itself waits 200 s
  void anHBaseClusterStartsAfterAnHdfsClusterStopped(@TempDir Path dir) throws Exception {
    try (EmbeddedCluster hdfs = EmbeddedCluster.start(new Configuration(), 1, dir.resolve("dfs"))) {
      // a file system in Hadoop's cache, as a dfsio run leaves one: the cache is not empty when
      // the cluster stops, so it would not register its finalizer again by itself
      FileSystem.get(dir.toUri(), new Configuration()).exists(new org.apache.hadoop.fs.Path("/"));
      assertThat(hdfs.nameNodeAddress()).isNotNull();
    }
    try (EmbeddedHBase hbase = EmbeddedHBase.start(1)) {
      assertThat(hbase.liveRegionServers()).hasSize(1);
      Files.createDirectories(dir.resolve("after"));
    }
  }
}
