/**
 * First step of a session: where the cluster is. Turns a conf directory, {@code hbload.zk} and {@code -p hbase.*}
 * properties into an HBase {@code Configuration} with timeouts that bound every operation, and decides whether a
 * cluster was configured at all (if not, the provider starts the embedded one).
 */
package io.hbload.hbase.conf;
