package io.hbload.hbase.config;

import io.hbload.core.config.SiteFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;

/**
 * Where the HBase cluster is, as HBase tools take it: an {@code hbase-site.xml} on the class path
 * (YCSB's {@code -cp /etc/hbase/conf}), a conf directory ({@code hbload.hbase.conf}), a ZooKeeper
 * quorum ({@code hbload.zk}) and {@code hbase.*} / {@code zookeeper.*} properties passed through
 * verbatim, applied in that order (later wins). Immutable; {@link #toConfiguration()} builds a
 * fresh {@code Configuration} each call.
 *
 * @param confDir directory with hbase-site.xml, or null
 * @param zkQuorum {@code host[:port][,...]}, or null
 * @param passThrough {@code hbase.*} and {@code zookeeper.*} properties set last
 */
public record ClusterSpec(Path confDir, String zkQuorum, Map<String, String> passThrough) {

  /**
   * Operation timeout unless the user set one: HBase's default of 20 minutes would hide a dead
   * cluster.
   */
  public static final int DEFAULT_OPERATION_TIMEOUT_MS = 30_000;

  /**
   * Per-RPC timeout unless the user set one (HBase: 60 s), so a retry happens within the operation
   * timeout.
   */
  public static final int DEFAULT_RPC_TIMEOUT_MS = 10_000;

  public ClusterSpec {
    passThrough = Map.copyOf(passThrough);
  }

  /**
   * True when any source names a cluster. If none does, HBase would silently try {@code
   * 127.0.0.1:2181}; hbload starts its embedded cluster instead.
   */
  public boolean configured() {
    return confDir != null
        || zkQuorum != null
        || passThrough.containsKey("hbase.zookeeper.quorum")
        || userHBaseSiteOnClassPath();
  }

  /** The client configuration: sources in order, then bounded timeouts where the user set none. */
  public Configuration toConfiguration() throws IOException {
    Configuration conf = HBaseConfiguration.create();
    if (confDir != null) {
      if (!Files.isDirectory(confDir)) {
        throw new IOException("HBase conf directory " + confDir + " does not exist");
      }
      boolean any = false;
      for (String name : new String[] {"core-site.xml", "hdfs-site.xml", "hbase-site.xml"}) {
        Path file = confDir.resolve(name);
        if (Files.isRegularFile(file)) {
          conf.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
          any = true;
        }
      }
      if (!any) {
        throw new IOException("no hbase-site.xml in HBase conf directory " + confDir);
      }
    }
    if (zkQuorum != null) {
      applyZk(conf, zkQuorum);
    }
    passThrough.forEach(conf::set);
    boundTimeouts(conf);
    return conf;
  }

  /**
   * Why a conf directory cannot be used (missing, or without any of the site files), or null when
   * it can.
   */
  public static String confDirProblem(Path dir) {
    if (!Files.isDirectory(dir)) {
      return "HBase conf directory " + dir + " does not exist";
    }
    boolean any = false;
    for (String name : new String[] {"core-site.xml", "hdfs-site.xml", "hbase-site.xml"}) {
      Path site = dir.resolve(name);
      if (Files.isRegularFile(site)) {
        String problem = SiteFiles.problem(site); // Hadoop would read it lazily, mid-start
        if (problem != null) {
          return problem;
        }
        any = true;
      }
    }
    return any ? null : "no hbase-site.xml in HBase conf directory " + dir;
  }

  /**
   * Why {@code host[:port][,host[:port]]} is not a quorum (an empty host, a port that is not
   * 1-65535), or null.
   */
  public static String quorumProblem(String quorum) {
    for (String part : quorum.split(",", -1)) {
      String p = part.trim();
      int colon = p.lastIndexOf(':');
      String host = colon < 0 ? p : p.substring(0, colon);
      if (host.isEmpty()) {
        return "'" + quorum + "' is not host[:port][,host[:port]...]: empty host";
      }
      if (colon >= 0) {
        String port = p.substring(colon + 1);
        if (!port.matches("\\d{1,5}")
            || Integer.parseInt(port) < 1
            || Integer.parseInt(port) > 65535) {
          return "'" + quorum + "': port '" + port + "' is not a number from 1 to 65535";
        }
      }
    }
    return null;
  }

  /** Sets quorum and client port from {@code host[:port][,host[:port]]}. */
  static void applyZk(Configuration conf, String quorum) {
    StringBuilder hosts = new StringBuilder();
    String port = null;
    for (String part : quorum.split(",")) {
      String p = part.trim();
      int colon = p.lastIndexOf(':');
      if (colon > 0) {
        port = p.substring(colon + 1);
        p = p.substring(0, colon);
      }
      if (hosts.length() > 0) {
        hosts.append(',');
      }
      hosts.append(p);
    }
    conf.set("hbase.zookeeper.quorum", hosts.toString());
    if (port != null) {
      conf.set("hbase.zookeeper.property.clientPort", port);
    }
  }

  /** Applies hbload's timeout defaults to keys that still have HBase's built-in value. */
  public static void boundTimeouts(Configuration conf) {
    setUnlessUserSet(conf, "hbase.client.operation.timeout", DEFAULT_OPERATION_TIMEOUT_MS);
    setUnlessUserSet(conf, "hbase.client.meta.operation.timeout", DEFAULT_OPERATION_TIMEOUT_MS);
    setUnlessUserSet(conf, "hbase.rpc.timeout", DEFAULT_RPC_TIMEOUT_MS);
  }

  private static void setUnlessUserSet(Configuration conf, String key, int value) {
    String[] sources = conf.getPropertySources(key);
    boolean builtIn =
        sources == null
            || sources.length == 0
            || (sources.length == 1 && sources[0].endsWith("hbase-default.xml"));
    if (builtIn) {
      conf.setInt(key, value);
    }
  }

  /**
   * A copy for the start-up connectivity check: few retries and short timeouts, so an unreachable
   * cluster is reported in seconds rather than after minutes of retries.
   */
  public static Configuration forConnectivityCheck(Configuration conf) {
    Configuration c = new Configuration(conf);
    c.setInt("hbase.client.retries.number", 2);
    c.setInt("hbase.client.pause", 200);
    c.setInt("hbase.client.operation.timeout", 10_000);
    c.setInt("hbase.client.meta.operation.timeout", 10_000);
    c.setInt("hbase.rpc.timeout", 5_000);
    c.setInt("zookeeper.recovery.retry", 1);
    c.setInt("zookeeper.session.timeout", 10_000);
    c.setInt("hbase.zookeeper.recoverable.waittime", 5_000);
    return c;
  }

  /**
   * Whether an hbase-site.xml is on the class path (YCSB's {@code -cp /etc/hbase/conf}). None of
   * the jars hbload bundles has one (HBase 2.5's test jars ship only {@code
   * override-hbase-site.xml}), so one found is the user's.
   */
  static boolean userHBaseSiteOnClassPath() {
    ClassLoader cl = Thread.currentThread().getContextClassLoader();
    if (cl == null) {
      cl = ClusterSpec.class.getClassLoader();
    }
    return cl.getResource("hbase-site.xml") != null;
  }

  /** Human description for messages, e.g. {@code zk=10.0.0.1:2181}. */
  public static String describe(Configuration conf) {
    return "zk="
        + conf.get("hbase.zookeeper.quorum")
        + ":"
        + conf.get("hbase.zookeeper.property.clientPort", "2181");
  }
}
