package io.hbload.hbase.metrics;

import java.io.IOException;

/**
 * Reads the current block-cache counters of a cluster's RegionServers. Implementations are
 * thread-safe.
 */
public interface BlockCacheReader {
  /** JMX object name of the RegionServer bean that carries the block-cache counters. */
  String BEAN = "Hadoop:service=HBase,name=RegionServer,sub=Server";

  BlockCacheSnapshot read() throws IOException;

  /** Where the figures come from, for the report. */
  String source();
}
