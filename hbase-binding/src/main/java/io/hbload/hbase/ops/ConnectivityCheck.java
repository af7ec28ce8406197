package io.hbload.hbase.ops;

import io.hbload.core.binding.BindingException;
import io.hbload.hbase.config.ClusterSpec;
import io.hbload.hbase.security.KerberosLogin;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.User;

/**
 * Proves the cluster answers before a run starts: a throw-away connection with few retries asks
 * whether the table exists (ZooKeeper, the master and {@code hbase:meta}'s RegionServer all take
 * part). HBase's own retries can still outlast its timeouts (ZooKeeper reconnects), so the check
 * also runs under a hard deadline on a daemon thread that is abandoned if it overruns. Stateless.
 */
public final class ConnectivityCheck {
  /** Total time before "unreachable" is reported; well inside the 30 s users are promised. */
  public static final long DEADLINE_MILLIS = 20_000;

  private ConnectivityCheck() {}

  public static void verify(Configuration conf, String table) throws BindingException {
    verify(conf, table, null);
  }

  /**
   * As {@link #verify(Configuration, String)}, connecting as {@code user} (a Kerberos login), or as
   * the current user when null. A secure cluster refusing the user fails here too, after the
   * check's few retries.
   */
  public static void verify(Configuration conf, String table, User user) throws BindingException {
    Configuration check = ClusterSpec.forConnectivityCheck(conf);
    FutureTask<Boolean> task =
        new FutureTask<>(
            () -> {
              try (Connection c =
                      user == null
                          ? ConnectionFactory.createConnection(check)
                          : ConnectionFactory.createConnection(check, user);
                  Admin admin = c.getAdmin()) {
                return admin.tableExists(TableName.valueOf(table));
              }
            });
    Thread t = new Thread(task, "hbload-hbase-connectivity-check");
    t.setDaemon(true);
    t.start();
    String where = ClusterSpec.describe(conf);
    try {
      task.get(DEADLINE_MILLIS, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      t.interrupt();
      throw new BindingException(
          "cannot reach HBase at "
              + where
              + " within "
              + DEADLINE_MILLIS / 1000
              + " s (check -p hbload.zk / hbase.zookeeper.quorum, or the conf directory)");
    } catch (ExecutionException e) {
      throw new BindingException(
          "cannot reach HBase at "
              + where
              + ": "
              + rootMessage(e.getCause())
              + secureHint(conf, e.getCause()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BindingException("interrupted while connecting to HBase at " + where);
    }
  }

  /**
   * A secure cluster closes the connection of a client that does not authenticate with Kerberos:
   * say so, since "Connection closed" alone does not.
   */
  private static String secureHint(Configuration conf, Throwable t) {
    if (KerberosLogin.requested(conf)) {
      return "";
    }
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c.getClass().getSimpleName().equals("ConnectionClosedException")) {
        return " (a Kerberized cluster? use its hbase-site.xml, -cp/--hbase-conf DIR, with --principal and --keytab "
            + "or a kinit ticket)";
      }
    }
    return "";
  }

  /**
   * The innermost cause's message on one line (HBase nests the real reason several levels deep).
   */
  public static String rootMessage(Throwable t) {
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String m =
        root.getMessage() == null
            ? root.getClass().getSimpleName()
            : root.getClass().getSimpleName() + ": " + root.getMessage();
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }
}
