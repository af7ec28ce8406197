/**
 * After the run: RegionServer block-cache counters, read before and after the measured phase (in-process JMX for
 * the embedded cluster, {@code /jmx} over HTTP for a remote one) and turned into {@code [BLOCKCACHE]} report lines
 * of the run's deltas, the way operators read {@code l1CacheHitRatio}.
 */
package io.hbload.hbase.metrics;
