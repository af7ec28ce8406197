/**
 * The cluster hbload uses when none is configured: HBase's own mini cluster in this JVM, on
 * 127.0.0.1, on the local file system, with info servers off and cluster logging at ERROR; its data
 * lives in a temporary directory removed on close, on failure and at JVM exit. The binding reaches
 * it as an {@link io.hbload.hbase.cluster.EmbeddedCluster} through {@link
 * io.hbload.hbase.embedded.EmbeddedHBaseFactory}; this module is the only one that depends on
 * HBase's mini cluster (hbase-testing-util).
 */
package io.hbload.hbase.embedded;
