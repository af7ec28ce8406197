/**
 * {@code hbload mapreduce}: many clients as MapReduce map tasks on YARN, one per shard, as HBase's
 * PerformanceEvaluation and TestDFSIO run theirs. The flow: {@code config} (what the driver tells
 * the tasks), {@code cluster} (where the job goes, or embedded YARN next to embedded HBase/HDFS),
 * {@code job} (a map-only job with one task per shard, its status and committed files), {@code
 * task} (what a map task runs: core's {@code Launcher} for a shard of load/run or one PE client,
 * hdfs-io's streams for dfsio), {@code dfsio} (the tasks' dfsio results, aggregated), {@code pe}
 * (the PE clients' results, back on the driver), and the two drivers here, {@link
 * io.hbload.mapreduce.MapReducePhase} (load/run, and PE's commands through its {@link
 * io.hbload.mapreduce.ShardWork} {@link MapReducePe}) and {@link
 * io.hbload.mapreduce.MapReduceDfsio}, which the CLI's {@code MapReduceCommand} calls.
 */
package io.hbload.mapreduce;
