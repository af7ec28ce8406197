package io.hbload.core.config;

/**
 * How a failed insert is retried: {@code core_workload_insertion_retry_limit} times (0: never),
 * {@code core_workload_insertion_retry_interval} seconds apart. Immutable.
 */
public record InsertRetries(int limit, int intervalSeconds) {}
