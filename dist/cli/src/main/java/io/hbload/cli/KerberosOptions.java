package io.hbload.cli;

import io.hbload.hbase.config.HBaseProperties;
import io.hbload.hbase.security.KerberosLogin;
import io.hbload.hbase.security.KerberosSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --principal}, {@code --keytab}, {@code --krb5-conf}, one set of options for every command:
 * those that talk to HBase pass them to the binding's parser as YCSB hbase2's properties ({@link
 * #properties}); those that talk to HDFS ({@code dfsio}, {@code mapreduce dfsio}) log in with them
 * before the first {@code FileSystem} is created.
 */
final class KerberosOptions {
  @Spec(Spec.Target.MIXEE)
  CommandSpec mixee;

  @Option(
      names = "--principal",
      paramLabel = "PRINCIPAL",
      description =
          "Kerberos: log in as this principal, with --keytab (YCSB hbase2's -p principal=...); without "
              + "both, a Kerberized cluster configuration uses the ticket cache of kinit")
  String principal;

  @Option(
      names = "--keytab",
      paramLabel = "FILE",
      description = "Kerberos: the keytab of --principal (-p keytab=...)")
  Path keytab;

  @Option(
      names = "--krb5-conf",
      paramLabel = "FILE",
      description =
          "Kerberos: krb5.conf naming the realm's KDCs (default: the JVM's, /etc/krb5.conf)")
  Path krb5Conf;

  /**
   * The options as the HBase binding's properties ({@code principal}, {@code keytab}, {@code
   * hbload.krb5.conf}), which its parser checks with the rest of the run's settings; only those
   * given.
   */
  Map<String, String> properties() {
    Map<String, String> p = new LinkedHashMap<>();
    if (principal != null) {
      p.put(HBaseProperties.PRINCIPAL, principal);
    }
    if (keytab != null) {
      p.put(HBaseProperties.KEYTAB, keytab.toString());
    }
    if (krb5Conf != null) {
      p.put(HBaseProperties.KRB5_CONF, krb5Conf.toString());
    }
    return p;
  }

  /** The login asked for; both-or-neither and readable files are checked here (exit 2). */
  KerberosSpec spec() {
    if ((principal == null) != (keytab == null)) {
      throw new ParameterException(
          mixee.commandLine(),
          "--principal and --keytab go together (give neither to "
              + "use the ticket cache of kinit)");
    }
    for (Path p : new Path[] {keytab, krb5Conf}) {
      if (p != null && !(Files.isRegularFile(p) && Files.isReadable(p))) {
        throw new ParameterException(
            mixee.commandLine(),
            (p == keytab ? "--keytab " : "--krb5-conf ") + p + " is not a readable file");
      }
    }
    return new KerberosSpec(principal, keytab, krb5Conf);
  }

  /**
   * Runs {@code action} logged in as asked (or as the ticket cache when {@code conf} asks for
   * Kerberos), or directly for a cluster without Kerberos. {@code embedded}: the run would start
   * its own (never secure) cluster.
   */
  <T> T call(Configuration conf, boolean embedded, Callable<T> action) throws Exception {
    KerberosSpec spec = spec();
    if (spec.usesKeytab() && embedded) {
      throw new ParameterException(
          mixee.commandLine(),
          "--principal/--keytab need a configured secure HDFS "
              + "(--conf FILE or --fs URI); the embedded one has no Kerberos");
    }
    if (embedded) {
      return action.call();
    }
    try (KerberosLogin login = KerberosLogin.loginIfRequested(spec, conf)) {
      return KerberosLogin.callAs(login, action);
    }
  }
}
