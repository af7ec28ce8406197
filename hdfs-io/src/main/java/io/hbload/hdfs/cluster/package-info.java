/**
 * Step 2: which HDFS a run talks to (embedded MiniDFSCluster or real), fault injection, log noise.
 */
package io.hbload.hdfs.cluster;
