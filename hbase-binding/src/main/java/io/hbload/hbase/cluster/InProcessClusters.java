package io.hbload.hbase.cluster;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;

/**
 * The embedded clusters running in this JVM, by ZooKeeper port, so that a session which reaches one
 * by its address (a test's shared cluster, {@code --zk 127.0.0.1:PORT}) reads its servers
 * in-process, as it would a cluster handed to it. The alternative, this JVM's metrics2 beans, is
 * not reliable in a JVM that ran other clusters before: in a test JVM of the whole suite the
 * RegionServer bean of the shared cluster was not there to match, and every pe by address waited 3
 * s for it, then ran without server figures. Thread-safe.
 */
public final class InProcessClusters {
  private static final Map<Integer, EmbeddedCluster> BY_ZK_PORT = new ConcurrentHashMap<>();
  private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "localhost", "::1", "[::1]");

  private InProcessClusters() {}

  /** A cluster that now runs in this JVM; its ZooKeeper port is its key. */
  public static void register(EmbeddedCluster cluster) {
    BY_ZK_PORT.put(cluster.zkPort(), cluster);
  }

  /** The cluster stopped (a no-op when another one has its port since). */
  public static void unregister(EmbeddedCluster cluster) {
    BY_ZK_PORT.remove(cluster.zkPort(), cluster);
  }

  /**
   * The in-process cluster whose ZooKeeper {@code conf} names, or null: every quorum host must be a
   * loopback name and the port one a cluster of this JVM listens on.
   */
  public static EmbeddedCluster at(Configuration conf) {
    String quorum = conf.get("hbase.zookeeper.quorum");
    if (quorum == null || quorum.isBlank() || BY_ZK_PORT.isEmpty()) {
      return null;
    }
    int defaultPort = conf.getInt("hbase.zookeeper.property.clientPort", 2181);
    EmbeddedCluster found = null;
    for (String hostPort : quorum.split(",")) {
      String s = hostPort.trim();
      int colon = s.lastIndexOf(':');
      boolean hasPort = colon > 0 && !s.endsWith("]") && s.indexOf(':') == colon;
      String host = hasPort ? s.substring(0, colon) : s;
      int port;
      try {
        port = hasPort ? Integer.parseInt(s.substring(colon + 1)) : defaultPort;
      } catch (NumberFormatException e) {
        return null;
      }
      EmbeddedCluster c = BY_ZK_PORT.get(port);
      if (!LOOPBACK.contains(host) || c == null || (found != null && found != c)) {
        return null;
      }
      found = c;
    }
    return found;
  }
}
