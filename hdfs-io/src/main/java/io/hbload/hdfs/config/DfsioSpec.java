package io.hbload.hdfs.config;

import java.util.ArrayList;
import java.util.List;

/**
 * One dfsio run, validated: what to write or read, how, and against which HDFS.
 *
 * <p>Immutable; every input error is reported at once in one {@link BadInputException}.
 *
 * @param policy replication or an EC policy
 * @param files number of files
 * @param fileBytes bytes per file
 * @param streams concurrent client streams
 * @param bufferBytes application buffer per write/read call
 * @param baseDir HDFS directory owned by the tool; per-policy subdirectories hold the files
 * @param coder raw coder preference
 * @param dataNodesDown DataNodes holding data units to stop before a read (embedded cluster only)
 * @param hdfs where HDFS is
 */
public record DfsioSpec(
    StoragePolicy policy,
    int files,
    long fileBytes,
    int streams,
    int bufferBytes,
    String baseDir,
    CoderChoice coder,
    int dataNodesDown,
    HdfsSettings hdfs) {
  /** Default base directory, as TestDFSIO's /benchmarks/TestDFSIO. */
  public static final String DEFAULT_BASE_DIR = "/benchmarks/hbload-dfsio";

  public DfsioSpec {
    List<String> errors = new ArrayList<>();
    if (files < 1) {
      errors.add("--files must be at least 1, got " + files);
    }
    if (fileBytes < 1) {
      errors.add("--size must be at least 1 byte, got " + fileBytes);
    }
    if (streams < 1) {
      errors.add("--streams must be at least 1, got " + streams);
    }
    if (bufferBytes < 1 || bufferBytes > (256 << 20)) {
      errors.add("--buffer must be 1 byte .. 256m, got " + bufferBytes);
    }
    if (baseDir == null || !baseDir.startsWith("/") || baseDir.equals("/")) {
      errors.add("--dir must be an absolute HDFS path below /, got '" + baseDir + "'");
    }
    if (dataNodesDown < 0) {
      errors.add("--datanodes-down must not be negative");
    } else if (dataNodesDown > 0 && !policy.isErasureCoded()) {
      errors.add("--datanodes-down needs an EC policy (replicated reads just switch replica)");
    } else if (dataNodesDown > policy.parityUnits() && policy.isErasureCoded()) {
      errors.add(
          "--datanodes-down "
              + dataNodesDown
              + " exceeds what "
              + policy.name()
              + " tolerates ("
              + policy.parityUnits()
              + ")");
    }
    if (!errors.isEmpty()) {
      throw new BadInputException(String.join("; ", errors));
    }
  }

  /** The same run with another policy (compare runs replication and EC back to back). */
  public DfsioSpec withPolicy(StoragePolicy other) {
    return new DfsioSpec(
        other,
        files,
        fileBytes,
        streams,
        bufferBytes,
        baseDir,
        coder,
        other.isErasureCoded() ? dataNodesDown : 0,
        hdfs);
  }

  /** The same run with {@code k} DataNodes down for reads. */
  public DfsioSpec withDataNodesDown(int k) {
    return new DfsioSpec(policy, files, fileBytes, streams, bufferBytes, baseDir, coder, k, hdfs);
  }

  /** Total bytes of one pass over all files. */
  public long totalBytes() {
    return fileBytes * files;
  }
}
