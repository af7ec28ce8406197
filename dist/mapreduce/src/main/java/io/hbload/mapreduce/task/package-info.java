/**
 * What runs inside a map task: one shard of load/run through core's {@code Launcher} (or one PE
 * client, the PE binding's, with its client's figures committed beside its log), or one slice of a
 * dfsio pass through hdfs-io's streams; progress as counters and status; results committed to the
 * attempt's work directory.
 */
package io.hbload.mapreduce.task;
