package io.hbload.hbase.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import io.hbload.core.server.ServerSample;
import io.hbload.core.server.ServerSampler;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Samples each RegionServer's {@code /jmx} over HTTP, as operators read it with curl: the JVM's
 * {@code java.lang:type=GarbageCollector,*} beans (live) and HBase's {@code
 * Hadoop:service=HBase,name=RegionServer,sub=Server} bean (refreshed once per metrics period). Two
 * bounded requests per server per sample ({@link JmxAnswer}: 5 s to connect, 10 s to answer).
 * Confined to the engine's sampling thread, but for {@link #refreshMillis}, which any thread may
 * read.
 */
public final class HttpJmxServerSampler implements ServerSampler {
  private static final String GC_BEANS = "java.lang:type=GarbageCollector,*";

  /**
   * One RegionServer's info server.
   *
   * @param server its name in the series ({@code host:rpcPort})
   * @param infoServer {@code host:port} of its HTTP info server
   */
  public record InfoServer(String server, String infoServer) {}

  private final List<InfoServer> servers;
  private final RegionServerFigures figures = new RegionServerFigures();
  private final Map<String, RegionServerFigures.HBaseFigures> lastHBase = new HashMap<>();
  private final Map<String, Long> lastChange = new HashMap<>();

  /** The shortest time seen between two changes of a server's HBase figures, -1 before two. */
  private volatile long refreshMillis = -1;

  public HttpJmxServerSampler(List<InfoServer> servers) {
    this.servers = List.copyOf(servers);
  }

  @Override
  public List<ServerSample> sample() throws IOException {
    List<ServerSample> out = new ArrayList<>();
    IOException failed = null;
    for (InfoServer s : servers) {
      try {
        JsonNode gc = JmxAnswer.beans(JmxAnswer.query(s.infoServer(), GC_BEANS));
        JsonNode rs = JmxAnswer.bean(JmxAnswer.query(s.infoServer(), BlockCacheReader.BEAN));
        long now = System.currentTimeMillis();
        RegionServerFigures.HBaseFigures hbase = hbase(rs);
        seen(s.server(), now, hbase);
        out.add(figures.sample(s.server(), now, collectors(gc), hbase));
      } catch (IOException e) {
        failed = e;
      }
    }
    if (out.isEmpty() && failed != null) {
      throw failed;
    }
    return out;
  }

  /**
   * Learns how often the server's HBase figures refresh: the shortest gap between two reads that
   * saw them change (a busy server's figures change at every refresh).
   */
  private void seen(String server, long now, RegionServerFigures.HBaseFigures hbase) {
    if (hbase == null) {
      return;
    }
    RegionServerFigures.HBaseFigures before = lastHBase.put(server, hbase);
    if (before == null || before.equals(hbase)) {
      return;
    }
    Long changed = lastChange.put(server, now);
    if (changed != null) {
      long gap = now - changed;
      refreshMillis = refreshMillis < 0 ? gap : Math.min(refreshMillis, gap);
    }
  }

  /**
   * How often the servers' HBase figures were seen to refresh, at the sample interval's resolution;
   * -1 when they changed fewer than twice (a short or idle run).
   */
  public long refreshMillis() {
    return refreshMillis;
  }

  static List<RegionServerFigures.Collector> collectors(JsonNode beans) {
    List<RegionServerFigures.Collector> out = new ArrayList<>();
    for (JsonNode b : beans) {
      String name = b.path("Name").asText("");
      if (!name.isEmpty()) {
        out.add(
            new RegionServerFigures.Collector(
                name,
                JmxAnswer.count(b.path("CollectionCount")),
                JmxAnswer.count(b.path("CollectionTime"))));
      }
    }
    return out;
  }

  /** HBase's figures in the Server bean, or null before the bean has any (a fresh server). */
  static RegionServerFigures.HBaseFigures hbase(JsonNode bean) {
    if (bean.path("memStoreSize").isMissingNode()) {
      return null;
    }
    return new RegionServerFigures.HBaseFigures(
        JmxAnswer.count(bean.path("memStoreSize")),
        JmxAnswer.count(bean.path("flushQueueLength")),
        JmxAnswer.count(bean.path("compactionQueueLength")),
        JmxAnswer.count(bean.path("flushedCellsSize")),
        JmxAnswer.count(bean.path("compactedCellsSize")),
        JmxAnswer.count(bean.path("readRequestCount")),
        JmxAnswer.count(bean.path("writeRequestCount")),
        JmxAnswer.count(bean.path("blockCacheHitCount")),
        JmxAnswer.count(bean.path("blockCacheMissCount")),
        JmxAnswer.count(bean.path("updatesBlockedTime")));
  }

  @Override
  public String source() {
    return "RegionServer /jmx over HTTP ("
        + servers.size()
        + " server"
        + (servers.size() == 1 ? "" : "s")
        + "): GC counters live; memstore, queues, requests and block cache as HBase last"
        + " recomputed them (once per hbase.regionserver.metrics.period, served through metrics2's"
        + " JMX cache)";
  }
}
