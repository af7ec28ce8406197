package io.hbload.hdfs.stream;

/**
 * What one stream did with one file.
 *
 * @param file file index
 * @param bytes bytes written or read
 * @param nanos time from open to close
 * @param mismatchedBytes bytes that differ from {@link ContentPattern} (reads; includes missing
 *     bytes)
 * @param ecDecodeMillis the client's EC decode time for this stream (reads of striped files)
 * @param erasureCodedBytes bytes read from striped blocks
 */
public record FileResult(
    int file,
    long bytes,
    long nanos,
    long mismatchedBytes,
    long ecDecodeMillis,
    long erasureCodedBytes) {
  /** TestDFSIO's per-file rate: MiB per second. */
  public double mibPerSec() {
    return nanos == 0 ? 0 : (bytes / 1048576.0) / (nanos / 1e9);
  }
}
