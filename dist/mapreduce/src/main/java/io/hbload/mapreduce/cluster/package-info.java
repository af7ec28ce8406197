/**
 * Where a {@code mapreduce} job goes: the Hadoop configuration it is given, the HBase client
 * settings its tasks need, and, with no YARN configured, an embedded MapReduce cluster on 127.0.0.1
 * with its banner.
 */
package io.hbload.mapreduce.cluster;
