package io.hbload.mapreduce.cluster;

import io.hbload.hbase.embedded.EmbeddedHBase;
import io.hbload.hbase.embedded.EmbeddedKdc;
import io.hbload.hdfs.cluster.QuietLogs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.mapreduce.v2.jobhistory.JHAdminConfig;
import org.apache.hadoop.mapreduce.v2.jobhistory.JobHistoryUtils;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.log4j.LogManager;

/**
 * A MapReduce-on-YARN cluster in this JVM (Hadoop's {@link MiniMRYarnCluster}: one ResourceManager,
 * NodeManagers, a JobHistoryServer), for {@code hbload mapreduce} with no YARN configured. Its
 * servers listen on 127.0.0.1; its working files go to a fresh temporary directory that {@link
 * #close()} removes. Task JVMs are separate processes on this host that get this JVM's class path
 * (Hadoop does that for a mini cluster), so hbload's classes need no job jar here, and the JDK 17
 * flags the cluster code needs.
 *
 * <p>Stopping the mini cluster can take minutes (NodeManagers wait for containers and log
 * aggregation), so {@link #close()} gives it a bounded time on a daemon thread and then lets go:
 * the command's JVM exits anyway. There is no shutdown hook: on Ctrl-C the command still talks to
 * the cluster (it kills its job and reports what finished) and closes it itself, so a hook stopping
 * it underneath would leave the job client retrying a ResourceManager that is gone. Thread-safe:
 * close is idempotent.
 */
public final class EmbeddedYarn implements AutoCloseable {
  /**
   * Hadoop's test utilities put the cluster's directories under this system property (else
   * ./target).
   */
  private static final String TEST_DATA_PROPERTY = "test.build.data";

  /**
   * JDK 17: what the MapReduce ApplicationMaster and the tasks (HBase client, Hadoop IPC) need
   * opened.
   */
  public static final String JDK17_OPENS =
      "--add-opens java.base/java.lang=ALL-UNNAMED "
          + "--add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED";

  /** Container size for the ApplicationMaster and each map task; the JVM heaps fit inside. */
  static final int CONTAINER_MB = 768;

  /**
   * The ApplicationMaster measures nothing; most of its life is starting up (its web app alone
   * loads thousands of classes), which the JIT's first tier alone does faster on a busy host. Map
   * tasks keep the JVM's default compilers: they measure latency.
   */
  static final String AM_JIT_OPTS = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC";

  /** RM-NodeManager and ApplicationMaster-RM heartbeat interval (YARN's default: 1000 ms). */
  static final long HEARTBEAT_MILLIS = 100;

  /** How often a task reports progress and counters (MapReduce's default: 3000 ms). */
  static final long TASK_REPORT_MILLIS = 1000;

  static final long SHUTDOWN_WAIT_SECONDS = 30;
  private static final String KRB5_CONF_PROPERTY = "java.security.krb5.conf";

  /**
   * YARN's web apps log through java.util.logging (Jersey, Guice: a dozen INFO lines per start).
   * Held here because java.util.logging keeps its loggers weakly, and a collected logger forgets
   * its level.
   */
  private static final Logger[] WEB_APP_LOGGERS = {
    Logger.getLogger("com.sun.jersey"), Logger.getLogger("com.google.inject")
  };

  /** What the stopping services log at ERROR about their interrupted threads. */
  private static final String[] STOPPING_LOGGERS = {
    "org.apache.hadoop.yarn",
    "org.apache.hadoop.mapreduce",
    "org.apache.hadoop.mapred",
    "org.apache.hadoop.security.token.delegation"
  };

  private final MiniMRYarnCluster cluster;
  private final Path dataDir;
  private final int nodeManagers;
  private final boolean secure;
  private boolean closed;

  private EmbeddedYarn(MiniMRYarnCluster cluster, Path dataDir, int nodeManagers, boolean secure) {
    this.secure = secure;
    this.cluster = cluster;
    this.dataDir = dataDir;
    this.nodeManagers = nodeManagers;
  }

  /**
   * Starts a cluster whose jobs use {@code fileSystem}'s default file system (the local one next to
   * an embedded HBase, the MiniDFSCluster for dfsio) with room for {@code maps} map tasks at once.
   * The map tasks' JVM flags are {@code fileSystem}'s {@code mapreduce.map.java.opts} when it sets
   * them ({@code -Xmx512m} otherwise), plus the JDK 17 flags.
   */
  public static EmbeddedYarn start(Configuration fileSystem, int maps) throws IOException {
    return start(fileSystem, maps, null);
  }

  /**
   * Starts a Kerberized cluster ({@code hadoop.security.authentication=kerberos}): ResourceManager,
   * NodeManager and JobHistoryServer log in as {@code kdc}'s server principal from its keytab (one
   * identity for every server in this JVM, as a secure embedded HBase already made it this
   * process's login), clients must authenticate with Kerberos, and jobs reach their tasks only
   * through tokens, as on a production secure cluster. Containers run with the {@code
   * DefaultContainerExecutor} (as this process's OS user, under the submitter's name), which is
   * enough for one host. The task and ApplicationMaster JVMs get {@code -Djava.security.krb5.conf}
   * naming the KDC's file, standing in for the {@code /etc/krb5.conf} every node of a real cluster
   * has: Hadoop needs the default realm to start a secure JVM even when it never talks to the KDC.
   */
  public static EmbeddedYarn startSecure(Configuration fileSystem, int maps, EmbeddedKdc kdc)
      throws IOException {
    return start(fileSystem, maps, kdc);
  }

  private static synchronized EmbeddedYarn start(
      Configuration fileSystem, int maps, EmbeddedKdc kdc) throws IOException {
    QuietLogs.apply();
    for (Logger l : WEB_APP_LOGGERS) {
      l.setLevel(java.util.logging.Level.SEVERE);
    }
    Path dir = Files.createTempDirectory("hbload-embedded-yarn-");
    Configuration conf = serverConfiguration(fileSystem, dir, maps);
    if (kdc != null) {
      secure(conf, kdc);
    }
    // synchronized + restore: the property is global, and the cluster reads it once, in its
    // constructor
    String previous = System.setProperty(TEST_DATA_PROPERTY, dir.toString());
    MiniMRYarnCluster mini = null;
    try {
      mini = new MiniMRYarnCluster("hbload", 1);
      mini.init(conf);
      mini.start();
      return new EmbeddedYarn(mini, dir, 1, kdc != null);
    } catch (RuntimeException e) {
      stopQuietly(mini);
      deleteRecursively(dir);
      throw new IOException("embedded YARN did not start: " + e, e);
    } finally {
      if (previous == null) {
        System.clearProperty(TEST_DATA_PROPERTY);
      } else {
        System.setProperty(TEST_DATA_PROPERTY, previous);
      }
    }
  }

  private static Configuration serverConfiguration(Configuration fileSystem, Path dir, int maps) {
    Configuration conf = new YarnConfiguration(fileSystem);
    conf.set("hadoop.tmp.dir", dir.resolve("tmp").toString());
    // every server on loopback, whatever the host name resolves to
    conf.set(YarnConfiguration.RM_BIND_HOST, "127.0.0.1");
    conf.set(YarnConfiguration.NM_BIND_HOST, "127.0.0.1");
    conf.set("mapreduce.jobhistory.bind-host", "127.0.0.1");
    conf.set("yarn.timeline-service.bind-host", "127.0.0.1");
    // the ApplicationMaster and every map fit at once, whatever this host's memory looks like to
    // YARN
    conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 128);
    conf.setInt(YarnConfiguration.NM_PMEM_MB, (maps + 1) * CONTAINER_MB + 512);
    conf.setInt(YarnConfiguration.NM_VCORES, maps + 1);
    conf.setInt("yarn.app.mapreduce.am.resource.mb", CONTAINER_MB);
    conf.setInt("mapreduce.map.memory.mb", CONTAINER_MB);
    conf.set("yarn.app.mapreduce.am.command-opts", "-Xmx512m " + AM_JIT_OPTS + " " + JDK17_OPENS);
    // a caller's own map task flags (a test's: its tasks measure nothing) replace the default heap
    conf.set(
        MRJobConfig.MAP_JAVA_OPTS,
        fileSystem.get(MRJobConfig.MAP_JAVA_OPTS, "-Xmx512m") + " " + JDK17_OPENS);
    // a client of a cluster that is gone says so in seconds, not after YARN's 15 minutes of retries
    conf.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS, 10_000);
    conf.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_RETRY_INTERVAL_MS, 500);
    // no log aggregation or container-kill grace: they are what makes stopping slow
    conf.setBoolean(YarnConfiguration.LOG_AGGREGATION_ENABLED, false);
    // container logs are deleted when their application ends (they go with the cluster's directory
    // anyway): a
    // deletion still scheduled holds up the NodeManager's stop for 10 s
    conf.setLong(YarnConfiguration.NM_LOG_RETAIN_SECONDS, 0);
    conf.setLong(YarnConfiguration.NM_SLEEP_DELAY_BEFORE_SIGKILL_MS, 100);
    // One host, loopback only: heartbeats at YARN's cluster-sized defaults (1 s) cost a job several
    // seconds of waiting between its steps (each container granted on a NodeManager heartbeat, seen
    // on an ApplicationMaster heartbeat), for load on RPC servers that answer in microseconds here.
    conf.setLong(YarnConfiguration.RM_NM_HEARTBEAT_INTERVAL_MS, HEARTBEAT_MILLIS);
    conf.setLong(MRJobConfig.MR_AM_TO_RM_HEARTBEAT_INTERVAL_MS, HEARTBEAT_MILLIS);
    // a task's counters reach the ApplicationMaster (and the command's status line) every second
    conf.setLong(MRJobConfig.TASK_PROGRESS_REPORT_INTERVAL, TASK_REPORT_MILLIS);
    return conf;
  }

  /**
   * The servers' side of Kerberos: every server logs in as the KDC's server principal (their
   * process-wide logins then agree with the secure HBase's in this JVM), their web servers' SPNEGO
   * uses the same key, and the task JVMs learn the realm from the KDC's krb5.conf.
   */
  private static void secure(Configuration conf, EmbeddedKdc kdc) {
    String principal = kdc.serverPrincipal();
    String keytab = kdc.serverKeytab().toString();
    conf.set(CommonConfigurationKeysPublic.HADOOP_SECURITY_AUTHENTICATION, "kerberos");
    for (String[] pk :
        new String[][] {
          {YarnConfiguration.RM_PRINCIPAL, YarnConfiguration.RM_KEYTAB},
          {YarnConfiguration.NM_PRINCIPAL, YarnConfiguration.NM_KEYTAB},
          {JHAdminConfig.MR_HISTORY_PRINCIPAL, JHAdminConfig.MR_HISTORY_KEYTAB},
          {
            YarnConfiguration.RM_WEBAPP_SPNEGO_USER_NAME_KEY,
            YarnConfiguration.RM_WEBAPP_SPNEGO_KEYTAB_FILE_KEY
          },
          {
            YarnConfiguration.NM_WEBAPP_SPNEGO_USER_NAME_KEY,
            YarnConfiguration.NM_WEBAPP_SPNEGO_KEYTAB_FILE_KEY
          },
          {
            JHAdminConfig.MR_WEBAPP_SPNEGO_USER_NAME_KEY,
            JHAdminConfig.MR_WEBAPP_SPNEGO_KEYTAB_FILE_KEY
          }
        }) {
      conf.set(pk[0], principal);
      conf.set(pk[1], keytab);
    }
    String realm = " -D" + KRB5_CONF_PROPERTY + "=" + kdc.krb5Conf();
    for (String opts :
        new String[] {"yarn.app.mapreduce.am.command-opts", "mapreduce.map.java.opts"}) {
      conf.set(opts, conf.get(opts) + realm);
    }
  }

  /** Whether the cluster is Kerberized ({@link #startSecure}). */
  public boolean secure() {
    return secure;
  }

  /**
   * A client configuration for this cluster: the ResourceManager, the history server and the file
   * system.
   */
  public Configuration clientConfiguration() {
    return new Configuration(cluster.getConfig());
  }

  public int nodeManagers() {
    return nodeManagers;
  }

  /** Where the cluster's files live until {@link #close()}. */
  public Path dataDir() {
    return dataDir;
  }

  /** The ResourceManager's client address, for the banner. */
  public String resourceManagerAddress() {
    return cluster.getConfig().get(YarnConfiguration.RM_ADDRESS);
  }

  /**
   * Writes the cluster's client settings as {@code mapred-site.xml} into {@code dir}, so that
   * another hbload ({@code --hadoop-conf DIR}) or Hadoop tool submits jobs to it; returns the file.
   */
  public Path writeSiteFiles(Path dir) throws IOException {
    Files.createDirectories(dir);
    Configuration conf = clientConfiguration();
    StringBuilder xml =
        new StringBuilder(
            "<?xml version=\"1.0\"?>\n<!-- hbload embedded YARN: valid while that "
                + "process runs -->\n<configuration>\n");
    for (String key :
        new String[] {
          "mapreduce.framework.name",
          YarnConfiguration.RM_ADDRESS,
          YarnConfiguration.RM_SCHEDULER_ADDRESS,
          YarnConfiguration.RM_WEBAPP_ADDRESS,
          "mapreduce.jobhistory.address",
          YarnConfiguration.IS_MINI_YARN_CLUSTER,
          "yarn.app.mapreduce.am.staging-dir",
          "fs.defaultFS",
          "yarn.app.mapreduce.am.resource.mb",
          "mapreduce.map.memory.mb",
          "yarn.app.mapreduce.am.command-opts",
          "mapreduce.map.java.opts",
          // job settings the ApplicationMaster and the tasks read from the job's configuration
          MRJobConfig.MR_AM_TO_RM_HEARTBEAT_INTERVAL_MS,
          MRJobConfig.TASK_PROGRESS_REPORT_INTERVAL,
          // a secure cluster's clients need its switch and the servers' principals (never their
          // keytabs)
          CommonConfigurationKeysPublic.HADOOP_SECURITY_AUTHENTICATION,
          YarnConfiguration.RM_PRINCIPAL,
          JHAdminConfig.MR_HISTORY_PRINCIPAL
        }) {
      if (!secure && key.equals(CommonConfigurationKeysPublic.HADOOP_SECURITY_AUTHENTICATION)) {
        continue;
      }
      String value = conf.get(key);
      if (value != null) {
        xml.append("  <property><name>")
            .append(key)
            .append("</name><value>")
            .append(value)
            .append("</value></property>\n");
      }
    }
    // where the ApplicationMasters leave their jobs' history for the history server: named, not
    // derived from the
    // staging directory, so that a job given another staging directory (-D) is still found there
    // once it ended
    xml.append("  <property><name>")
        .append(JHAdminConfig.MR_HISTORY_INTERMEDIATE_DONE_DIR)
        .append("</name><value>")
        .append(JobHistoryUtils.getConfiguredHistoryIntermediateDoneDirPrefix(conf))
        .append("</value></property>\n");
    xml.append("</configuration>\n");
    return Files.writeString(dir.resolve("mapred-site.xml"), xml, StandardCharsets.UTF_8);
  }

  /**
   * Stops the cluster, waiting at most {@value #SHUTDOWN_WAIT_SECONDS} s, and removes its files;
   * idempotent.
   */
  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    for (String name : STOPPING_LOGGERS) {
      LogManager.getLogger(name).setLevel(org.apache.log4j.Level.OFF);
    }
    Thread stopper = new Thread(() -> stopQuietly(cluster), "hbload-embedded-yarn-stop");
    stopper.setDaemon(true);
    stopper.start();
    try {
      stopper.join(TimeUnit.SECONDS.toMillis(SHUTDOWN_WAIT_SECONDS));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    deleteRecursively(dataDir);
  }

  private static void stopQuietly(MiniMRYarnCluster mini) {
    if (mini == null) {
      return;
    }
    try {
      mini.stop();
    } catch (RuntimeException ignored) {
      // stopping a half-started or dying cluster: nothing left to report
    }
  }

  static void deleteRecursively(Path dir) {
    // best effort: a container still writing its log is left for the OS's tmp cleaner
    EmbeddedHBase.deleteRecursively(dir);
  }
}
