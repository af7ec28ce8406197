/**
 * After {@code exec}: questions answered by running phases, here the highest rate a system holds
 * under a latency bound ({@code --find-max}). {@link io.hbload.core.capacity.LatencyBound} is the
 * bound parsed from text, {@link io.hbload.core.capacity.CapacitySearch} runs open-loop engine
 * phases at chosen rates and judges each, {@link io.hbload.core.capacity.CapacityResult} holds the
 * curve and what it says (text table, JSON). Depends on {@code exec}, {@code result} and {@code
 * export}; nothing in the engine depends on it.
 */
package io.hbload.core.capacity;
