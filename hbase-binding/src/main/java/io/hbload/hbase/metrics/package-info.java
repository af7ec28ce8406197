/**
 * After the run: RegionServer block-cache counters, read before and after the measured phase and
 * turned into {@code [BLOCKCACHE]} report lines of the run's deltas, the way operators read {@code
 * l1CacheHitRatio}. Sources: the in-process RegionServers' metrics for the embedded cluster, the
 * platform MBean server for another in-process one, {@code /jmx} over HTTP for a remote one.
 */
package io.hbload.hbase.metrics;
