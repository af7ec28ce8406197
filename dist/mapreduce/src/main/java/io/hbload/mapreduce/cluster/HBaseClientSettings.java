package io.hbload.mapreduce.cluster;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;

/**
 * The client's HBase settings that a map task on another host needs to reach the same cluster:
 * every {@code hbase.*} and {@code zookeeper.*} entry of the client's configuration that is not a
 * built-in default (its hbase-site.xml, the ZooKeeper quorum, hbload's bounded timeouts). They
 * travel in the job configuration as run properties, which the HBase binding passes through into
 * the task's HBase configuration. Stateless.
 */
public final class HBaseClientSettings {
  /**
   * YCSB's HBase binding property, not an HBase setting; the binding refuses to pass it through.
   */
  private static final String USE_PAGE_FILTER = "hbase.usepagefilter";

  private HBaseClientSettings() {}

  /** The non-default HBase and ZooKeeper client settings of {@code conf}, sorted by name. */
  public static Map<String, String> of(Configuration conf) {
    Map<String, String> out = new TreeMap<>();
    for (Map.Entry<String, String> e : conf) {
      String key = e.getKey();
      if ((key.startsWith("hbase.") || key.startsWith("zookeeper."))
          && !key.equals(USE_PAGE_FILTER)
          && !builtIn(conf, key)) {
        out.put(key, conf.get(key));
      }
    }
    return out;
  }

  private static boolean builtIn(Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    return sources == null
        || sources.length == 0
        || Arrays.stream(sources).allMatch(s -> s.endsWith("-default.xml"));
  }
}
