/**
 * After {@code exec}: questions answered by running phases, here the highest rate a system holds
 * under a latency bound ({@code --find-max}). {@link io.hbload.core.capacity.LatencyBound} is the
 * bound parsed from text, {@link io.hbload.core.capacity.CapacitySearch} runs open-loop engine
 * phases at chosen rates and judges each, {@link io.hbload.core.capacity.CapacityResult} holds the
 * curve and what it says (text table, JSON); {@link io.hbload.core.capacity.ShardExchange} lets the
 * shards of one search on many hosts take each step together and decide on their merged logs.
 * Depends on {@code exec}, {@code result}, {@code export} and {@code merge}; nothing in the engine
 * depends on it.
 */
package io.hbload.core.capacity;
