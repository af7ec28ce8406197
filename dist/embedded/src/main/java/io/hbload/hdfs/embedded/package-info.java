/**
 * The HDFS dfsio uses when none is configured: Hadoop's MiniDFSCluster in this JVM, on 127.0.0.1,
 * plain ({@link EmbeddedHdfs}) or Kerberized ({@link io.hbload.hdfs.embedded.SecureEmbeddedHdfs},
 * for {@code hbload embedded --kerberos} and the secure tests). hdfs-io reaches it as an {@link
 * io.hbload.hdfs.cluster.EmbeddedCluster} through {@link EmbeddedHdfsFactory}, so hdfs-io carries
 * no mini-cluster stack.
 */
package io.hbload.hdfs.embedded;
