package io.hbload.mapreduce.config;

import io.hbload.core.config.ShardSpec;
import io.hbload.hdfs.config.CoderChoice;
import io.hbload.hdfs.config.StoragePolicy;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;

/**
 * What every map task of a {@code mapreduce dfsio} job is told: the pass, the whole run's files and
 * how they are stored, and the shared start. Task I of N takes a contiguous slice of the files
 * ({@link #filesOf}), as TestDFSIO gives each map its own files. Immutable.
 *
 * @param streams concurrent streams inside each task
 * @param coder the raw coder preference; each task resolves it against what its own JVM can load
 */
public record DfsioTaskSpec(
    Pass pass,
    StoragePolicy policy,
    int files,
    long fileBytes,
    int bufferBytes,
    int streams,
    String baseDir,
    CoderChoice coder,
    int shards,
    long startAtEpochMillis) {
  /** The two measured passes. */
  public enum Pass {
    WRITE,
    READ;

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public DfsioTaskSpec {
    if (shards < 1 || shards > files) {
      throw new IllegalArgumentException("shards " + shards + " for " + files + " files");
    }
  }

  /** Writes this into a job's configuration. */
  public void writeTo(Configuration conf) {
    conf.set(JobKeys.DFSIO_PASS, pass.name());
    conf.set(JobKeys.DFSIO_POLICY, policy.name());
    conf.setInt(JobKeys.DFSIO_REPLICATION, policy.replication());
    conf.setInt(JobKeys.DFSIO_FILES, files);
    conf.setLong(JobKeys.DFSIO_FILE_BYTES, fileBytes);
    conf.setInt(JobKeys.DFSIO_BUFFER_BYTES, bufferBytes);
    conf.setInt(JobKeys.DFSIO_STREAMS, streams);
    conf.set(JobKeys.DFSIO_DIR, baseDir);
    conf.set(JobKeys.DFSIO_CODER, coder.coderName());
    conf.setInt(JobKeys.SHARDS, shards);
    conf.setLong(JobKeys.START_AT, startAtEpochMillis);
  }

  /** Reads what {@link #writeTo} wrote; an incomplete configuration is a bug, not input. */
  public static DfsioTaskSpec readFrom(Configuration conf) {
    String pass = conf.get(JobKeys.DFSIO_PASS);
    String policy = conf.get(JobKeys.DFSIO_POLICY);
    if (pass == null || policy == null) {
      throw new IllegalStateException(
          "not an hbload mapreduce dfsio job: " + JobKeys.DFSIO_PASS + " missing");
    }
    return new DfsioTaskSpec(
        Pass.valueOf(pass),
        StoragePolicy.parse(policy, conf.getInt(JobKeys.DFSIO_REPLICATION, 1)),
        conf.getInt(JobKeys.DFSIO_FILES, 0),
        conf.getLong(JobKeys.DFSIO_FILE_BYTES, 0),
        conf.getInt(JobKeys.DFSIO_BUFFER_BYTES, 0),
        conf.getInt(JobKeys.DFSIO_STREAMS, 1),
        conf.get(JobKeys.DFSIO_DIR),
        CoderChoice.parse(conf.get(JobKeys.DFSIO_CODER, "auto")),
        conf.getInt(JobKeys.SHARDS, 0),
        conf.getLong(JobKeys.START_AT, 0));
  }

  /**
   * Task {@code shard}'s contiguous slice of the files, split as a sharded load splits the records.
   */
  public FileSlice filesOf(int shard) {
    ShardSpec s = new ShardSpec(shard, shards);
    return new FileSlice((int) s.sliceStart(0, files), (int) s.share(files));
  }

  /** Files {@code first .. first + count - 1}. */
  public record FileSlice(int first, int count) {}
}
