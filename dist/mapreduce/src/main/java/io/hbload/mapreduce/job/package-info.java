/**
 * The driver's side of a job: one map task per shard over a one-line-per-shard input, committed
 * outputs, status lines, the diagnostics of failed attempts, and where the job's files go.
 */
package io.hbload.mapreduce.job;
