package io.hbload.hdfs.embedded;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.PrivilegedExceptionAction;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.protocol.ErasureCodingPolicy;
import org.apache.hadoop.hdfs.protocol.ErasureCodingPolicyInfo;
import org.apache.hadoop.http.HttpConfig;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.ssl.KeyStoreTestUtil;

/**
 * A Kerberized {@link EmbeddedHdfs} on 127.0.0.1, set up the way Hadoop tests its own secure HDFS
 * without root: Kerberos RPC, block access tokens, SASL on the data-transfer port ({@code
 * dfs.data.transfer.protection} {@code authentication}) and HTTPS-only web endpoints (a DataNode
 * refuses SASL data transfer on unprivileged ports otherwise), with a throw-away key store and
 * ssl-server/ssl-client files in a private directory. Once up, its superuser prepares what an
 * administrator would for a benchmark user: a home directory, {@code /benchmarks} and {@code /tmp}
 * writable by everyone (sticky), and every built-in erasure-coding policy the DataNodes can hold
 * enabled (enabling one needs the superuser). Not thread-safe, except {@link #close()}, which stops
 * it and removes its files.
 */
public final class SecureEmbeddedHdfs implements AutoCloseable {
  /**
   * Principals and keytabs of the servers, and the user the cluster is prepared for. In a JVM whose
   * other Kerberos servers (an embedded HBase) logged in first, {@code serverPrincipal} must be
   * theirs: the NameNode's login becomes the process's, and a server of another principal would
   * then no longer accept its own clients.
   */
  public record Logins(
      String serverPrincipal,
      Path serverKeytab,
      String spnegoPrincipal,
      Path spnegoKeytab,
      String clientUser) {}

  private final EmbeddedHdfs cluster;
  private final Path privateDir;
  private final Map<String, String> clientSettings;
  private final List<String> enabledPolicies;
  private final AtomicBoolean closed = new AtomicBoolean();

  private SecureEmbeddedHdfs(
      EmbeddedHdfs cluster,
      Path privateDir,
      Map<String, String> clientSettings,
      List<String> enabledPolicies) {
    this.cluster = cluster;
    this.privateDir = privateDir;
    this.clientSettings = clientSettings;
    this.enabledPolicies = enabledPolicies;
  }

  /**
   * Starts a NameNode and {@code dataNodes} DataNodes logged in as {@code
   * logins.serverPrincipal()}. This JVM must already point its Kerberos at the KDC that knows the
   * principals (an embedded KDC does that when it starts).
   */
  public static SecureEmbeddedHdfs start(Logins logins, int dataNodes) throws IOException {
    if (dataNodes < 1) {
      throw new IllegalArgumentException("dataNodes must be >= 1: " + dataNodes);
    }
    Path dir =
        Files.createTempDirectory(
            "hbload-secure-hdfs-"); // 0700: key stores and their passwords live here
    Path ssl = Files.createDirectories(dir.resolve("ssl"));
    EmbeddedHdfs cluster = null;
    try {
      Configuration conf = serverConfiguration(logins, ssl);
      UserGroupInformation.setConfiguration(conf);
      cluster = startWithSslFilesVisible(conf, dataNodes, dir.resolve("data"), ssl);
      Configuration served = cluster.clientConfiguration();
      Map<String, String> client = new LinkedHashMap<>();
      client.put(
          CommonConfigurationKeysPublic.FS_DEFAULT_NAME_KEY,
          served.get(CommonConfigurationKeysPublic.FS_DEFAULT_NAME_KEY));
      client.put(CommonConfigurationKeysPublic.HADOOP_SECURITY_AUTHENTICATION, "kerberos");
      client.put(DFSConfigKeys.DFS_NAMENODE_KERBEROS_PRINCIPAL_KEY, logins.serverPrincipal());
      client.put(HdfsClientConfigKeys.DFS_DATA_TRANSFER_PROTECTION_KEY, "authentication");
      List<String> enabled = prepareForUser(cluster, logins, dataNodes);
      return new SecureEmbeddedHdfs(cluster, dir, Map.copyOf(client), List.copyOf(enabled));
    } catch (IOException | RuntimeException e) {
      if (cluster != null) {
        cluster.close();
      }
      FileUtil.fullyDelete(dir.toFile());
      throw e;
    } catch (Exception e) {
      if (cluster != null) {
        cluster.close();
      }
      FileUtil.fullyDelete(dir.toFile());
      throw new IOException("secure embedded HDFS did not start: " + e, e);
    }
  }

  private static Configuration serverConfiguration(Logins logins, Path ssl) throws Exception {
    Configuration conf = new Configuration();
    conf.set(CommonConfigurationKeysPublic.HADOOP_SECURITY_AUTHENTICATION, "kerberos");
    conf.set(DFSConfigKeys.DFS_NAMENODE_KERBEROS_PRINCIPAL_KEY, logins.serverPrincipal());
    conf.set(DFSConfigKeys.DFS_NAMENODE_KEYTAB_FILE_KEY, logins.serverKeytab().toString());
    conf.set(DFSConfigKeys.DFS_DATANODE_KERBEROS_PRINCIPAL_KEY, logins.serverPrincipal());
    conf.set(DFSConfigKeys.DFS_DATANODE_KEYTAB_FILE_KEY, logins.serverKeytab().toString());
    conf.set(DFSConfigKeys.DFS_WEB_AUTHENTICATION_KERBEROS_PRINCIPAL_KEY, logins.spnegoPrincipal());
    conf.set(
        DFSConfigKeys.DFS_WEB_AUTHENTICATION_KERBEROS_KEYTAB_KEY, logins.spnegoKeytab().toString());
    conf.setBoolean(DFSConfigKeys.DFS_BLOCK_ACCESS_TOKEN_ENABLE_KEY, true);
    conf.set(HdfsClientConfigKeys.DFS_DATA_TRANSFER_PROTECTION_KEY, "authentication");
    conf.set(DFSConfigKeys.DFS_HTTP_POLICY_KEY, HttpConfig.Policy.HTTPS_ONLY.name());
    // random passwords: the key stores are throw-away, but nothing here should be a well-known
    // secret
    KeyStoreTestUtil.setupSSLConfig(
        ssl.toString(),
        ssl.toString(),
        conf,
        false,
        true,
        "",
        randomPassword(),
        randomPassword(),
        randomPassword());
    for (String file :
        List.of(
            KeyStoreTestUtil.getServerSSLConfigFileName(),
            KeyStoreTestUtil.getClientSSLConfigFileName())) {
      neverReload(ssl.resolve(file));
    }
    conf.set(
        DFSConfigKeys.DFS_CLIENT_HTTPS_KEYSTORE_RESOURCE_KEY,
        KeyStoreTestUtil.getClientSSLConfigFileName());
    conf.set(
        DFSConfigKeys.DFS_SERVER_HTTPS_KEYSTORE_RESOURCE_KEY,
        KeyStoreTestUtil.getServerSSLConfigFileName());
    return conf;
  }

  /**
   * The key stores never change, and they are deleted at close while the servers' reload timers
   * (every 10 s by default) live on until the JVM exits: each would print a stack trace then. A
   * day's interval keeps them quiet.
   */
  private static void neverReload(Path sslFile) throws IOException {
    Configuration c = new Configuration(false);
    c.addResource(new org.apache.hadoop.fs.Path(sslFile.toUri()));
    c.size(); // loads the file before it is rewritten
    for (String mode : List.of("server", "client")) {
      c.setLong("ssl." + mode + ".stores.reload.interval", 86_400_000L);
      c.setLong("ssl." + mode + ".truststore.reload.interval", 86_400_000L);
    }
    try (OutputStream out =
        Files.newOutputStream(
            sslFile,
            StandardOpenOption.TRUNCATE_EXISTING,
            StandardOpenOption.WRITE,
            LinkOption.NOFOLLOW_LINKS)) {
      c.writeXml(out);
    }
  }

  /**
   * Hadoop reads ssl-server.xml only as a class-path resource: the starting thread sees the private
   * directory on its context class loader while the servers build their HTTPS endpoints (they do so
   * on this thread), and only then.
   */
  private static EmbeddedHdfs startWithSslFilesVisible(
      Configuration conf, int dataNodes, Path base, Path ssl) throws IOException {
    Thread t = Thread.currentThread();
    ClassLoader previous = t.getContextClassLoader();
    ClassLoader parent = previous != null ? previous : SecureEmbeddedHdfs.class.getClassLoader();
    try (URLClassLoader withSsl = new URLClassLoader(new URL[] {ssl.toUri().toURL()}, parent)) {
      t.setContextClassLoader(withSsl);
      Configuration c = new Configuration(conf);
      c.setClassLoader(withSsl);
      return EmbeddedHdfs.start(c, dataNodes, base);
    } finally {
      t.setContextClassLoader(previous);
    }
  }

  /**
   * As the superuser: the client's home, world-writable /benchmarks and /tmp, and the policies that
   * fit.
   */
  private static List<String> prepareForUser(EmbeddedHdfs cluster, Logins logins, int dataNodes)
      throws Exception {
    UserGroupInformation superuser =
        UserGroupInformation.loginUserFromKeytabAndReturnUGI(
            logins.serverPrincipal(), logins.serverKeytab().toString());
    Configuration conf = cluster.clientConfiguration();
    return superuser.doAs(
        (PrivilegedExceptionAction<List<String>>)
            () -> {
              try (DistributedFileSystem fs =
                  (DistributedFileSystem) FileSystem.newInstance(conf)) {
                org.apache.hadoop.fs.Path home =
                    new org.apache.hadoop.fs.Path("/user/" + logins.clientUser());
                fs.mkdirs(home);
                fs.setOwner(home, logins.clientUser(), null);
                // /benchmarks for dfsio, /tmp for MapReduce's staging and history directories, as
                // on a real cluster
                for (String shared : List.of("/benchmarks", "/tmp")) {
                  org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(shared);
                  fs.mkdirs(p);
                  fs.setPermission(p, new FsPermission((short) 01777));
                }
                List<String> enabled = new ArrayList<>();
                for (ErasureCodingPolicyInfo info : fs.getAllErasureCodingPolicies()) {
                  ErasureCodingPolicy p = info.getPolicy();
                  if (p.getNumDataUnits() + p.getNumParityUnits() <= dataNodes) {
                    fs.enableErasureCodingPolicy(p.getName());
                    enabled.add(p.getName());
                  }
                }
                return enabled;
              }
            });
  }

  private static String randomPassword() {
    byte[] b = new byte[16];
    new SecureRandom().nextBytes(b);
    return HexFormat.of().formatHex(b);
  }

  /**
   * What a client needs besides its own login: fs.defaultFS, Kerberos, the NameNode's principal,
   * SASL transfer.
   */
  public Map<String, String> clientSettings() {
    return clientSettings;
  }

  /** The erasure-coding policies enabled for the client (those whose k + p fit the DataNodes). */
  public List<String> enabledPolicies() {
    return enabledPolicies;
  }

  public String defaultFs() {
    return clientSettings.get(CommonConfigurationKeysPublic.FS_DEFAULT_NAME_KEY);
  }

  public int dataNodeCount() {
    return cluster.dataNodeCount();
  }

  /**
   * Writes {@code core-site.xml} and {@code hdfs-site.xml} with {@link #clientSettings()} into
   * {@code dir}, each created new (never through a link planted in a shared directory); no keytab,
   * password or principal of a user in them.
   *
   * @return the two files
   */
  public List<Path> writeClientFiles(Path dir) throws IOException {
    Files.createDirectories(dir);
    Configuration core = new Configuration(false);
    Configuration hdfs = new Configuration(false);
    clientSettings.forEach((k, v) -> (k.startsWith("dfs.") ? hdfs : core).set(k, v));
    return List.of(
        writeNew(dir.resolve("core-site.xml"), core), writeNew(dir.resolve("hdfs-site.xml"), hdfs));
  }

  private static Path writeNew(Path file, Configuration conf) throws IOException {
    Files.deleteIfExists(file); // removes a link itself, not its target
    Set<OpenOption> options =
        Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
    try (var channel =
            Files.newByteChannel(
                file,
                options,
                PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rw-r--r--")));
        OutputStream out = Channels.newOutputStream(channel)) {
      conf.writeXml(out);
    }
    return file;
  }

  /**
   * Stops the cluster and removes its data and key stores; idempotent (a shutdown hook may call it
   * again).
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      cluster.close();
    } finally {
      FileUtil.fullyDelete(privateDir.toFile());
    }
  }
}
