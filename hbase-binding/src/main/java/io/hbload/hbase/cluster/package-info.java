/**
 * First step of every HBase command: where the cluster is. {@link
 * io.hbload.hbase.cluster.HBaseCluster} is the one place that decides "the configured cluster, or
 * an embedded one", and owns the embedded one until it is closed. The embedded cluster itself is
 * not here: it lives in the {@code hbload-embedded} module (HBase's mini cluster, a test-scope
 * stack of jars), found at run time through {@link EmbeddedClusterFactory}, so the plain binding
 * (and the YCSB drop-in jar) carries none of it.
 */
package io.hbload.hbase.cluster;
