package io.hbload.hbase.metrics;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Set;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Reads the RegionServer bean from this JVM's platform MBean server, for an in-process cluster
 * hbload did not start (a user's own mini cluster). Caveat: metrics2 serves the bean from a cache
 * refreshed once per metrics period (10 s by default), so runs shorter than that read stale
 * counters; hbload's own embedded cluster is read through its {@link
 * io.hbload.hbase.cluster.EmbeddedCluster#blockCacheReader()} instead. Stateless, thread-safe.
 */
public final class PlatformJmxBlockCacheReader implements BlockCacheReader {
  private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();

  /** Whether a RegionServer in this JVM has registered its bean. */
  public static boolean available() {
    try {
      return !ManagementFactory.getPlatformMBeanServer()
          .queryNames(new ObjectName(BEAN + "*"), null)
          .isEmpty();
    } catch (JMException e) {
      return false;
    }
  }

  @Override
  public BlockCacheSnapshot read() throws IOException {
    try {
      Set<ObjectName> names = server.queryNames(new ObjectName(BEAN + "*"), null);
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
