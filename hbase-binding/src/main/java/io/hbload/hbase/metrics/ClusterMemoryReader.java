package io.hbload.hbase.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import io.hbload.hbase.sizing.ClusterMemory;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * Reads what a cluster's RegionServers can cache, for {@code hbload plan}: heap, L1 and L2
 * block-cache capacity, memstore limit and host memory. From each RegionServer's {@code /jmx} over
 * HTTP (as operators do with curl: the {@code java.lang} beans and the RegionServer bean whose
 * {@code l1CacheSize + l1CacheFreeSize} is the L1 capacity), or straight from the servers of an
 * in-process cluster ({@link io.hbload.hbase.cluster.EmbeddedCluster#memory}). Servers are
 * averaged: the plan takes every host as alike. Stateless.
 */
public final class ClusterMemoryReader {
  private static final String SERVER_BEAN = BlockCacheReader.BEAN;

  /** HBase's key for the memstore's share of the heap (MemorySizeUtil's, which is server code). */
  private static final String MEMSTORE_SIZE_KEY = "hbase.regionserver.global.memstore.size";

  private ClusterMemoryReader() {}

  /**
   * A running cluster's RegionServers, found through its master (live servers and their info ports)
   * and read over {@code /jmx}; the memstore fraction from the client configuration ({@code
   * hbase.regionserver.global.memstore.size}).
   */
  public static ClusterMemory ofCluster(Configuration conf) throws IOException {
    float memstore = conf.getFloat(MEMSTORE_SIZE_KEY, 0.4f);
    List<String> info = new ArrayList<>();
    try (Connection c = ConnectionFactory.createConnection(conf);
        Admin admin = c.getAdmin()) {
      ClusterMetrics cm = admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.LIVE_SERVERS));
      cm.getLiveServerMetrics()
          .forEach(
              (name, metrics) -> {
                if (metrics.getInfoServerPort() > 0) {
                  info.add(name.getHostname() + ":" + metrics.getInfoServerPort());
                }
              });
    }
    return overHttp(info, memstore);
  }

  /**
   * Each RegionServer's {@code /jmx} ({@code host:infoPort}); an unreachable server is an
   * IOException.
   */
  public static ClusterMemory overHttp(List<String> infoServers, float memstoreFraction)
      throws IOException {
    if (infoServers.isEmpty()) {
      throw new IOException(
          "no RegionServer has an info server (hbase.regionserver.info.port -1?): nothing to read"
              + " /jmx from; give the sizes with --regionservers, --heap, --blockcache ...");
    }
    long heap = 0;
    long l1 = 0;
    long l2 = 0;
    long host = 0;
    for (String hp : infoServers) {
      JsonNode memory = get(hp, "java.lang:type=Memory");
      JsonNode server = get(hp, SERVER_BEAN);
      JsonNode os = get(hp, "java.lang:type=OperatingSystem");
      heap += required(memory.path("HeapMemoryUsage").path("max"), hp, "HeapMemoryUsage.max");
      l1 +=
          required(server.path("l1CacheSize"), hp, "l1CacheSize")
              + required(server.path("l1CacheFreeSize"), hp, "l1CacheFreeSize");
      l2 += optional(server.path("l2CacheSize")) + optional(server.path("l2CacheFreeSize"));
      long total = optional(os.path("TotalMemorySize"));
      host += total > 0 ? total : optional(os.path("TotalPhysicalMemorySize"));
    }
    int n = infoServers.size();
    return new ClusterMemory(
        n,
        heap / n,
        l1 / n,
        l2 / n,
        (long) (memstoreFraction * heap / n),
        host / n,
        "/jmx of " + n + " RegionServer(s)");
  }

  private static JsonNode get(String hostPort, String bean) throws IOException {
    return JmxAnswer.bean(
        URI.create(
            "http://"
                + hostPort
                + "/jmx?qry="
                + bean.replace("=", "%3D").replace(",", "%2C").replace(":", "%3A")));
  }

  private static long required(JsonNode value, String server, String what) throws IOException {
    long v = JmxAnswer.count(value);
    if (v < 0) {
      throw new IOException(
          server
              + "/jmx has no "
              + what
              + " (the RegionServer's metrics may not be published"
              + " yet: try again in 10 s)");
    }
    return v;
  }

  private static long optional(JsonNode value) {
    return Math.max(0, JmxAnswer.count(value));
  }

  /** This host's physical memory. */
  public static long hostMemory() {
    java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean sun
        ? sun.getTotalMemorySize()
        : 0;
  }
}
