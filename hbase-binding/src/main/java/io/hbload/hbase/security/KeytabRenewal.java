package io.hbload.hbase.security;

import java.io.IOException;
import java.security.AccessController;
import java.security.PrivilegedAction;
import java.util.ConcurrentModificationException;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.security.auth.Subject;
import javax.security.auth.kerberos.KerberosTicket;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Keeps a keytab login's ticket-granting ticket fresh for as long as the run lasts, on a daemon
 * timer. HBase renews only the process-wide login user (its relogin chore, and the RPC client's
 * relogin on a SASL failure), never a login of its own like ours; and an established connection
 * outlives its ticket, so a run fails only when it must connect again (a RegionServer restarted, a
 * region moved, an idle connection closed) after the ticket ended.
 *
 * <p>The ticket is renewed at 80% of its lifetime, Hadoop's own refresh point, and checked at least
 * every minute or sooner when that point is nearer: a fixed one-minute check (or Hadoop's {@code
 * checkTGTAndReloginFromKeytab}, which also waits {@code
 * hadoop.kerberos.min.seconds.before.relogin}, 60 s, between logins) lets a ticket shorter than a
 * couple of minutes run out. Thread-safe; {@link #close()} stops the timer.
 */
final class KeytabRenewal implements AutoCloseable {
  /** Hadoop's refresh point: the share of a ticket's lifetime after which it is renewed. */
  static final double REFRESH_AT = 0.8;

  static final long MAX_CHECK_MILLIS = 60_000;
  static final long MIN_CHECK_MILLIS = 1_000;

  private final UserGroupInformation ugi;
  private final ScheduledExecutorService timer;

  private KeytabRenewal(UserGroupInformation ugi) {
    this.ugi = ugi;
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "hbload-kerberos-renewal");
              t.setDaemon(true);
              return t;
            });
  }

  /** Starts renewing {@code ugi}, a login from a keytab. */
  static KeytabRenewal start(UserGroupInformation ugi) {
    KeytabRenewal r = new KeytabRenewal(ugi);
    r.timer.schedule(
        r::check, r.nextCheckMillis(System.currentTimeMillis()), TimeUnit.MILLISECONDS);
    return r;
  }

  private void check() {
    try {
      KerberosTicket tgt = tgt(ugi);
      if (tgt == null || System.currentTimeMillis() >= refreshPoint(tgt)) {
        // due (or gone): the refresh point was decided here, so Hadoop's minimum time between
        // logins must not veto it
        ugi.forceReloginFromKeytab();
      }
    } catch (IOException | RuntimeException e) {
      // the next check tries again; a ticket that really ran out shows as failed operations,
      // counted as such
    } finally {
      try {
        timer.schedule(
            this::check, nextCheckMillis(System.currentTimeMillis()), TimeUnit.MILLISECONDS);
      } catch (RejectedExecutionException closed) {
        // closed meanwhile
      }
    }
  }

  /**
   * Milliseconds until the next check: the refresh point of the current ticket, within [1 s, 60 s].
   */
  long nextCheckMillis(long now) {
    KerberosTicket tgt = tgt(ugi);
    long until = tgt == null ? MIN_CHECK_MILLIS : refreshPoint(tgt) - now;
    return Math.max(MIN_CHECK_MILLIS, Math.min(MAX_CHECK_MILLIS, until));
  }

  static long refreshPoint(KerberosTicket tgt) {
    long start =
        tgt.getStartTime() != null ? tgt.getStartTime().getTime() : tgt.getAuthTime().getTime();
    long end = tgt.getEndTime().getTime();
    return start + (long) ((end - start) * REFRESH_AT);
  }

  /** The login's current ticket-granting ticket (the one ending last), or null. */
  @SuppressWarnings("removal") // Subject.getSubject: the JDK 17 way (Hadoop 3.4 itself needs it)
  static KerberosTicket tgt(UserGroupInformation ugi) {
    Subject subject =
        ugi.doAs(
            (PrivilegedAction<Subject>) () -> Subject.getSubject(AccessController.getContext()));
    if (subject == null) {
      return null;
    }
    for (int attempt = 0; ; attempt++) {
      try {
        KerberosTicket latest = null;
        for (KerberosTicket t : subject.getPrivateCredentials(KerberosTicket.class)) {
          if (t.getServer().getName().startsWith("krbtgt/")
              && (latest == null || t.getEndTime().after(latest.getEndTime()))) {
            latest = t;
          }
        }
        return latest;
      } catch (ConcurrentModificationException e) {
        // an RPC thread just added a service ticket to the subject: look again
        if (attempt == 3) {
          return null;
        }
      }
    }
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
