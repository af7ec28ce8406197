/**
 * Step 2: which HDFS a run talks to (a real one, or an embedded one started through {@link
 * io.hbload.hdfs.cluster.EmbeddedClusterFactory}, which hbload-embedded provides), fault injection,
 * log noise.
 */
package io.hbload.hdfs.cluster;
