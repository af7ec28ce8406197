package io.hbload.hbase.cluster;

import io.hbload.hbase.config.HBaseProperties;

/**
 * How to start an embedded cluster. Immutable.
 *
 * @param regionServers RegionServers to start, at least 1
 * @param zkPort ZooKeeper's client port; 0 picks a free one
 * @param infoServers the RegionServers' HTTP info servers on 127.0.0.1 (for clients in other JVMs
 *     reading {@code /jmx}); they cost seconds of start-up
 * @param kerberos a KDC of its own, and servers that accept only Kerberos clients
 */
public record EmbeddedOptions(
    int regionServers, int zkPort, boolean infoServers, boolean kerberos) {
  /** RegionServers one JVM can hold ({@link HBaseProperties#MAX_EMBEDDED_REGION_SERVERS}). */
  public static final int MAX_REGION_SERVERS = HBaseProperties.MAX_EMBEDDED_REGION_SERVERS;

  public EmbeddedOptions {
    if (regionServers < 1) {
      throw new IllegalArgumentException("regionServers must be >= 1: " + regionServers);
    }
    if (regionServers > MAX_REGION_SERVERS) {
      throw new IllegalArgumentException(
          "regionServers must be at most " + MAX_REGION_SERVERS + ": " + regionServers);
    }
    if (zkPort < 0 || zkPort > 65_535) {
      throw new IllegalArgumentException(
          (zkPort < 0 ? "zkPort must be >= 0: " : "zkPort must be at most 65535: ") + zkPort);
    }
  }

  /**
   * A plain cluster of {@code regionServers} on a free ZooKeeper port, no info servers: what a run
   * starts.
   */
  public static EmbeddedOptions of(int regionServers) {
    return new EmbeddedOptions(regionServers, 0, false, false);
  }
}
