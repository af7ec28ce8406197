package io.hbload.mapreduce.cluster;

import io.hbload.hbase.cluster.EmbeddedCluster;
import io.hbload.hbase.cluster.EmbeddedOptions;
import io.hbload.hbase.cluster.HBaseCluster;
import io.hbload.hbase.config.HBaseSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * The clusters a {@code load}/{@code run} job uses: the configured HBase and YARN, or, for either
 * that is not configured, an embedded one started here on 127.0.0.1 (announced by {@link Banner})
 * and stopped by {@link #close()}. HBase's side is the binding's {@link HBaseCluster}, which makes
 * that choice for every command. Not thread-safe: the driver's thread opens, uses and closes it.
 */
public final class PhaseClusters implements AutoCloseable {
  private final HBaseCluster hbase;
  private final EmbeddedYarn yarn;
  private final Configuration hadoop;

  private PhaseClusters(HBaseCluster hbase, EmbeddedYarn yarn, Configuration hadoop) {
    this.hbase = hbase;
    this.yarn = yarn;
    this.hadoop = hadoop;
  }

  /**
   * Starts what is missing.
   *
   * @param settings the HBase binding's settings, or null when the run uses another binding (no
   *     HBase needed)
   * @param hadoop the user's Hadoop configuration; YARN is embedded unless it names a YARN cluster
   * @param maps map tasks the embedded YARN must run at once
   */
  public static PhaseClusters open(
      HBaseSettings settings, Configuration hadoop, int maps, PrintStream messages, String label)
      throws IOException {
    long t0 = System.nanoTime();
    List<String> started = new ArrayList<>();
    HBaseCluster hbase = null;
    EmbeddedYarn yarn = null;
    try {
      if (settings != null) {
        hbase =
            HBaseCluster.open(
                settings.cluster(),
                EmbeddedOptions.of(settings.embeddedRegionServers()),
                () ->
                    messages.println(
                        label
                            + ": no HBase configured: starting an embedded HBase on 127.0.0.1 ..."));
        EmbeddedCluster e = hbase.embedded();
        if (e != null) {
          started.add(
              "HBase: "
                  + e.regionServerCount()
                  + " RegionServer(s), ZooKeeper "
                  + e.zkQuorum()
                  + ":"
                  + e.zkPort()
                  + ", data in "
                  + e.dataDir());
        }
      }
      if (!HadoopSettings.namesYarn(hadoop)) {
        messages.println(
            label
                + ": no YARN configured: starting an embedded MapReduce cluster on 127.0.0.1 ...");
        yarn = EmbeddedYarn.start(hadoop, maps);
        started.add(
            "YARN: 1 NodeManager, ResourceManager "
                + yarn.resourceManagerAddress()
                + ", files in "
                + yarn.dataDir());
      }
    } catch (IOException | RuntimeException e) {
      new PhaseClusters(hbase, yarn, hadoop).close();
      throw e;
    }
    boolean hbaseEmbedded = hbase != null && hbase.embedded() != null;
    if (!started.isEmpty()) {
      started.add(
          String.format("started in %.1f s; removed at exit", (System.nanoTime() - t0) / 1e9));
      if (hbaseEmbedded) {
        started.add("The HBase cluster starts empty, so a run loads the records first.");
      }
      Banner.lines(hbaseEmbedded ? (yarn != null ? "HBASE + YARN" : "HBASE") : "YARN", started)
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
    return hbase != null && hbase.embedded() != null;
  }

  /**
   * The HBase client configuration: the configured cluster's, or the embedded one's with the
   * pass-through.
   *
   * @param settings the same settings {@link #open} was given
   */
  public Configuration hbaseConfiguration(HBaseSettings settings) throws IOException {
    return hbase != null ? hbase.configuration() : settings.cluster().toConfiguration();
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
