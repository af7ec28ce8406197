package io.hbload.mapreduce;

import io.hbload.cli.HbloadCommand;
import io.hbload.hbase.embedded.EmbeddedHBase;
import io.hbload.hdfs.cluster.EmbeddedCluster;
import io.hbload.mapreduce.cluster.EmbeddedYarn;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;

/**
 * The real in-process clusters a MapReduce IT class shares (they take a while to start and longer
 * to stop): an embedded HBase, an embedded MapReduce-on-YARN cluster whose map tasks are separate
 * JVMs, and, for the classes that need it, a 5-DataNode MiniDFSCluster. The IT classes each start
 * their own, so the package module's two test forks run two of them side by side.
 */
final class MapReduceClusters implements AutoCloseable {
  private final String name;
  private final Path dir;
  private final EmbeddedHBase hbase;
  private final EmbeddedCluster hdfs;
  private final EmbeddedYarn yarn;
  private final Path hadoopConf;
  private final AtomicInteger jobs = new AtomicInteger();

  private MapReduceClusters(
      String name,
      Path dir,
      EmbeddedHBase hbase,
      EmbeddedCluster hdfs,
      EmbeddedYarn yarn,
      Path hadoopConf) {
    this.name = name;
    this.dir = dir;
    this.hbase = hbase;
    this.hdfs = hdfs;
    this.yarn = yarn;
    this.hadoopConf = hadoopConf;
  }

  /** HBase and YARN, with HDFS when {@code withHdfs}; {@code name} labels the timings printed. */
  static MapReduceClusters start(String name, boolean withHdfs) throws Exception {
    long t0 = System.nanoTime();
    Path dir = Files.createTempDirectory("hbload-mapreduce-it");
    EmbeddedHBase hbase = null;
    EmbeddedCluster hdfs = null;
    try {
      hbase = EmbeddedHBase.start(1);
      hdfs = withHdfs ? EmbeddedCluster.start(new Configuration(), 5, dir.resolve("dfs")) : null;
      EmbeddedYarn yarn = EmbeddedYarn.start(tasksOnC1(), 2);
      Path hadoopConf = yarn.writeSiteFiles(dir.resolve("hadoop-conf")).getParent();
      System.err.printf("%s: clusters up in %.1f s%n", name, (System.nanoTime() - t0) / 1e9);
      return new MapReduceClusters(name, dir, hbase, hdfs, yarn, hadoopConf);
    } catch (Exception | Error e) {
      if (hdfs != null) {
        hdfs.close();
      }
      if (hbase != null) {
        hbase.close();
      }
      throw e;
    }
  }

  /**
   * The map tasks here check results, not latency: the JIT's first tier alone starts a task JVM
   * (the HBase and Hadoop clients' classes) on about a fifth less CPU, which on a 2-core CI host
   * running two of these classes side by side is time.
   */
  static Configuration tasksOnC1() {
    Configuration conf = new Configuration();
    conf.set("mapreduce.map.java.opts", "-Xmx512m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
    return conf;
  }

  EmbeddedHBase hbase() {
    return hbase;
  }

  EmbeddedCluster hdfs() {
    if (hdfs == null) {
      throw new IllegalStateException(name + " started without HDFS");
    }
    return hdfs;
  }

  EmbeddedYarn yarn() {
    return yarn;
  }

  Path dir() {
    return dir;
  }

  /** The directory of the YARN client's site files, for {@code --hadoop-conf}. */
  Path hadoopConf() {
    return hadoopConf;
  }

  /**
   * A new job directory for each command: the default would be in the home directory of the job's
   * file system.
   */
  String output() {
    return dir.resolve("jobs").resolve("job-" + jobs.incrementAndGet()).toUri().toString();
  }

  /** The job directory {@link #output()} handed out last. */
  Path lastOutput() {
    return dir.resolve("jobs").resolve("job-" + jobs.get());
  }

  @Override
  public void close() throws Exception {
    long t0 = System.nanoTime();
    yarn.close();
    if (hdfs != null) {
      hdfs.close();
    }
    hbase.close();
    FileUtil.fullyDelete(dir.toFile());
    System.err.printf("%s: clusters down in %.1f s%n", name, (System.nanoTime() - t0) / 1e9);
  }

  /** What a command printed and returned. */
  record Out(int exit, String out, String err) {
    /** The count of a report line, e.g. {@code count("READ", "Return=OK")}; 0 when absent. */
    long count(String op, String what) {
      Matcher m =
          Pattern.compile(
                  "^\\[" + Pattern.quote(op) + "], " + Pattern.quote(what) + ", (\\d+)$",
                  Pattern.MULTILINE)
              .matcher(out);
      return m.find() ? Long.parseLong(m.group(1)) : 0;
    }
  }

  /** Runs {@code hbload args} in this JVM as the CLI runs it. */
  static Out hbload(String... args) {
    long t0 = System.nanoTime();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    var cl = HbloadCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int exit = cl.execute(args);
    System.err.printf(
        "hbload %s -> %d in %.1f s%n%s",
        String.join(" ", args), exit, (System.nanoTime() - t0) / 1e9, err);
    return new Out(exit, out.toString(), err.toString());
  }

  static String[] concat(String[] a, String[] b) {
    String[] c = new String[a.length + b.length];
    System.arraycopy(a, 0, c, 0, a.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }
}
