package io.hbload.hbase.security;

import java.io.IOException;
import java.lang.reflect.UndeclaredThrowableException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.AccessController;
import java.security.PrivilegedAction;
import java.security.PrivilegedExceptionAction;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.Callable;
import javax.security.auth.Subject;
import javax.security.auth.kerberos.KerberosTicket;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * A Kerberos identity to connect as, checked before any connection is tried so that a bad login is
 * one clear message in seconds rather than minutes of HBase retries. With a principal and keytab it
 * is a login of its own ({@link UserGroupInformation#loginUserFromKeytabAndReturnUGI}), not the
 * process-wide login user: an embedded cluster in the same JVM (tests, {@code hbload embedded})
 * keeps its own identity. Without them it is the ticket cache of {@code kinit} (Hadoop's default
 * login), used only when the configuration asks for Kerberos; or, in a MapReduce task, the
 * delegation tokens the job was given.
 *
 * <p>Renewal: HBase's own client-side answer (since 2.2, {@code hbase.client.keytab.file} with
 * AuthUtil's relogin chore) logs in process-wide and renews only that login user, as does the RPC
 * layer's relogin on a SASL failure; so this UGI is renewed by a {@link KeytabRenewal} of its own,
 * at 80% of the ticket's lifetime. A ticket-cache login is renewed by Hadoop's own renewal thread
 * ({@code kinit -R}), which {@code getLoginUser} starts; an expired cache is refused naming its end
 * time. Thread-safe; {@link #close()} stops the renewal.
 */
public final class KerberosLogin implements AutoCloseable {
  public static final String HBASE_AUTHENTICATION = "hbase.security.authentication";
  public static final String HADOOP_AUTHENTICATION = "hadoop.security.authentication";

  /** The JDK's system property naming krb5.conf. */
  public static final String KRB5_CONF_PROPERTY = "java.security.krb5.conf";

  private final UserGroupInformation ugi;
  private final KeytabRenewal renewer;

  private KerberosLogin(UserGroupInformation ugi, KeytabRenewal renewer) {
    this.ugi = ugi;
    this.renewer = renewer;
  }

  /** Whether the configuration asks for Kerberos (HBase's switch or Hadoop's). */
  public static boolean requested(Configuration conf) {
    return "kerberos".equalsIgnoreCase(conf.get(HBASE_AUTHENTICATION, "").trim())
        || "kerberos".equalsIgnoreCase(conf.get(HADOOP_AUTHENTICATION, "").trim());
  }

  /**
   * Logs in when {@code spec} names a keytab (switching {@code conf} to Kerberos, as YCSB's hbase2
   * binding does) or {@code conf} asks for Kerberos (the ticket cache); otherwise returns null and
   * nothing changes.
   *
   * @throws KerberosLoginException naming the principal/keytab (or the ticket cache) and why
   */
  public static KerberosLogin loginIfRequested(KerberosSpec spec, Configuration conf)
      throws KerberosLoginException {
    if (!spec.usesKeytab() && !requested(conf)) {
      return null;
    }
    String what =
        spec.usesKeytab()
            ? "Kerberos login as " + spec.describe()
            : "Kerberos login from the ticket cache (kinit)";
    if (spec.usesKeytab()) {
      conf.set(HBASE_AUTHENTICATION, "kerberos");
      conf.set(HADOOP_AUTHENTICATION, "kerberos");
      if (!Files.isRegularFile(spec.keytab()) || !Files.isReadable(spec.keytab())) {
        throw new KerberosLoginException(
            what + " failed: keytab " + spec.keytab() + " is not a readable file");
      }
    }
    useKrb5Conf(spec.krb5Conf(), what);
    UserGroupInformation.setConfiguration(conf);
    UserGroupInformation ugi;
    try {
      ugi =
          spec.usesKeytab()
              ? UserGroupInformation.loginUserFromKeytabAndReturnUGI(
                  spec.principal(), spec.keytab().toString())
              : UserGroupInformation.getCurrentUser();
    } catch (IOException | RuntimeException e) {
      throw new KerberosLoginException(what + " failed: " + reason(e), e);
    }
    if (!hasValidTgt(ugi) && !(spec.usesKeytab() || hasDelegationToken(ugi))) {
      // the JDK drops an expired ticket without a word: say so when the cache shows it
      String expired = TicketCache.expiredTgt(TicketCache.location(System.getenv()), Instant.now());
      throw new KerberosLoginException(
          what
              + " failed: "
              + (expired != null
                  ? expired + " (run kinit again, or give --principal and --keytab)"
                  : "no valid ticket for "
                      + ugi.getUserName()
                      + " (none, or expired: run kinit, or give --principal and "
                      + "--keytab)"));
    }
    if (spec.usesKeytab() && !hasValidTgt(ugi)) {
      throw new KerberosLoginException(what + " failed: no valid ticket for " + ugi.getUserName());
    }
    return new KerberosLogin(ugi, spec.usesKeytab() ? KeytabRenewal.start(ugi) : null);
  }

  /**
   * Points the JDK at {@code krb5Conf} when given, else checks that the JDK has one at all: without
   * one the login fails with "Cannot locate default realm", which does not say what is missing.
   */
  private static void useKrb5Conf(Path krb5Conf, String what) throws KerberosLoginException {
    if (krb5Conf != null) {
      if (!Files.isRegularFile(krb5Conf) || !Files.isReadable(krb5Conf)) {
        throw new KerberosLoginException(
            what + " failed: krb5.conf " + krb5Conf + " is not a readable file");
      }
      String path = krb5Conf.toAbsolutePath().toString();
      if (!path.equals(System.getProperty(KRB5_CONF_PROPERTY))) {
        System.setProperty(KRB5_CONF_PROPERTY, path);
        refreshJdkKerberosConfig();
      }
      return;
    }
    String property = System.getProperty(KRB5_CONF_PROPERTY);
    if (property != null) {
      if (!Files.isRegularFile(Path.of(property))) {
        throw new KerberosLoginException(
            what
                + " failed: krb5.conf "
                + property
                + " (-D"
                + KRB5_CONF_PROPERTY
                + ") does not exist");
      }
      return;
    }
    if (System.getProperty("java.security.krb5.realm") != null) {
      return; // realm and KDC given as system properties: no file needed
    }
    Path jdk = Path.of(System.getProperty("java.home"), "conf", "security", "krb5.conf");
    Path etc = Path.of("/etc/krb5.conf");
    if (!Files.isRegularFile(jdk) && !Files.isRegularFile(etc)) {
      throw new KerberosLoginException(
          what
              + " failed: no krb5.conf ("
              + etc
              + " does not exist): give "
              + "--krb5-conf FILE (-p hbload.krb5.conf=FILE)");
    }
  }

  /**
   * The JDK reads krb5.conf once; when a KDC in this JVM or an earlier login already loaded another
   * one, reload. Best effort: the class is internal (an embedded KDC does the same); without it the
   * first file stays in use.
   */
  private static void refreshJdkKerberosConfig() {
    try {
      Class.forName("sun.security.krb5.Config").getMethod("refresh").invoke(null);
    } catch (ReflectiveOperationException | RuntimeException | LinkageError ignored) {
      // not exported to us: the property takes effect when the JDK first reads its Kerberos
      // configuration
    }
  }

  /** The JDK's and Hadoop's reasons, on one line, with what they usually mean. */
  private static String reason(Throwable e) {
    Throwable root = e;
    StringBuilder all = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      root = t;
      all.append(' ').append(t.getMessage());
    }
    String m = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    String text = all.toString().toLowerCase(Locale.ROOT);
    String hint = "";
    if (text.contains("unable to obtain password")) {
      hint = " (the keytab has no key for this principal)";
    } else if (text.contains("checksum failed")
        || text.contains("pre-authentication information was invalid")
        || text.contains("integrity check")) {
      hint = " (the keytab's key does not match the KDC's: an old or another realm's keytab)";
    } else if (text.contains("cannot get kdc")
        || text.contains("cannot locate kdc")
        || text.contains("cannot locate default realm")) {
      hint = " (the realm is not in krb5.conf)";
    } else if (text.contains("client not found")) {
      hint = " (the KDC does not know this principal)";
    }
    int nl = m.indexOf('\n');
    return (nl < 0 ? m : m.substring(0, nl)) + hint;
  }

  /**
   * Whether the identity carries delegation tokens (HBase's or HDFS's): a MapReduce task, which
   * authenticates with the tokens its job was given rather than with a ticket.
   */
  static boolean hasDelegationToken(UserGroupInformation ugi) {
    return ugi.getTokens().stream()
        .map(t -> t.getKind().toString())
        .anyMatch(kind -> kind.equals("HBASE_AUTH_TOKEN") || kind.equals("HDFS_DELEGATION_TOKEN"));
  }

  /** Whether the login holds a ticket-granting ticket that is valid now. */
  @SuppressWarnings("removal") // Subject.getSubject: the JDK 17 way (Hadoop 3.4 itself needs it)
  static boolean hasValidTgt(UserGroupInformation ugi) {
    Subject subject =
        ugi.doAs(
            (PrivilegedAction<Subject>) () -> Subject.getSubject(AccessController.getContext()));
    if (subject == null) {
      return false;
    }
    for (KerberosTicket t : subject.getPrivateCredentials(KerberosTicket.class)) {
      if (t.getServer().getName().startsWith("krbtgt/") && t.isCurrent()) {
        return true;
      }
    }
    return false;
  }

  /** The logged-in identity. */
  public UserGroupInformation ugi() {
    return ugi;
  }

  /**
   * The identity as HBase connections take it ({@code ConnectionFactory.createConnection(conf,
   * user)}).
   */
  public User hbaseUser() {
    return User.create(ugi);
  }

  /** The principal's name, e.g. {@code client@EXAMPLE.COM}. */
  public String principal() {
    return ugi.getUserName();
  }

  /**
   * Runs {@code action} as this identity: Hadoop clients created inside (FileSystem, Job
   * submission, HBase connections without an explicit user) and threads started inside act as it.
   * Checked exceptions come out as thrown, not wrapped.
   */
  public <T> T call(Callable<T> action) throws Exception {
    try {
      return ugi.doAs((PrivilegedExceptionAction<T>) action::call);
    } catch (UndeclaredThrowableException e) {
      throw e.getCause() instanceof Exception ex ? ex : e;
    }
  }

  /**
   * Runs {@code action} as {@code login}, or directly when there is none (a cluster without
   * Kerberos).
   */
  public static <T> T callAs(KerberosLogin login, Callable<T> action) throws Exception {
    return login == null ? action.call() : login.call(action);
  }

  @Override
  public void close() {
    if (renewer != null) {
      renewer.close();
    }
  }
}
