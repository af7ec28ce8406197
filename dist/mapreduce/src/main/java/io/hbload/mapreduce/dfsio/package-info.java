/**
 * Last step of {@code mapreduce dfsio}: each task's measured pass as it is committed and read back,
 * and the tasks aggregated into hdfs-io's {@code RunResult} for its report.
 */
package io.hbload.mapreduce.dfsio;
