package io.hbload.hbase.ops;

import io.hbload.core.binding.BindingException;
import io.hbload.hbase.cluster.EmbeddedCluster;
import io.hbload.hbase.cluster.EmbeddedClusterMissingException;
import io.hbload.hbase.cluster.EmbeddedOptions;
import io.hbload.hbase.cluster.HBaseCluster;
import io.hbload.hbase.config.ClusterSpec;
import io.hbload.hbase.config.HBaseSettings;
import io.hbload.hbase.security.KerberosLogin;
import io.hbload.hbase.security.SecureClient;
import java.io.IOException;
import java.io.PrintStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.User;

/**
 * How every HBase command reaches its cluster, the same way: the {@link HBaseCluster} (the
 * configured one, or an embedded one on 127.0.0.1 when none is configured), then the Kerberos login
 * when one is asked for, before anything connects (a bad login is one line, not a storm of SASL
 * retries); then a short check that the cluster answers. Connections are made as that login.
 * Closing logs out, and stops the cluster if this access opened it (a cluster handed in by its
 * owner, e.g. a suite's, is only borrowed).
 */
public final class ClusterAccess implements AutoCloseable {
  private final Configuration conf;
  private final HBaseCluster cluster;
  private final boolean ownsCluster;
  private final KerberosLogin login;

  private ClusterAccess(
      Configuration conf, HBaseCluster cluster, boolean ownsCluster, KerberosLogin login) {
    this.conf = conf;
    this.cluster = cluster;
    this.ownsCluster = ownsCluster;
    this.login = login;
  }

  /**
   * Opens the configured cluster, or starts an embedded one and owns it.
   *
   * @param table the table the connectivity check reads the location of
   * @param embedIfUnconfigured start an embedded cluster when no cluster is configured
   * @throws BindingException with a one-line message (a bad login is a bad-input type); nothing is
   *     left running
   */
  public static ClusterAccess open(
      HBaseSettings settings, String table, boolean embedIfUnconfigured, PrintStream messages)
      throws BindingException, IOException {
    HBaseCluster cluster;
    try {
      cluster =
          HBaseCluster.open(
              settings.cluster(),
              embedIfUnconfigured ? EmbeddedOptions.of(settings.embeddedRegionServers()) : null,
              () ->
                  messages.println(
                      "[hbase] no cluster configured: starting an embedded HBase on 127.0.0.1 ..."));
    } catch (EmbeddedClusterMissingException e) {
      throw new BindingException(e.getMessage(), e); // bad input, said as it is
    }
    if (cluster.embedded() != null) {
      HBaseSession.banner(messages, cluster.embedded(), cluster.startSeconds());
    } else {
      // said before the check, which can take its whole deadline against a silent address
      messages.println(
          "[hbase] connecting to "
              + ClusterSpec.describe(cluster.configuration())
              + " (gives up after "
              + ConnectivityCheck.DEADLINE_MILLIS / 1000
              + " s) ...");
    }
    return connectTo(cluster, true, settings, table);
  }

  /**
   * Reaches a cluster its owner opened and keeps open (a suite's, a test's): this run's {@code
   * hbase.*} pass-through settings apply; closing this access leaves the cluster running.
   */
  public static ClusterAccess open(HBaseCluster cluster, HBaseSettings settings, String table)
      throws BindingException, IOException {
    return connectTo(cluster, false, settings, table);
  }

  private static ClusterAccess connectTo(
      HBaseCluster cluster, boolean owns, HBaseSettings settings, String table)
      throws BindingException {
    KerberosLogin login = null;
    try {
      Configuration conf = cluster.configuration();
      if (!owns) {
        settings.cluster().passThrough().forEach(conf::set);
        ClusterSpec.boundTimeouts(conf);
      }
      login = KerberosLogin.loginIfRequested(settings.kerberos(), conf);
      if (login == null) {
        ConnectivityCheck.verify(conf, table);
      } else {
        SecureClient.requireServerPrincipals(conf);
        ConnectivityCheck.verify(conf, table, login.hbaseUser());
      }
      return new ClusterAccess(conf, cluster, owns, login);
    } catch (BindingException | RuntimeException e) {
      new ClusterAccess(null, cluster, owns, login).closeQuietly();
      throw e;
    }
  }

  /** A new connection, as the Kerberos login when there is one. */
  public Connection connect() throws IOException {
    return login == null
        ? ConnectionFactory.createConnection(conf)
        : ConnectionFactory.createConnection(conf, login.hbaseUser());
  }

  public Configuration configuration() {
    return conf;
  }

  /**
   * The embedded cluster this access started (which starts empty), or null: configured, or
   * borrowed.
   */
  public EmbeddedCluster embedded() {
    return ownsCluster ? cluster.embedded() : null;
  }

  /**
   * The in-process cluster this access reaches, started here or borrowed, or null: its figures read
   * in-process.
   */
  public EmbeddedCluster inProcess() {
    return cluster.embedded();
  }

  /** The Kerberos login connections are made as, or null (plain, or the process's own user). */
  public User user() {
    return login == null ? null : login.hbaseUser();
  }

  /**
   * Logs out, then stops the cluster if this access started it; its failure to stop is reported.
   */
  @Override
  public void close() throws IOException {
    if (login != null) {
      login.close();
    }
    if (ownsCluster) {
      cluster.close();
    }
  }

  /** As {@link #close}, after a failure that is the one to report. */
  public void closeQuietly() {
    try {
      close();
    } catch (IOException | RuntimeException ignored) {
      // the failure that brought us here is the one to report
    }
  }
}
