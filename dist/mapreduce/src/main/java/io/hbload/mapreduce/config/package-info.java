/**
 * First step of {@code hbload mapreduce} on both sides of the job: what the driver writes into the
 * job configuration ({@link JobKeys}) and the typed task specs a map task reads back from it
 * ({@link PhaseTaskSpec}, {@link io.hbload.mapreduce.config.DfsioTaskSpec}, and {@link
 * TaskMetricsSpec} when the tasks push metrics), and the names of the files each task commits for
 * the driver ({@link io.hbload.mapreduce.config.ShardFiles}). The only code of {@code
 * io.hbload.mapreduce} that reads setting strings.
 */
package io.hbload.mapreduce.config;
