/**
 * HBase PerformanceEvaluation's commands on hbload's engine ({@code hbload pe}): PE's table layout ({@link PeLayout}),
 * its options ({@link PeSpec}), each command as the operations a worker issues ({@link PeOperations}), per-client
 * latency ({@link PeClient}) and PE's report lines ({@link PeReport}); PE's async commands on the engine's pipelined
 * workers over HBase's async client ({@link PeAsyncClient}, {@link PeAsyncOperations}). The engine runs the workers and records every
 * operation, so YCSB's report, JSON and the HdrHistogram log come as for {@code hbload run}. A sharded run is a slice
 * of the clients (shard I of N with T threads runs clients I x T ..), whose table a coordinator prepares once
 * ({@link PeShardSetup}): that is {@code hbload mapreduce pe}, one client per map task.
 */
package io.hbload.hbase.pe;
