/**
 * Logging in to a Kerberized cluster before connecting: the {@link
 * io.hbload.hbase.security.KerberosSpec} parsed from {@code principal}/{@code keytab} (YCSB
 * hbase2's names, {@code --principal}/{@code --keytab}), and {@link
 * io.hbload.hbase.security.KerberosLogin}, which turns it (or the ticket cache of {@code kinit})
 * into the Hadoop identity HBase connections, HDFS clients and MapReduce job submission run as.
 * Sits between the binding's settings and its first connection.
 */
package io.hbload.hbase.security;
