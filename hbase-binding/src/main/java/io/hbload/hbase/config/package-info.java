/**
 * First step of the HBase binding, the typed settings of a session: its property names ({@link
 * io.hbload.hbase.config.HBaseProperties}), the parser that turns them into typed {@link
 * io.hbload.hbase.config.HBaseSettings} at spec time (in the same pass and error list as the
 * engine's properties), where the cluster is ({@link ClusterSpec}: a conf directory, {@code
 * hbload.zk} and {@code -p hbase.*} become an HBase {@code Configuration} with timeouts that bound
 * every operation, or no cluster configured at all) and how operations are issued ({@link
 * OpsSpec}).
 */
package io.hbload.hbase.config;
