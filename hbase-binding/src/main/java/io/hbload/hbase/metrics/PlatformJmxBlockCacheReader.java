package io.hbload.hbase.metrics;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Reads the RegionServer beans of the cluster's servers from this JVM's platform MBean server, for
 * an in-process cluster hbload was not handed (a user's own mini cluster, or the test kit's found
 * by address). Only the beans of the servers named at construction are read: another cluster in
 * this JVM (a test's, beside the one a run targets) has beans there too. metrics2 serves them from
 * a cache it keeps for one metrics2 period ({@link MetricsLag#ofThisJvm()}); hbload's own embedded
 * cluster is read through {@link io.hbload.hbase.cluster.EmbeddedCluster#blockCacheReader()}
 * instead. Thread-safe.
 */
public final class PlatformJmxBlockCacheReader implements BlockCacheReader {
  /** The tag metrics2 shows as an attribute: the server's {@code host,port,startcode}. */
  private static final String SERVER_NAME = "tag.serverName";

  private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
  private final Set<String> serverNames;

  private PlatformJmxBlockCacheReader(Set<String> serverNames) {
    this.serverNames = Set.copyOf(serverNames);
  }

  /**
   * A reader of these servers ({@code host,port,startcode}) when every one of them runs in this
   * JVM, else null (read them over HTTP).
   */
  public static PlatformJmxBlockCacheReader of(Collection<String> serverNames) {
    if (serverNames.isEmpty()) {
      return null;
    }
    PlatformJmxBlockCacheReader reader = new PlatformJmxBlockCacheReader(Set.copyOf(serverNames));
    try {
      return reader.beans().size() == reader.serverNames.size() ? reader : null;
    } catch (JMException e) {
      return null;
    }
  }

  /** The beans of this reader's servers that are registered now. */
  private List<ObjectName> beans() throws JMException {
    List<ObjectName> out = new ArrayList<>();
    for (ObjectName name : server.queryNames(new ObjectName(BEAN + "*"), null)) {
      if (server.getAttribute(name, SERVER_NAME) instanceof String s && serverNames.contains(s)) {
        out.add(name);
      }
    }
    return out;
  }

  /**
   * Sums the servers' counters.
   *
   * @throws MissingBeanException when a server's bean is not registered (its metrics system
   *     restarting, or the server gone): zeros in its place would make the deltas wrong
   */
  @Override
  public BlockCacheSnapshot read() throws IOException {
    try {
      List<ObjectName> names = beans();
      if (names.size() != serverNames.size()) {
        throw new MissingBeanException(
            "the RegionServer bean of "
                + (serverNames.size() - names.size())
                + " of "
                + serverNames.size()
                + " servers is not registered in this JVM");
      }
      BlockCacheSnapshot s = BlockCacheSnapshot.EMPTY;
      for (ObjectName name : names) {
        long[] v = new long[BlockCacheSnapshot.ATTRIBUTES.length];
        for (int i = 0; i < v.length; i++) {
          v[i] = ((Number) server.getAttribute(name, BlockCacheSnapshot.ATTRIBUTES[i])).longValue();
        }
        s = s.plus(v);
      }
      return s;
    } catch (JMException | ClassCastException e) {
      throw new IOException("reading " + BEAN + " from the platform MBean server failed: " + e, e);
    }
  }

  @Override
  public String source() {
    return "in-process JMX";
  }
}
