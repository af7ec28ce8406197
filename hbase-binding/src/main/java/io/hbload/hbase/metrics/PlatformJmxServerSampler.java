package io.hbload.hbase.metrics;

import io.hbload.core.server.ServerSample;
import io.hbload.core.server.ServerSampler;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.management.AttributeNotFoundException;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Samples RegionServers that run in this JVM but were not handed to hbload (a user's own mini
 * cluster, or the test kit's, reached by address) from the platform MBean server: this JVM's
 * collectors, which the servers share with the client, and each server's {@code
 * Hadoop:service=HBase,name=RegionServer,sub=Server} bean, matched by its {@code tag.serverName} as
 * {@link PlatformJmxBlockCacheReader} does, so that another cluster in this JVM is not read. A
 * server whose bean is away (HBase restarting metrics2 after regions open or close) keeps its GC
 * figures in that sample: "not yet" for its HBase figures, never zeros and never a missing server.
 * Confined to the engine's sampling thread.
 */
public final class PlatformJmxServerSampler implements ServerSampler {
  private static final String SERVER_NAME = "tag.serverName";

  private final MBeanServer beans = ManagementFactory.getPlatformMBeanServer();
  private final RegionServerFigures figures = new RegionServerFigures();

  /** Each server's {@code host,port,startcode} to its name in the series ({@code host:port}). */
  private final Map<String, String> servers;

  /**
   * @param servers each server's {@code host,port,startcode} (as its bean's {@code tag.serverName})
   *     to its name in the series ({@code host:port}); every one runs in this JVM
   */
  public PlatformJmxServerSampler(Map<String, String> servers) {
    this.servers = new LinkedHashMap<>(servers);
  }

  @Override
  public List<ServerSample> sample() {
    List<RegionServerFigures.Collector> collectors = new ArrayList<>();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      collectors.add(
          new RegionServerFigures.Collector(
              gc.getName(), gc.getCollectionCount(), gc.getCollectionTime()));
    }
    Map<String, RegionServerFigures.HBaseFigures> hbase = registered();
    long now = System.currentTimeMillis();
    List<ServerSample> out = new ArrayList<>(servers.size());
    servers.forEach(
        (serverName, name) ->
            out.add(figures.sample(name, now, collectors, hbase.get(serverName))));
    return out;
  }

  /** The HBase figures of this sampler's servers whose beans are registered now. */
  private Map<String, RegionServerFigures.HBaseFigures> registered() {
    Map<String, RegionServerFigures.HBaseFigures> out = new HashMap<>();
    try {
      for (ObjectName name : beans.queryNames(new ObjectName(BlockCacheReader.BEAN + "*"), null)) {
        try {
          if (beans.getAttribute(name, SERVER_NAME) instanceof String s && servers.containsKey(s)) {
            out.put(s, hbase(name));
          }
        } catch (JMException e) {
          // unregistered between the query and the read (metrics2 restarting): "not yet"
        }
      }
    } catch (JMException e) {
      // a malformed pattern cannot happen with the constant bean name; no HBase figures then
    }
    return out;
  }

  private RegionServerFigures.HBaseFigures hbase(ObjectName name) throws JMException {
    return new RegionServerFigures.HBaseFigures(
        count(name, "memStoreSize"),
        count(name, "flushQueueLength"),
        count(name, "compactionQueueLength"),
        count(name, "flushedCellsSize"),
        count(name, "compactedCellsSize"),
        count(name, "readRequestCount"),
        count(name, "writeRequestCount"),
        count(name, "blockCacheHitCount"),
        count(name, "blockCacheMissCount"),
        count(name, "updatesBlockedTime"));
  }

  /** A count the bean holds, -1 when it has none (as {@link JmxAnswer#count}). */
  private long count(ObjectName name, String attribute) throws JMException {
    try {
      return beans.getAttribute(name, attribute) instanceof Number n && n.longValue() >= 0
          ? n.longValue()
          : -1;
    } catch (AttributeNotFoundException e) {
      return -1;
    }
  }

  @Override
  public String source() {
    return "this JVM's MBean server ("
        + servers.size()
        + " RegionServer"
        + (servers.size() == 1 ? "" : "s")
        + " in this JVM): GC counters live, this JVM's collectors, shared by the client and the"
        + " servers; memstore, queues, requests and block cache as HBase last recomputed them"
        + " (once per hbase.regionserver.metrics.period, served through metrics2's JMX cache)";
  }
}
