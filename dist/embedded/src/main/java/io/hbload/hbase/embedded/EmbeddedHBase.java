package io.hbload.hbase.embedded;

import io.hbload.core.fault.FaultTarget;
import io.hbload.core.server.ServerSampler;
import io.hbload.hbase.cluster.EmbeddedCluster;
import io.hbload.hbase.cluster.InProcessClusters;
import io.hbload.hbase.config.Metrics2Period;
import io.hbload.hbase.metrics.BlockCacheReader;
import io.hbload.hbase.metrics.ClusterMemoryReader;
import io.hbload.hbase.metrics.MetricsLag;
import io.hbload.hbase.security.KerberosLogin;
import io.hbload.hbase.security.SecureClient;
import io.hbload.hbase.sizing.ClusterMemory;
import io.hbload.hbase.table.TableSetup;
import io.hbload.hbase.table.TableSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.MiniHBaseCluster;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.io.hfile.BlockCache;
import org.apache.hadoop.hbase.io.hfile.CombinedBlockCache;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.util.JVMClusterUtil;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * An HBase mini cluster in this JVM (1 master, 1 or more RegionServers, 1 ZooKeeper) bound to
 * 127.0.0.1, with its root directory on the local file system (no HDFS: lighter, and a load
 * generator does not need a durable WAL) and no info servers (they add seconds of Jetty start-up;
 * metrics are read in-process). All data goes to a fresh temporary directory that {@link #close()}
 * removes; a shutdown hook does the same if the JVM exits first (Ctrl-C). A failed start shuts down
 * what did start and removes the directory, since the cluster's non-daemon threads would otherwise
 * keep the JVM alive.
 *
 * <p>Started through the binding's cluster seam ({@link io.hbload.hbase.cluster.HBaseCluster},
 * which finds {@link EmbeddedHBaseFactory} as a service), or directly by code that depends on this
 * module.
 *
 * <p>Thread-safe: {@link #close()} may race with the shutdown hook; the state is only read
 * otherwise.
 */
@SuppressWarnings(
    "deprecation") // HBaseTestingUtility: the 2.5 line's mini cluster; its successor always starts
// HDFS
public final class EmbeddedHBase implements EmbeddedCluster {
  /** HBaseTestingUtility reads its data directory from this system property only. */
  private static final String BASE_DIR_PROPERTY = "test.build.data.basedirectory";

  /** HBase's key for how often RegionServer metrics are recomputed. */
  public static final String METRICS_PERIOD_KEY = "hbase.regionserver.metrics.period";

  public static final int METRICS_PERIOD_MILLIS = 1000;

  /** Where the master's RPC server listens. */
  public static final String MASTER_IPC_ADDRESS = "hbase.master.ipc.address";

  /** Where each RegionServer's RPC server listens. */
  public static final String REGIONSERVER_IPC_ADDRESS = "hbase.regionserver.ipc.address";

  private final HBaseTestingUtility util;
  private final Path dataDir;
  private final int zkPort;
  private final int regionServers;
  private final Thread shutdownHook;
  private final EmbeddedKdc kdc;
  private boolean closed;

  /**
   * HBase's per-user scratch directory. Client code that meets a remote exception or filter loads
   * classes through a class loader made from a default configuration, which creates {@code
   * local/jars} here whatever the cluster's configuration says; when this JVM made the directory,
   * its empty directories are removed at close.
   */
  private static final Path SHARED_SCRATCH =
      Path.of(System.getProperty("java.io.tmpdir"), "hbase-" + System.getProperty("user.name"));

  private static final boolean SHARED_SCRATCH_EXISTED = Files.exists(SHARED_SCRATCH);

  private EmbeddedHBase(
      HBaseTestingUtility util, Path dataDir, int regionServers, EmbeddedKdc kdc) {
    this.util = util;
    this.kdc = kdc;
    this.dataDir = dataDir;
    this.zkPort = util.getZkCluster().getClientPort();
    this.regionServers = regionServers;
    this.shutdownHook = new Thread(this::closeQuietly, "hbload-embedded-hbase-shutdown");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
    // a session that reaches this cluster by its address reads its servers in-process too
    InProcessClusters.register(this);
  }

  /** The RegionServers of this cluster that are up now. */
  public List<HRegionServer> liveRegionServers() {
    List<HRegionServer> servers = new ArrayList<>();
    for (JVMClusterUtil.RegionServerThread t :
        util.getMiniHBaseCluster().getLiveRegionServerThreads()) {
      HRegionServer rs = t.getRegionServer();
      if (!rs.isStopped() && !rs.isAborted()) {
        servers.add(rs);
      }
    }
    return servers;
  }

  /** Starts a cluster with {@code regionServers} RegionServers and ZooKeeper on a random port. */
  public static EmbeddedHBase start(int regionServers) throws IOException {
    return start(regionServers, 0, false);
  }

  /**
   * Starts a cluster; {@code zkPort} 0 picks a free port. Blocks until the RegionServers serve
   * {@code hbase:meta} (about 7 s here). {@code regionServerInfoServers} turns on the
   * RegionServers' HTTP info servers (127.0.0.1, random ports) so that clients in other JVMs can
   * read {@code /jmx}; they cost seconds of start-up (much more from a fat jar, where Jetty scans
   * the whole jar).
   */
  public static EmbeddedHBase start(int regionServers, int zkPort, boolean regionServerInfoServers)
      throws IOException {
    return start(regionServers, zkPort, regionServerInfoServers, false);
  }

  /**
   * Starts a Kerberized cluster: an {@link EmbeddedKdc} first (its files in the cluster's data
   * directory), then master and RegionServers that accept only Kerberos (SASL) clients, as {@code
   * hbase/localhost}, with HBase's delegation-token endpoint ({@code TokenProvider}) so MapReduce
   * tasks can authenticate with tokens. No info servers (they would need SPNEGO). ZooKeeper stays
   * unauthenticated (it holds no data, and listens on loopback). Logs this JVM's Hadoop login in as
   * the servers' principal, as a secure server process does; {@link #close()} resets it. Clients
   * log in as {@link EmbeddedKdc#clientPrincipal()} with {@link EmbeddedKdc#clientKeytab()}.
   */
  public static EmbeddedHBase startSecure(int regionServers, int zkPort) throws IOException {
    return start(regionServers, zkPort, false, true);
  }

  private static synchronized EmbeddedHBase start(
      int regionServers, int zkPort, boolean regionServerInfoServers, boolean kerberos)
      throws IOException {
    if (regionServers < 1) {
      throw new IllegalArgumentException("regionServers must be >= 1: " + regionServers);
    }
    QuietLogging.apply();
    Path base = dataParent();
    Files.createDirectories(base);
    Path dir =
        Files.createTempDirectory(
            base, "hbload-embedded-"); // 0700: the KDC's keytabs live here too
    EmbeddedKdc kdc = null;
    Configuration conf = serverConfiguration(regionServerInfoServers);
    // HBase's own scratch space (local jars, the servers' temp files) defaults to
    // <java.io.tmpdir>/hbase-<user>,
    // shared with every other HBase of this user and left behind: it goes into the cluster's
    // directory instead
    conf.set("hbase.tmp.dir", dir.resolve("hbase-tmp").toString());
    if (kerberos) {
      try {
        kdc = EmbeddedKdc.start(dir.resolve("kdc"));
      } catch (IOException e) {
        deleteRecursively(dir);
        throw e;
      }
      secure(conf, kdc);
      // the servers log in process-wide (User.login), which needs Hadoop's global security switch
      // on first, and
      // no login user cached by earlier plain Hadoop use. Known limit: after a plain mini cluster
      // ran in this JVM
      // the secure master still never initializes (cause not found; it fails after the 60 s below):
      // start it in
      // a fresh JVM (hbload embedded, or failsafe's reuseForks=false, as the own-jvm ITs have)
      UserGroupInformation.reset();
      UserGroupInformation.setConfiguration(conf);
    }
    // synchronized + restore: the property is global. It must be set before the utility is made:
    // its constructor
    // fixes the data directory (hbase.rootdir, hadoop.tmp.dir, the logs) from it, and without it
    // that directory is
    // ./target/test-data/<random> in the user's working directory, left behind at exit
    String previous = System.setProperty(BASE_DIR_PROPERTY, dir.toString());
    HBaseTestingUtility util;
    try {
      util = new HBaseTestingUtility(conf);
    } catch (RuntimeException e) {
      restore(previous);
      if (kdc != null) {
        kdc.close();
        UserGroupInformation.reset();
      }
      deleteRecursively(dir);
      throw e;
    }
    boolean started = false;
    try {
      if (zkPort > 0) {
        util.startMiniZKCluster(1, zkPort);
      } else {
        util.startMiniZKCluster();
      }
      util.startMiniHBaseCluster(
          StartMiniClusterOption.builder().numMasters(1).numRegionServers(regionServers).build());
      started = true;
      return new EmbeddedHBase(util, dir, regionServers, kdc);
    } catch (Exception e) {
      throw new IOException("embedded HBase did not start: " + e, e);
    } finally {
      restore(previous);
      if (!started) {
        try {
          util.shutdownMiniCluster();
        } catch (Exception ignored) {
          // already failing; the start error is the one to report
        }
        if (kdc != null) {
          kdc.close();
          UserGroupInformation.reset();
        }
        deleteRecursively(dir);
      }
    }
  }

  private static void restore(String previous) {
    if (previous == null) {
      System.clearProperty(BASE_DIR_PROPERTY);
    } else {
      System.setProperty(BASE_DIR_PROPERTY, previous);
    }
  }

  private static Configuration serverConfiguration(boolean regionServerInfoServers) {
    Configuration conf = HBaseConfiguration.create();
    // LocalFileSystem has no hflush/hsync; without this the WAL refuses to start on it
    conf.setBoolean("hbase.unsafe.stream.capability.enforce", false);
    conf.setInt(HConstants.MASTER_INFO_PORT, -1);
    conf.setInt(HConstants.REGIONSERVER_INFO_PORT, regionServerInfoServers ? 0 : -1);
    conf.set("hbase.master.info.bindAddress", "127.0.0.1");
    conf.set("hbase.regionserver.info.bindAddress", "127.0.0.1");
    // the RPC servers have no authentication here: listen on loopback only, whatever the host name
    // resolves to
    conf.set(MASTER_IPC_ADDRESS, "127.0.0.1");
    conf.set(REGIONSERVER_IPC_ADDRESS, "127.0.0.1");
    conf.set(HConstants.ZOOKEEPER_QUORUM, "127.0.0.1");
    // RegionServer metrics (block-cache counters in JMX) are recomputed every period (default 5 s);
    // 1 s lets
    // a short run's deltas be read soon after it ends
    conf.setInt(METRICS_PERIOD_KEY, METRICS_PERIOD_MILLIS);
    // metrics2 reads its period from a file no client can see, and /jmx trails the counters by up
    // to two of them: say it where a client in another JVM reads it (the RegionServer's /conf)
    conf.setLong(
        MetricsLag.DECLARED_PERIOD_KEY,
        Metrics2Period.onClassPath(EmbeddedHBase.class.getClassLoader()).millis());
    return conf;
  }

  /**
   * Server-side Kerberos: SASL-only RPC as the KDC's server principal, and the delegation-token
   * endpoint.
   */
  private static void secure(Configuration conf, EmbeddedKdc kdc) {
    conf.set(KerberosLogin.HADOOP_AUTHENTICATION, "kerberos");
    conf.set(KerberosLogin.HBASE_AUTHENTICATION, "kerberos");
    conf.set(SecureClient.MASTER_PRINCIPAL, kdc.serverPrincipal());
    conf.set("hbase.master.keytab.file", kdc.serverKeytab().toString());
    conf.set(SecureClient.REGIONSERVER_PRINCIPAL, kdc.serverPrincipal());
    conf.set("hbase.regionserver.keytab.file", kdc.serverKeytab().toString());
    conf.set(
        "hbase.coprocessor.region.classes", "org.apache.hadoop.hbase.security.token.TokenProvider");
    // a secure start that cannot authenticate waits for the master: fail in a minute, not HBase's
    // 200-300 s
    conf.setInt("hbase.master.init.timeout.localHBaseCluster", 60_000);
    conf.setInt("hbase.master.start.timeout.localHBaseCluster", 60_000);
  }

  /**
   * The settings a client of a secure cluster needs besides its login (none for a plain cluster).
   */
  private Map<String, String> clientSecurity() {
    Map<String, String> m = new LinkedHashMap<>();
    if (kdc != null) {
      m.put(KerberosLogin.HBASE_AUTHENTICATION, "kerberos");
      m.put(KerberosLogin.HADOOP_AUTHENTICATION, "kerberos");
      m.put(SecureClient.MASTER_PRINCIPAL, kdc.serverPrincipal());
      m.put(SecureClient.REGIONSERVER_PRINCIPAL, kdc.serverPrincipal());
    }
    return m;
  }

  /** The KDC of a secure cluster ({@link #startSecure}), or null. */
  public EmbeddedKdc kdc() {
    return kdc;
  }

  @Override
  public BlockCacheReader blockCacheReader() {
    return new InProcessBlockCacheReader(this);
  }

  @Override
  public ServerSampler serverSampler() {
    return new InProcessServerSampler(this);
  }

  /**
   * The live RegionServers' block-cache capacity; heap and host memory are this JVM's, which they
   * share.
   */
  @Override
  public ClusterMemory memory(float memstoreFraction) {
    List<HRegionServer> servers = liveRegionServers();
    long l1 = 0;
    long l2 = 0;
    for (HRegionServer rs : servers) {
      BlockCache cache = rs.getBlockCache().orElse(null);
      if (cache instanceof CombinedBlockCache combined) {
        BlockCache[] levels = combined.getBlockCaches();
        l1 += levels[0].getMaxSize();
        l2 += levels.length > 1 ? levels[1].getMaxSize() : 0;
      } else if (cache != null) {
        l1 += cache.getMaxSize();
      }
    }
    int n = Math.max(1, servers.size());
    long heap = Runtime.getRuntime().maxMemory();
    return new ClusterMemory(
        servers.size(),
        heap,
        l1 / n,
        l2 / n,
        (long) (memstoreFraction * heap),
        ClusterMemoryReader.hostMemory(),
        "the embedded cluster's " + servers.size() + " RegionServer(s), in process");
  }

  /** ZooKeeper host for clients. */
  @Override
  public String zkQuorum() {
    return "127.0.0.1";
  }

  @Override
  public int zkPort() {
    return zkPort;
  }

  @Override
  public int regionServerCount() {
    return regionServers;
  }

  /** Where the cluster's data lives until {@link #close()}. */
  @Override
  public Path dataDir() {
    return dataDir;
  }

  /** A fresh client configuration pointing at this cluster. */
  @Override
  public Configuration clientConfiguration() {
    Configuration conf = HBaseConfiguration.create();
    conf.set(HConstants.ZOOKEEPER_QUORUM, zkQuorum());
    conf.setInt(HConstants.ZOOKEEPER_CLIENT_PORT, zkPort);
    conf.set(
        HConstants.ZOOKEEPER_ZNODE_PARENT,
        util.getConfiguration()
            .get(HConstants.ZOOKEEPER_ZNODE_PARENT, HConstants.DEFAULT_ZOOKEEPER_ZNODE_PARENT));
    clientSecurity().forEach(conf::set);
    return conf;
  }

  /**
   * An hbase-site.xml with which other clients (YCSB, the HBase shell, another hbload) reach this
   * cluster.
   */
  /**
   * Creates the benchmark table on this cluster, pre-split as {@code spec} says (for {@code hbload
   * embedded}).
   */
  public void createTable(TableSpec spec, PrintStream messages) throws IOException {
    try (Connection c = ConnectionFactory.createConnection(clientConfiguration());
        Admin admin = c.getAdmin()) {
      new TableSetup(admin, spec, messages).create();
    }
  }

  public String hbaseSiteXml() {
    StringBuilder security = new StringBuilder();
    clientSecurity()
        .forEach(
            (k, v) ->
                security
                    .append("  <property><name>")
                    .append(k)
                    .append("</name><value>")
                    .append(v)
                    .append("</value></property>\n"));
    return """
           <?xml version="1.0"?>
           <?xml-stylesheet type="text/xsl" href="configuration.xsl"?>
           <!-- hbload embedded HBase: valid while that process runs -->
           <configuration>
             <property><name>hbase.zookeeper.quorum</name><value>%s</value></property>
             <property><name>hbase.zookeeper.property.clientPort</name><value>%d</value></property>
             <property><name>zookeeper.znode.parent</name><value>%s</value></property>
           %s</configuration>
           """
        .formatted(
            zkQuorum(),
            zkPort,
            util.getConfiguration()
                .get(HConstants.ZOOKEEPER_ZNODE_PARENT, HConstants.DEFAULT_ZOOKEEPER_ZNODE_PARENT),
            security);
  }

  /**
   * Writes {@link #hbaseSiteXml()} to {@code file}, creating parent directories. The file is
   * created new, never through a link another user may have planted in a shared directory.
   */
  public Path writeHBaseSite(Path file) throws IOException {
    return writeNew(file, hbaseSiteXml().getBytes(StandardCharsets.UTF_8), "rw-r--r--");
  }

  /**
   * Writes what a client needs into {@code dir}: hbase-site.xml, and for a secure cluster also
   * krb5.conf and the client's keytab ({@code client.keytab}, 0600). Each file is created new,
   * never through a planted link.
   *
   * @return the files written, hbase-site.xml first
   */
  public List<Path> writeClientFiles(Path dir) throws IOException {
    List<Path> files = new ArrayList<>();
    files.add(writeHBaseSite(dir.resolve("hbase-site.xml")));
    if (kdc != null) {
      files.add(
          writeNew(dir.resolve("krb5.conf"), Files.readAllBytes(kdc.krb5Conf()), "rw-r--r--"));
      files.add(
          writeNew(
              dir.resolve("client.keytab"), Files.readAllBytes(kdc.clientKeytab()), "rw-------"));
    }
    return files;
  }

  private static Path writeNew(Path file, byte[] content, String permissions) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.deleteIfExists(file); // removes a link itself, not its target
    Set<PosixFilePermission> perms = PosixFilePermissions.fromString(permissions);
    try (var channel =
        Files.newByteChannel(
            file,
            Set.<OpenOption>of(
                StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
            PosixFilePermissions.asFileAttribute(perms))) {
      ByteBuffer b = ByteBuffer.wrap(content);
      while (b.hasRemaining()) {
        channel.write(b);
      }
    }
    return file;
  }

  /**
   * Where a cluster makes its data directory ({@code test.build.data.basedirectory}, else {@code
   * java.io.tmpdir}), for a caller that checks it before starting one: a start that fails there
   * fails after seconds of set-up.
   */
  public static Path dataParent() {
    String parent = System.getProperty(BASE_DIR_PROPERTY);
    return parent == null ? Path.of(System.getProperty("java.io.tmpdir")) : Path.of(parent);
  }

  /** A new private directory (0700) for a client configuration, with an unpredictable name. */
  public static Path privateConfDir() throws IOException {
    return Files.createTempDirectory(
        "hbload-embedded-conf-",
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
  }

  /** Restarts, kills RegionServers and restarts the master of this cluster, for a run's faults. */
  @Override
  public FaultTarget processFaults() {
    return new InProcessFaults(util.getMiniHBaseCluster());
  }

  /** The running mini cluster, for fault injection (stop/kill/start RegionServers). */
  public MiniHBaseCluster cluster() {
    return util.getMiniHBaseCluster();
  }

  /** Shuts the cluster down and removes its data directory; idempotent. */
  @Override
  public void close() throws IOException {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    InProcessClusters.unregister(this);
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException alreadyShuttingDown) {
      // called from the hook itself or during JVM exit: nothing to remove
    }
    try {
      util.shutdownMiniCluster();
    } catch (Exception e) {
      throw new IOException("embedded HBase shutdown failed: " + e, e);
    } finally {
      if (kdc != null) {
        kdc.close();
        // the servers' process-wide login: later clusters or clients of this JVM start from plain
        // Hadoop again
        UserGroupInformation.reset();
      }
      deleteRecursively(dataDir);
      if (!SHARED_SCRATCH_EXISTED) {
        removeEmptyDirectories(SHARED_SCRATCH);
      }
    }
  }

  /** Removes {@code dir} and the directories below it when they hold no file; files are kept. */
  private static void removeEmptyDirectories(Path dir) {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        if (Files.isDirectory(p)) {
          try (Stream<Path> inside = Files.list(p)) {
            if (inside.findAny().isEmpty()) {
              Files.delete(p);
            }
          }
        }
      }
    } catch (IOException ignored) {
      // scratch space: what cannot be removed stays, as HBase itself leaves it
    }
  }

  private void closeQuietly() {
    try {
      close();
    } catch (IOException ignored) {
      // JVM exit: nothing left to report to
    }
  }

  /** Deletes a directory tree, best effort (also for the embedded YARN's directories). */
  public static void deleteRecursively(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      paths
          .sorted(Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.deleteIfExists(p);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    } catch (IOException | UncheckedIOException ignored) {
      // best effort: a file still held open by a dying server thread is left for the OS's tmp
      // cleaner
    }
  }
}
