package io.hbload.hdfs.stream;

import io.hbload.hdfs.config.StoragePolicy;
import java.io.EOFException;
import java.io.IOException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.client.HdfsDataInputStream;
import org.apache.hadoop.hdfs.protocol.BlockType;

/**
 * Writes one benchmark file or reads and verifies it, streaming through one reusable buffer.
 *
 * <p>One instance per worker thread (owns its buffers; not thread-safe). Allocates its two buffers
 * once; nothing per call beyond what the HDFS client allocates.
 */
public final class FileStreams {
  private final DistributedFileSystem fs;
  private final byte[] buffer;
  private final byte[] expected;
  private final PassProgress progress;
  private final CallTimer timer;

  public FileStreams(DistributedFileSystem fs, int bufferBytes) {
    this(fs, bufferBytes, PassProgress.silent(), CallTimer.NONE);
  }

  /**
   * As above, adding every buffer's bytes to {@code progress} and timing every read or write call
   * with {@code timer}.
   */
  public FileStreams(
      DistributedFileSystem fs, int bufferBytes, PassProgress progress, CallTimer timer) {
    this.fs = fs;
    this.buffer = new byte[bufferBytes];
    this.expected = new byte[bufferBytes];
    this.progress = progress;
    this.timer = timer;
  }

  /**
   * Creates (overwrites) {@code path} under {@code policy} with {@code size} bytes of the file's
   * content pattern. The time includes close(), which is when the last stripe is encoded and acked.
   */
  public FileResult write(Path path, int file, long size, StoragePolicy policy) throws IOException {
    long start = System.nanoTime();
    // per-file policy regardless of the directory's, so the file is what the run says it is
    var builder = fs.createFile(path).overwrite(true).bufferSize(buffer.length);
    if (policy.isErasureCoded()) {
      builder.ecPolicyName(policy.name());
    } else {
      builder.replicate().replication((short) policy.replication());
    }
    long written = 0;
    try (FSDataOutputStream out = builder.build()) {
      while (written < size) {
        int n = (int) Math.min(buffer.length, size - written);
        ContentPattern.fill(buffer, 0, n, file, written);
        long call = System.nanoTime();
        out.write(buffer, 0, n);
        timer.call(call, System.nanoTime(), n);
        written += n;
        progress.moved(n);
      }
    }
    progress.fileDone();
    return new FileResult(file, written, System.nanoTime() - start, 0, 0, 0);
  }

  /**
   * Reads {@code path} to its end and checks every byte against the pattern; a file shorter or
   * longer than {@code size} counts the difference as mismatched bytes.
   */
  public FileResult read(Path path, int file, long size) throws IOException {
    long start = System.nanoTime();
    long read = 0;
    long mismatched = 0;
    long decodeMillis = 0;
    long ecBytes = 0;
    try (FSDataInputStream in = fs.open(path, buffer.length)) {
      while (true) {
        long call = System.nanoTime();
        int n = in.read(buffer, 0, buffer.length);
        if (n < 0) {
          break;
        }
        timer.call(call, System.nanoTime(), n);
        long inRange = Math.max(0, Math.min(n, size - read));
        mismatched += ContentPattern.countMismatches(buffer, (int) inRange, file, read, expected);
        mismatched += n - inRange;
        read += n;
        progress.moved(n);
      }
      if (in instanceof HdfsDataInputStream) {
        var stats = ((HdfsDataInputStream) in).getReadStatistics();
        decodeMillis = stats.getTotalEcDecodingTimeMillis();
        ecBytes = stats.getBlockType() == BlockType.STRIPED ? stats.getTotalBytesRead() : 0;
      }
    } catch (EOFException e) {
      // counted below as missing bytes
    }
    mismatched += Math.max(0, size - read);
    progress.fileDone();
    return new FileResult(file, read, System.nanoTime() - start, mismatched, decodeMillis, ecBytes);
  }
}
