/**
 * HBase PerformanceEvaluation's commands on hbload's engine ({@code hbload pe}): PE's table layout
 * ({@link PeLayout}), its options ({@link PeSpec}), each command as an operation source ({@link
 * PeSource}) whose steps make PE's HBase calls on its client's typed extension of the binding
 * ({@link PeClient}, {@link PeCalls}), under measure names it registers for the operations YCSB has
 * none for ({@link PeMeasures}); PE's report lines ({@link PeReport}) from each worker's own
 * figures ({@link PeClientResult}, client = worker); PE's async commands on the engine's pipelined
 * workers over HBase's async client ({@link PeAsyncSource}, {@link PeAsyncClient}). The engine runs
 * the workers and records every operation, so YCSB's report, JSON and the HdrHistogram log come as
 * for {@code hbload run}. A sharded run is a slice of the clients (shard I of N with T threads runs
 * clients I x T ..), whose table a coordinator prepares once ({@link PeShardSetup}): that is {@code
 * hbload mapreduce pe}, one client per map task.
 */
package io.hbload.hbase.pe;
