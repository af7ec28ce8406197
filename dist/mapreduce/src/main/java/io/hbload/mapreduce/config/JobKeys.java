package io.hbload.mapreduce.config;

/**
 * The job-configuration keys that carry a run from the driver to its map tasks, all under {@code
 * hbload.mapreduce.} so they never collide with Hadoop's or HBase's. Written by the driver and read
 * back only by this package's task specs.
 */
public final class JobKeys {
  /** Each of the run's merged properties, as {@code hbload.mapreduce.property.<name>}. */
  public static final String PROPERTY_PREFIX = "hbload.mapreduce.property.";

  /** {@code load} or {@code run}. */
  public static final String PHASE = "hbload.mapreduce.phase";

  /** N, the number of map tasks (shards). */
  public static final String SHARDS = "hbload.mapreduce.shards";

  /** The shared wall-clock start, epoch ms, chosen by the driver. */
  public static final String START_AT = "hbload.mapreduce.startat";

  /**
   * {@code --metrics pushgateway:URL}: the Pushgateway every task pushes to (absent: no metrics).
   */
  public static final String METRICS_PUSHGATEWAY = "hbload.mapreduce.metrics.pushgateway";

  /** The {@code workload} tag of the tasks' meters. */
  public static final String METRICS_WORKLOAD = "hbload.mapreduce.metrics.workload";

  /** dfsio: {@code write} or {@code read}. */
  public static final String DFSIO_PASS = "hbload.mapreduce.dfsio.pass";

  /** dfsio: storage policy name (REPLICATION or an EC policy). */
  public static final String DFSIO_POLICY = "hbload.mapreduce.dfsio.policy";

  /** dfsio: replicas when the policy is REPLICATION. */
  public static final String DFSIO_REPLICATION = "hbload.mapreduce.dfsio.replication";

  /** dfsio: files in the whole run. */
  public static final String DFSIO_FILES = "hbload.mapreduce.dfsio.files";

  /** dfsio: bytes per file. */
  public static final String DFSIO_FILE_BYTES = "hbload.mapreduce.dfsio.filebytes";

  /** dfsio: application buffer per call. */
  public static final String DFSIO_BUFFER_BYTES = "hbload.mapreduce.dfsio.bufferbytes";

  /** dfsio: concurrent streams in each task. */
  public static final String DFSIO_STREAMS = "hbload.mapreduce.dfsio.streams";

  /** dfsio: the tool's base directory. */
  public static final String DFSIO_DIR = "hbload.mapreduce.dfsio.dir";

  /** dfsio: raw coder preference, resolved in each task against what its JVM can load. */
  public static final String DFSIO_CODER = "hbload.mapreduce.dfsio.coder";

  private JobKeys() {}

  /**
   * The shard index a task's input line names ({@code NLineInputFormat}: one line, the index, per
   * task).
   */
  public static int shardOfLine(String line, int shards) {
    int index = Integer.parseInt(line.strip());
    if (index < 0 || index >= shards) {
      throw new IllegalStateException("shard line " + line + " outside 0.." + (shards - 1));
    }
    return index;
  }
}
