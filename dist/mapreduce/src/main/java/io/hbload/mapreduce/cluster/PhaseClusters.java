package io.hbload.mapreduce.cluster;

import io.hbload.hbase.config.ClusterSpec;
import io.hbload.hbase.config.HBaseSettings;
import io.hbload.hbase.embedded.EmbeddedHBase;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * The clusters a {@code load}/{@code run} job uses: the configured HBase and YARN, or, for either that is not
 * configured, an embedded one started here on 127.0.0.1 (announced by {@link Banner}) and stopped by
 * {@link #close()}. Not thread-safe: the driver's thread opens, uses and closes it.
 */
public final class PhaseClusters implements AutoCloseable {
  private final EmbeddedHBase hbase;
  private final EmbeddedYarn yarn;
  private final Configuration hadoop;

  private PhaseClusters(EmbeddedHBase hbase, EmbeddedYarn yarn, Configuration hadoop) {
    this.hbase = hbase;
    this.yarn = yarn;
    this.hadoop = hadoop;
  }

  /**
   * Starts what is missing.
   *
   * @param settings the HBase binding's settings, or null when the run uses another binding (no HBase needed)
   * @param hadoop the user's Hadoop configuration; YARN is embedded unless it names a YARN cluster
   * @param maps map tasks the embedded YARN must run at once
   */
  public static PhaseClusters open(HBaseSettings settings, Configuration hadoop, int maps, PrintStream messages,
      String label) throws IOException {
    long t0 = System.nanoTime();
    List<String> started = new ArrayList<>();
    EmbeddedHBase hbase = null;
    EmbeddedYarn yarn = null;
    try {
      if (settings != null && !settings.cluster().configured()) {
        messages.println(label + ": no HBase configured: starting an embedded HBase on 127.0.0.1 ...");
        hbase = EmbeddedHBase.start(settings.embeddedRegionServers());
        started.add("HBase: " + hbase.regionServerCount() + " RegionServer(s), ZooKeeper " + hbase.zkQuorum() + ":"
            + hbase.zkPort() + ", data in " + hbase.dataDir());
      }
      if (!HadoopSettings.namesYarn(hadoop)) {
        messages.println(label + ": no YARN configured: starting an embedded MapReduce cluster on 127.0.0.1 ...");
        yarn = EmbeddedYarn.start(hadoop, maps);
        started.add("YARN: 1 NodeManager, ResourceManager " + yarn.resourceManagerAddress() + ", files in "
            + yarn.dataDir());
      }
    } catch (IOException | RuntimeException e) {
      new PhaseClusters(hbase, yarn, hadoop).close();
      throw e;
    }
    if (!started.isEmpty()) {
      started.add(String.format("started in %.1f s; removed at exit", (System.nanoTime() - t0) / 1e9));
      if (hbase != null) {
        started.add("The HBase cluster starts empty, so a run loads the records first.");
      }
      Banner.lines(hbase != null ? (yarn != null ? "HBASE + YARN" : "HBASE") : "YARN", started)
          .forEach(messages::println);
    }
    return new PhaseClusters(hbase, yarn, yarn != null ? yarn.clientConfiguration() : hadoop);
  }

  /** Where jobs go: the configured cluster's settings, or the embedded YARN's. */
  public Configuration hadoop() {
    return hadoop;
  }

  /** The embedded YARN, or null when YARN is configured. */
  public EmbeddedYarn embeddedYarn() {
    return yarn;
  }

  /** Whether HBase is the embedded one, which starts empty. */
  public boolean hbaseEmbedded() {
    return hbase != null;
  }

  /** The HBase client configuration for {@code settings}' cluster, or the embedded one's with the pass-through. */
  public Configuration hbaseConfiguration(HBaseSettings settings) throws IOException {
    if (hbase == null) {
      return settings.cluster().toConfiguration();
    }
    Configuration conf = hbase.clientConfiguration();
    settings.cluster().passThrough().forEach(conf::set);
    ClusterSpec.boundTimeouts(conf);
    return conf;
  }

  /** Stops what was started here (YARN first: its tasks may still talk to HBase). */
  @Override
  public void close() throws IOException {
    try {
      if (yarn != null) {
        yarn.close();
      }
    } finally {
      if (hbase != null) {
        hbase.close();
      }
    }
  }
}
