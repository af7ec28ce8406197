package io.hbload.hbase.ops;

import io.hbload.core.server.ServerSampler;
import io.hbload.hbase.cluster.EmbeddedCluster;
import io.hbload.hbase.config.HBaseSettings;
import io.hbload.hbase.metrics.BlockCacheReader;
import io.hbload.hbase.metrics.HttpJmxBlockCacheReader;
import io.hbload.hbase.metrics.HttpJmxServerSampler;
import io.hbload.hbase.metrics.MetricsLag;
import io.hbload.hbase.metrics.PlatformJmxBlockCacheReader;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.ServerMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;

/**
 * How a session reads the cluster's RegionServers, chosen once when it opens: in-process for an
 * embedded cluster handed to it; from this JVM's MBean server when every live server runs in this
 * JVM; else each server's {@code /jmx} over HTTP. With the longest the figures can trail ({@link
 * MetricsLag}). Immutable.
 *
 * @param cacheReader the block-cache counters, null when no server can be read
 * @param sampler the server series during a phase, null when none can be sampled
 * @param lag how long after a run its last calls surely show
 */
public record ServerReadings(BlockCacheReader cacheReader, ServerSampler sampler, MetricsLag lag) {
  /** In-process counters refresh every 1 s on hbload's embedded cluster. */
  private static final MetricsLag IN_PROCESS =
      new MetricsLag(1100, "the in-process counters refresh every 1 s");

  /** Chooses for the cluster {@code access} reaches, asking the master through {@code admin}. */
  public static ServerReadings open(
      ClusterAccess access, Admin admin, HBaseSettings settings, PrintStream messages) {
    EmbeddedCluster inProcess = access.inProcess();
    Map<ServerName, ServerMetrics> live =
        inProcess != null ? Map.of() : liveServers(admin, messages);
    PlatformJmxBlockCacheReader platform =
        PlatformJmxBlockCacheReader.of(
            live.keySet().stream().map(ServerName::getServerName).toList());
    List<HttpJmxServerSampler.InfoServer> info = platform != null ? List.of() : infoServers(live);
    BlockCacheReader reader =
        inProcess != null
            ? inProcess.blockCacheReader()
            : platform != null
                ? platform
                : info.isEmpty()
                    ? null
                    : new HttpJmxBlockCacheReader(
                        info.stream().map(HttpJmxServerSampler.InfoServer::infoServer).toList());
    ServerSampler sampler =
        inProcess != null
            ? inProcess.serverSampler()
            : info.isEmpty() ? null : new HttpJmxServerSampler(info);
    MetricsLag lag =
        settings.metricsSettleMillis() != null
            ? new MetricsLag(settings.metricsSettleMillis(), "hbload.metrics.settlems")
            : inProcess != null
                ? IN_PROCESS
                : platform != null ? MetricsLag.ofThisJvm() : declared(info);
    return new ServerReadings(reader, sampler, lag);
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
    if (info.isEmpty()) {
      return MetricsLag.unknown();
    }
    try {
      MetricsLag declared = MetricsLag.declaredBy(info.get(0).infoServer());
      return declared != null ? declared : MetricsLag.unknown();
    } catch (IOException e) {
      return MetricsLag.unknown();
    }
  }
}
