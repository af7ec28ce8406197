/**
 * {@code hbload mapreduce pe}'s results between its map tasks and its driver: what a task commits
 * of its PE client beside its shard's {@code .hlog} ({@link PeShardResult}), and the clients put
 * back together from both ({@link PeClients}) for PE's per-client lines.
 */
package io.hbload.mapreduce.pe;
