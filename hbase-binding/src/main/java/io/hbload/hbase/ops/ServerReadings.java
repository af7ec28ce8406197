package io.hbload.hbase.ops;

import io.hbload.core.server.ServerSampler;
import io.hbload.hbase.cluster.EmbeddedCluster;
import io.hbload.hbase.cluster.InProcessClusters;
import io.hbload.hbase.config.HBaseSettings;
import io.hbload.hbase.metrics.BlockCacheReader;
import io.hbload.hbase.metrics.HttpJmxBlockCacheReader;
import io.hbload.hbase.metrics.HttpJmxServerSampler;
import io.hbload.hbase.metrics.MetricsLag;
import io.hbload.hbase.metrics.PlatformJmxBlockCacheReader;
import io.hbload.hbase.metrics.PlatformJmxServerSampler;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.ServerMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;

/**
 * How a session reads the cluster's RegionServers, chosen once when it opens, for {@code run} and
 * {@code pe} alike: in-process for an embedded cluster handed to it; from this JVM's MBean server
 * when every live server runs in this JVM (a user's own mini cluster found by address); else each
 * server's {@code /jmx} over HTTP. The longest the figures can trail ({@link #lag}) is worked out
 * only when asked, after a run: over HTTP it costs a fetch of some 200 KB of {@code /conf}, which a
 * session that never reads the block cache (pe) should not pay at open. Thread-safe.
 */
public final class ServerReadings {
  /** In-process counters refresh every 1 s on hbload's embedded cluster. */
  private static final MetricsLag IN_PROCESS =
      new MetricsLag(1100, "the in-process counters refresh every 1 s");

  /**
   * How long to wait for a server's bean in this JVM before reading it over HTTP or not at all:
   * HBase unregisters its beans for half a second or more when it restarts metrics2, about 5 s
   * after regions open or close, which is when a run against a just-created table opens.
   */
  private static final long BEAN_AWAY_MILLIS = 3_000;

  private static final long POLL_MILLIS = 100;

  private final BlockCacheReader cacheReader;
  private final ServerSampler sampler;
  private final Supplier<MetricsLag> lagOnce;
  private MetricsLag lag;

  private ServerReadings(
      BlockCacheReader cacheReader, ServerSampler sampler, Supplier<MetricsLag> lag) {
    this.cacheReader = cacheReader;
    this.sampler = sampler;
    this.lagOnce = lag;
  }

  /** Chooses for the cluster {@code access} reaches, asking the master through {@code admin}. */
  public static ServerReadings open(
      ClusterAccess access, Admin admin, HBaseSettings settings, PrintStream messages) {
    Long settle = settings.metricsSettleMillis();
    EmbeddedCluster inProcess = access.inProcess();
    if (inProcess == null) {
      inProcess = InProcessClusters.at(access.configuration());
    }
    if (inProcess != null) {
      return new ServerReadings(
          inProcess.blockCacheReader(),
          inProcess.serverSampler(),
          () -> settle != null ? settled(settle) : IN_PROCESS);
    }
    Map<ServerName, ServerMetrics> live = liveServers(admin, messages);
    List<HttpJmxServerSampler.InfoServer> info = infoServers(live);
    PlatformJmxBlockCacheReader platform = inThisJvm(live, info.isEmpty());
    if (platform != null) {
      Map<String, String> names = new LinkedHashMap<>();
      live.keySet().forEach(n -> names.put(n.getServerName(), n.getAddress().toString()));
      return new ServerReadings(
          platform,
          new PlatformJmxServerSampler(names),
          () -> settle != null ? settled(settle) : MetricsLag.ofThisJvm());
    }
    if (info.isEmpty()) {
      // never silently without figures: the run's report then says why there are none
      messages.println(
          "[hbase] server figures unavailable: "
              + (live.isEmpty()
                  ? "the master listed no live RegionServer"
                  : "the RegionServers have no info server (/jmx) and their metrics beans are not"
                      + " in this JVM (or were away for "
                      + BEAN_AWAY_MILLIS / 1000
                      + " s)"));
      return new ServerReadings(
          null, null, () -> settle != null ? settled(settle) : MetricsLag.unknown());
    }
    return new ServerReadings(
        new HttpJmxBlockCacheReader(
            info.stream().map(HttpJmxServerSampler.InfoServer::infoServer).toList()),
        new HttpJmxServerSampler(info),
        () -> settle != null ? settled(settle) : declared(info));
  }

  /** The block-cache counters, null when no server can be read. */
  public BlockCacheReader cacheReader() {
    return cacheReader;
  }

  /** The server series during a phase, null when none can be sampled. */
  public ServerSampler sampler() {
    return sampler;
  }

  /** How long after a run its last calls surely show; worked out on the first call. */
  public synchronized MetricsLag lag() {
    if (lag == null) {
      lag = lagOnce.get();
    }
    return lag;
  }

  private static MetricsLag settled(long millis) {
    return new MetricsLag(millis, "hbload.metrics.settlems");
  }

  /**
   * A reader of the live servers' beans when they all run in this JVM, else null. Their beans may
   * be away for a moment (metrics2 restarting, and then every bean of this JVM's metrics system is
   * away, so nothing tells a mini cluster here from a remote one): when no info server could read
   * them instead, they are looked for again for a few seconds, so that a run against a mini cluster
   * in this JVM is not left without figures by the moment it opened. A remote cluster whose servers
   * run without info servers pays those seconds once, at open.
   */
  private static PlatformJmxBlockCacheReader inThisJvm(
      Map<ServerName, ServerMetrics> live, boolean noInfoServer) {
    List<String> names = live.keySet().stream().map(ServerName::getServerName).toList();
    PlatformJmxBlockCacheReader platform = PlatformJmxBlockCacheReader.of(names);
    long deadline = System.nanoTime() + BEAN_AWAY_MILLIS * 1_000_000L;
    while (platform == null && noInfoServer && !names.isEmpty() && System.nanoTime() < deadline) {
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
      platform = PlatformJmxBlockCacheReader.of(names);
    }
    return platform;
  }

  /** The live RegionServers, as the master knows them; none when it cannot say. */
  private static Map<ServerName, ServerMetrics> liveServers(Admin admin, PrintStream messages) {
    try {
      return admin
          .getClusterMetrics(EnumSet.of(ClusterMetrics.Option.LIVE_SERVERS))
          .getLiveServerMetrics();
    } catch (IOException | RuntimeException e) {
      messages.println("[hbase] server figures unavailable: " + ConnectivityCheck.rootMessage(e));
      return Map.of();
    }
  }

  /** Each live RegionServer's info server (none for servers that run without one). */
  private static List<HttpJmxServerSampler.InfoServer> infoServers(
      Map<ServerName, ServerMetrics> live) {
    List<HttpJmxServerSampler.InfoServer> info = new ArrayList<>();
    for (Map.Entry<ServerName, ServerMetrics> e : live.entrySet()) {
      int port = e.getValue().getInfoServerPort();
      if (port > 0) {
        info.add(
            new HttpJmxServerSampler.InfoServer(
                e.getKey().getAddress().toString(), e.getKey().getHostname() + ":" + port));
      }
    }
    return info;
  }

  /**
   * How far the servers' /jmx can trail: what the first server's configuration states (hbload's
   * embedded cluster states its metrics2 period), else Hadoop's default. One server is asked: a
   * cluster's servers share their metrics configuration, and each /conf is some 200 KB.
   */
  private static MetricsLag declared(List<HttpJmxServerSampler.InfoServer> info) {
    try {
      MetricsLag declared = MetricsLag.declaredBy(info.get(0).infoServer());
      return declared != null ? declared : MetricsLag.unknown();
    } catch (IOException e) {
      return MetricsLag.unknown();
    }
  }
}
