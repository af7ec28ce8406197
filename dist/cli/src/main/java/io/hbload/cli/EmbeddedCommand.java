package io.hbload.cli;

import io.hbload.cli.contract.ExitCode;
import io.hbload.cli.contract.Ranges;
import io.hbload.cli.contract.Requires;
import io.hbload.core.config.SpecException;
import io.hbload.core.export.ResultFile;
import io.hbload.hbase.cluster.EmbeddedOptions;
import io.hbload.hbase.cluster.HBaseCluster;
import io.hbload.hbase.embedded.ClusterJvm;
import io.hbload.hbase.embedded.EmbeddedHBase;
import io.hbload.hbase.embedded.EmbeddedKdc;
import io.hbload.hbase.table.TableSpec;
import io.hbload.hdfs.embedded.SecureEmbeddedHdfs;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hbload embedded}: keeps an in-process HBase running for other clients (YCSB, the HBase
 * shell, another hbload) with the benchmark table created pre-split, prints how to reach it and
 * writes an hbase-site.xml, until Ctrl-C (or {@code --seconds}). Stopping removes the cluster's
 * data and the files it wrote, never a file it did not write: every option, and the conf directory,
 * is checked before anything starts (bad input: exit 2, one line).
 */
@Command(
    name = "embedded",
    mixinStandardHelpOptions = true,
    description = {
      "Run a local in-process HBase (mini cluster on 127.0.0.1) with a pre-split table until Ctrl-C.",
      "Prints the ZooKeeper quorum and port and an hbase-site.xml for other clients, e.g.",
      "  java -cp 'ycsb/lib/*:hbload.jar:<conf dir>' site.ycsb.Client -db io.hbload.hbase.ycsb.HbloadHBaseClient ..."
    })
public final class EmbeddedCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--regionservers",
      defaultValue = "1",
      converter = Ranges.Count.class,
      description =
          "RegionServers to start, 1 to "
              + EmbeddedOptions.MAX_REGION_SERVERS
              + " in this JVM (default ${DEFAULT-VALUE}).")
  int regionServers;

  @Option(
      names = "--zk-port",
      defaultValue = "0",
      converter = Ranges.Port.class,
      description =
          "ZooKeeper client port on 127.0.0.1; 0 = a free one (default). A port in use is refused.")
  int zkPort;

  @Option(
      names = "--table",
      defaultValue = TableSpec.DEFAULT_TABLE,
      description = "Table to create (default ${DEFAULT-VALUE}).")
  String table;

  @Option(
      names = "--family",
      defaultValue = TableSpec.DEFAULT_FAMILY,
      description = "Column family (default ${DEFAULT-VALUE}).")
  String family;

  @Option(
      names = "--presplit",
      defaultValue = "0",
      converter = Ranges.NonNegative.class,
      description = "Regions to pre-split the table into; 0 = 10 x RegionServers (default).")
  int presplit;

  @Option(
      names = "--conf-dir",
      paramLabel = "DIR",
      description =
          "Directory to write hbase-site.xml (and with "
              + "--kerberos krb5.conf and client.keytab, with --hdfs-datanodes core-site.xml and hdfs-site.xml) into; created "
              + "if missing. A file of those names already in DIR is refused (exit 2): hbload never overwrites or deletes "
              + "what it did not write. At exit it removes its files, and DIR only if it created it "
              + "(default: a new private directory <tmp>/hbload-embedded-conf-*).")
  Path confDir;

  @Option(
      names = "--info-servers",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description =
          "RegionServer HTTP info servers on 127.0.0.1, so clients in other JVMs can read block-cache "
              + "figures from /jmx (default on; --no-info-servers starts faster).")
  boolean infoServers;

  @Option(
      names = "--seconds",
      defaultValue = "0",
      converter = Ranges.NonNegativeLong.class,
      description = "Stop after this many seconds; 0 = until Ctrl-C.")
  long seconds;

  @Option(
      names = "--kerberos",
      description =
          "Secure cluster: start a KDC too (127.0.0.1), accept only Kerberos clients, and write "
              + "client.keytab and krb5.conf beside hbase-site.xml; prints the principal to use. No info servers.")
  boolean kerberos;

  @Requires(value = "--kerberos", why = "dfsio starts its own plain HDFS when none is configured")
  @Option(
      names = "--hdfs-datanodes",
      defaultValue = "0",
      paramLabel = "N",
      converter = Ranges.NonNegative.class,
      description =
          "With --kerberos: also a Kerberized HDFS (NameNode and N DataNodes on 127.0.0.1, SASL data "
              + "transfer, HTTPS only) for dfsio; writes core-site.xml and hdfs-site.xml into the conf dir. 3 DataNodes "
              + "take replication 3 and XOR-2-1-1024k, 5 also RS-3-2-1024k, 9 RS-6-3-1024k; 0 = none (default).")
  int hdfsDataNodes;

  @Option(
      names = "--jvm-options",
      paramLabel = "FLAGS",
      description =
          "Run the cluster (master, RegionServers, ZooKeeper) in a JVM of its own started with these flags, e.g. "
              + "--jvm-options \"$(hbload gc-tune --heap 1g --cpus 2 --log-file /tmp/hbload-embedded-gc.log)\" (seed 001: one suite against default G1, one "
              + "against tuned, then hbload compare). Split at spaces; checked with java -version first (a flag java "
              + "refuses, or one the cluster JVM dies of at once: exit 2). Prints the JVM's pid for jcmd; Ctrl-C or this "
              + "process's end stops it and removes its files.")
  String jvmOptions;

  /** Set by the parent of a {@code --jvm-options} cluster JVM: exit when the parent is gone. */
  @Option(names = "--exit-with-parent", hidden = true)
  boolean exitWithParent;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintStream err = System.err;
    // everything that can be known before HBase starts (seconds, and traces, later) is checked here
    if (regionServers > EmbeddedOptions.MAX_REGION_SERVERS) {
      throw badInput(
          "--regionservers "
              + regionServers
              + ": at most "
              + EmbeddedOptions.MAX_REGION_SERVERS
              + " in one JVM");
    }
    TableSpec tableSpec;
    try {
      tableSpec = TableSpec.of(table, family, presplit > 0 ? presplit : 10 * regionServers);
    } catch (SpecException e) {
      throw badInput(e.getMessage());
    }
    if (zkPort > 0 && !freeOnLoopback(zkPort)) {
      throw badInput("--zk-port " + zkPort + ": the port is in use on 127.0.0.1");
    }
    List<String> names = new ArrayList<>(List.of("hbase-site.xml"));
    if (kerberos) {
      names.addAll(List.of("krb5.conf", "client.keytab"));
    }
    if (hdfsDataNodes > 0) {
      names.addAll(List.of("core-site.xml", "hdfs-site.xml"));
    }
    boolean createsConfDir = confDir == null || !Files.exists(confDir);
    if (confDir != null) {
      checkConfDir(names);
    }
    // tried, as the start would, before it: a directory found unusable after HBase is up costs the
    // user seconds of start-up and leaves the cluster's files to remove
    refuseUnwritable(
        confDir != null ? "--conf-dir " + confDir : "the conf directory's parent (java.io.tmpdir)",
        confDir != null ? confDir : Path.of(System.getProperty("java.io.tmpdir")));
    refuseUnwritable(
        "the cluster's data directory's parent (test.build.data.basedirectory, else"
            + " java.io.tmpdir)",
        EmbeddedHBase.dataParent());
    if (jvmOptions != null) {
      return inOwnJvm(out, err);
    }
    if (exitWithParent) {
      ClusterJvm.exitWhenStdinCloses();
    }
    err.println(
        "hbload embedded: starting "
            + (kerberos ? "a KDC and a Kerberized " : "")
            + "HBase on 127.0.0.1 ...");
    long t0 = System.nanoTime();
    // through the seam every command uses; this command then needs the embedded module's own API
    // (files, KDC)
    HBaseCluster cluster =
        HBaseCluster.startEmbedded(
            new EmbeddedOptions(regionServers, zkPort, infoServers, kerberos));
    EmbeddedHBase hbase = cluster.embedded().unwrap(EmbeddedHBase.class);
    List<Path> written = new ArrayList<>();
    SecureEmbeddedHdfs hdfs = null;
    try {
      hbase.createTable(tableSpec, err);
      Path dir = confDir != null ? confDir : EmbeddedHBase.privateConfDir();
      written.addAll(
          kerberos
              ? hbase.writeClientFiles(dir)
              : List.of(hbase.writeHBaseSite(dir.resolve("hbase-site.xml"))));
      if (hdfsDataNodes > 0) {
        err.println(
            "hbload embedded: starting a Kerberized HDFS ("
                + hdfsDataNodes
                + " DataNodes) on 127.0.0.1 ...");
        EmbeddedKdc kdc = hbase.kdc();
        // the HBase servers' principal: the NameNode's login becomes this process's, which HBase's
        // servers use too
        hdfs =
            SecureEmbeddedHdfs.start(
                new SecureEmbeddedHdfs.Logins(
                    kdc.serverPrincipal(),
                    kdc.serverKeytab(),
                    kdc.spnegoPrincipal(),
                    kdc.hdfsKeytab(),
                    kdc.clientUser()),
                hdfsDataNodes);
        written.addAll(hdfs.writeClientFiles(dir));
      }
    } catch (IOException | RuntimeException e) {
      if (!written.isEmpty()) {
        removeQuietly(written, createsConfDir);
      }
      if (hdfs != null) {
        hdfs.close();
      }
      cluster.close();
      throw e;
    }
    SecureEmbeddedHdfs startedHdfs = hdfs;
    if (startedHdfs != null) {
      // Ctrl-C: stop HDFS too and remove its data and key stores (HBase's cluster has its own hook)
      Runtime.getRuntime()
          .addShutdownHook(new Thread(startedHdfs::close, "hbload-embedded-hdfs-shutdown"));
    }
    Path site = written.get(0);
    // Ctrl-C: the cluster's own hook stops it and removes its data; this one removes the client
    // files
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> removeQuietly(written, createsConfDir), "hbload-embedded-conf-cleanup"));
    out.printf(
        "HBase is up (%.1f s): %d RegionServer(s), table %s (family %s)%n",
        (System.nanoTime() - t0) / 1e9, regionServers, table, family);
    out.println("data: " + hbase.dataDir() + " (removed at exit)");
    out.println("hbase.zookeeper.quorum=" + hbase.zkQuorum());
    out.println("hbase.zookeeper.property.clientPort=" + hbase.zkPort());
    out.println(
        "hbload:  --zk "
            + hbase.zkQuorum()
            + ":"
            + hbase.zkPort()
            + "   (or -p hbload.zk="
            + hbase.zkQuorum()
            + ":"
            + hbase.zkPort()
            + ", or -p hbload.hbase.conf="
            + site.getParent()
            + ")");
    out.println(
        "YCSB:    -cp "
            + site.getParent()
            + "  (or -p hbase.zookeeper.property.clientPort="
            + hbase.zkPort()
            + ")");
    out.println("hbase-site.xml (" + site + "):");
    out.print(hbase.hbaseSiteXml());
    if (kerberos) {
      printLogin(out, hbase.kdc(), site.getParent());
    }
    if (startedHdfs != null) {
      printHdfs(out, startedHdfs, hbase.kdc(), site.getParent());
    }
    out.println(
        seconds > 0 ? "Stopping in " + seconds + " s (Ctrl-C stops now)." : "Ctrl-C stops it.");
    out.flush();
    CountDownLatch never = new CountDownLatch(1);
    if (seconds > 0) {
      try {
        never.await(seconds, TimeUnit.SECONDS); // nothing counts it down: this is the timed wait
      } finally {
        // also when interrupted (an embedding thread or test stopping it early)
        if (startedHdfs != null) {
          startedHdfs.close();
        }
        cluster.close();
        removeQuietly(written, createsConfDir);
      }
      return ExitCode.OK;
    }
    never.await();
    return ExitCode.OK;
  }

  /**
   * {@code --jvm-options}: this command again, without that option, in a JVM of its own started
   * with the flags; its output is relayed, and it stops when this process does. Every other option
   * was checked above, so a bad one is refused here, before a JVM starts.
   */
  private int inOwnJvm(PrintWriter out, PrintStream err) throws Exception {
    List<String> flags;
    String refusal;
    try {
      flags = ClusterJvm.parseOptions(jvmOptions);
      refusal = ClusterJvm.refusal(flags);
    } catch (IllegalArgumentException e) {
      refusal = e.getMessage();
      flags = List.of();
    }
    if (refusal != null) {
      throw badInput("--jvm-options: " + refusal);
    }
    ClusterJvm child =
        ClusterJvm.start(
            flags,
            Main.class.getName(),
            childArguments(),
            spec.qualifiedName(" ") + ": ", // the child's first line: "hbload embedded: starting"
            line -> {
              out.println(line);
              out.flush();
            },
            err::println);
    try {
      // java -version took the flags, but the program may not load with them (-Xmx4m): the
      // child's reason, in one line, rather than its traces
      String died = child.awaitStart();
      if (died != null) {
        throw badInput("--jvm-options: the cluster JVM ended before hbload started in it: " + died);
      }
      out.println(
          "Cluster JVM: pid "
              + child.pid()
              + " (master, RegionServer(s), ZooKeeper; jcmd "
              + child.pid()
              + " GC.heap_info), flags: "
              + String.join(" ", child.options()));
      out.flush();
      int exit = child.waitFor();
      return exit == 0 ? ExitCode.OK : ExitCode.FAILURE;
    } finally {
      child.close(); // interrupted (an embedding thread stopping it early): stop the child too
    }
  }

  /** This command's options for the cluster JVM: all but --jvm-options, with paths absolute. */
  private List<String> childArguments() {
    List<String> args = new ArrayList<>();
    args.add(spec.name());
    args.add("--exit-with-parent");
    args.addAll(List.of("--regionservers", Integer.toString(regionServers)));
    args.addAll(List.of("--zk-port", Integer.toString(zkPort)));
    args.addAll(List.of("--table", table, "--family", family));
    args.addAll(List.of("--presplit", Integer.toString(presplit)));
    if (confDir != null) {
      args.addAll(List.of("--conf-dir", confDir.toAbsolutePath().toString()));
    }
    args.add(infoServers ? "--info-servers" : "--no-info-servers");
    args.addAll(List.of("--seconds", Long.toString(seconds)));
    if (kerberos) {
      args.add("--kerberos");
      args.addAll(List.of("--hdfs-datanodes", Integer.toString(hdfsDataNodes)));
    }
    return args;
  }

  /**
   * Who to log in as, and a copy-pasteable command line (keytab and krb5.conf are paths, never
   * secrets).
   */
  private static void printLogin(PrintWriter out, EmbeddedKdc kdc, Path dir) {
    Path keytab = dir.resolve("client.keytab");
    Path krb5 = dir.resolve("krb5.conf");
    out.println(
        "Kerberos realm "
            + kdc.realm()
            + ", KDC in this process; servers are "
            + kdc.serverPrincipal());
    out.println("principal: " + kdc.clientPrincipal());
    out.println("keytab:    " + keytab);
    out.println("krb5.conf: " + krb5);
    String login =
        "--hbase-conf "
            + dir
            + " --principal "
            + kdc.clientPrincipal()
            + " --keytab "
            + keytab
            + " --krb5-conf "
            + krb5;
    out.println("hbload load -w a " + login); // the table starts empty
    out.println("hbload run -w a " + login);
    out.println(
        "YCSB:    -cp "
            + dir
            + " -p principal="
            + kdc.clientPrincipal()
            + " -p keytab="
            + keytab
            + "  (JVM: -Djava.security.krb5.conf="
            + krb5
            + ")");
  }

  /** The secure HDFS's address and a dfsio command line with the same login as HBase's. */
  private static void printHdfs(
      PrintWriter out, SecureEmbeddedHdfs hdfs, EmbeddedKdc kdc, Path dir) {
    out.println(
        "HDFS is up: "
            + hdfs.defaultFs()
            + ", "
            + hdfs.dataNodeCount()
            + " DataNode(s), Kerberos (servers "
            + kdc.serverPrincipal()
            + "), core-site.xml and hdfs-site.xml in "
            + dir);
    out.println(
        "EC policies enabled: "
            + (hdfs.enabledPolicies().isEmpty()
                ? "none (too few DataNodes)"
                : String.join(", ", hdfs.enabledPolicies()))
            + "; /benchmarks is writable by all");
    out.println(
        "hbload dfsio write --policy REPLICATION --conf "
            + dir
            + " --principal "
            + kdc.clientPrincipal()
            + " --keytab "
            + dir.resolve("client.keytab")
            + " --krb5-conf "
            + dir.resolve("krb5.conf"));
  }

  private CommandLine.ParameterException badInput(String message) {
    return new CommandLine.ParameterException(spec.commandLine(), message);
  }

  /** Whether nothing listens on {@code port} of 127.0.0.1, where the embedded ZooKeeper would. */
  private static boolean freeOnLoopback(int port) {
    try (ServerSocket probe = new ServerSocket()) {
      probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      return true;
    } catch (IOException inUse) {
      return false;
    }
  }

  /**
   * {@code --conf-dir}: a directory (or a path one can be created at) that holds none of the files
   * this command writes; a user's own hbase-site.xml there is refused rather than overwritten and
   * then deleted at exit.
   */
  private void checkConfDir(List<String> names) {
    if (Files.exists(confDir) && !Files.isDirectory(confDir)) {
      throw badInput("--conf-dir " + confDir + ": not a directory");
    }
    for (String name : names) {
      Path f = confDir.resolve(name);
      if (Files.exists(f, LinkOption.NOFOLLOW_LINKS)) {
        throw badInput(
            "--conf-dir "
                + confDir
                + ": "
                + name
                + " exists; hbload never overwrites a file it did not "
                + "write (remove it, or give another directory)");
      }
    }
  }

  /**
   * Refuses (exit 2) a directory in which no file can be made, made first if missing as the start
   * would make it: tried rather than judged from permission bits, which root and special file
   * systems (/proc, a read-only mount) do not follow. What the try made is removed again, so a
   * refused command leaves nothing behind.
   */
  private void refuseUnwritable(String what, Path dir) {
    Path absolute = dir.toAbsolutePath();
    Path existing = absolute;
    while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
      existing = existing.getParent();
    }
    try {
      Files.createDirectories(absolute);
      Files.delete(Files.createTempFile(absolute, ".hbload-probe-", ""));
    } catch (IOException e) {
      throw badInput(what + ": cannot write into " + absolute + ": " + ResultFile.cause(e));
    } finally {
      for (Path made = absolute;
          made != null && !made.equals(existing);
          made = made.getParent()) { // deepest first
        try {
          Files.deleteIfExists(made);
        } catch (IOException notEmpty) {
          // something else wrote into it meanwhile: it is not only this try's to remove
        }
      }
    }
  }

  /**
   * Removes the written client files, and their directory when this command created it and it is
   * then empty.
   */
  private static void removeQuietly(List<Path> files, boolean createdDir) {
    try {
      for (Path f : files) {
        Files.deleteIfExists(f);
      }
      if (createdDir) {
        Files.deleteIfExists(files.get(0).getParent());
      }
    } catch (IOException ignored) {
      // a file left in tmp is harmless (the keytab is only valid while the KDC of that process
      // runs)
    }
  }
}
