/**
 * Faults on an HBase cluster for a run's fault schedule: admin faults through the {@code Admin} API
 * on the run's table, process faults handed to the in-process cluster when there is one ({@link
 * io.hbload.hbase.cluster.EmbeddedCluster#processFaults}).
 */
package io.hbload.hbase.fault;
