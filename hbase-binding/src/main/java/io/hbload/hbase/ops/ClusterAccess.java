package io.hbload.hbase.ops;

import io.hbload.core.binding.BindingException;
import io.hbload.hbase.config.ClusterSpec;
import io.hbload.hbase.config.HBaseSettings;
import io.hbload.hbase.embedded.EmbeddedHBase;
import io.hbload.hbase.security.KerberosLogin;
import io.hbload.hbase.security.SecureClient;
import java.io.IOException;
import java.io.PrintStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.User;

/**
 * How every HBase command reaches its cluster, the same way: the configured one, or an embedded one on 127.0.0.1
 * when none is configured; then the Kerberos login when one is asked for, before anything connects (a bad login is
 * one line, not a storm of SASL retries); then a short check that the cluster answers. Connections are made as
 * that login. Closing logs out and stops the embedded cluster.
 */
public final class ClusterAccess implements AutoCloseable {
  private final Configuration conf;
  private final EmbeddedHBase embedded;
  private final KerberosLogin login;

  private ClusterAccess(Configuration conf, EmbeddedHBase embedded, KerberosLogin login) {
    this.conf = conf;
    this.embedded = embedded;
    this.login = login;
  }

  /**
   * @param table the table the connectivity check reads the location of
   * @param embedIfUnconfigured start an embedded cluster when no cluster is configured
   * @throws BindingException with a one-line message (a bad login is a bad-input type); nothing is left running
   */
  public static ClusterAccess open(HBaseSettings settings, String table, boolean embedIfUnconfigured,
      PrintStream messages) throws BindingException, IOException {
    ClusterSpec cluster = settings.cluster();
    EmbeddedHBase embedded = null;
    KerberosLogin login = null;
    try {
      Configuration conf;
      if (!cluster.configured() && embedIfUnconfigured) {
        messages.println("[hbase] no cluster configured: starting an embedded HBase on 127.0.0.1 ...");
        long t0 = System.nanoTime();
        embedded = EmbeddedHBase.start(settings.embeddedRegionServers());
        HBaseSession.banner(messages, embedded, (System.nanoTime() - t0) / 1e9);
        conf = embedded.clientConfiguration();
        cluster.passThrough().forEach(conf::set);
        ClusterSpec.boundTimeouts(conf);
      } else {
        conf = cluster.toConfiguration();
      }
      login = KerberosLogin.loginIfRequested(settings.kerberos(), conf);
      if (login == null) {
        ConnectivityCheck.verify(conf, table);
      } else {
        SecureClient.requireServerPrincipals(conf);
        ConnectivityCheck.verify(conf, table, login.hbaseUser());
      }
      return new ClusterAccess(conf, embedded, login);
    } catch (BindingException | IOException | RuntimeException e) {
      new ClusterAccess(null, embedded, login).closeQuietly();
      throw e;
    }
  }

  /** A new connection, as the Kerberos login when there is one. */
  public Connection connect() throws IOException {
    return login == null ? ConnectionFactory.createConnection(conf)
        : ConnectionFactory.createConnection(conf, login.hbaseUser());
  }

  public Configuration configuration() {
    return conf;
  }

  /** The embedded cluster this access started, or null. */
  public EmbeddedHBase embedded() {
    return embedded;
  }

  /** The Kerberos login connections are made as, or null (plain, or the process's own user). */
  public User user() {
    return login == null ? null : login.hbaseUser();
  }

  /** Logs out, then stops the embedded cluster; its failure to stop is reported. */
  @Override
  public void close() throws IOException {
    if (login != null) {
      login.close();
    }
    if (embedded != null) {
      embedded.close();
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
