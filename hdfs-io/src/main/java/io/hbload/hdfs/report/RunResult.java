package io.hbload.hdfs.report;

import java.time.Instant;
import java.util.Optional;

/**
 * The measurements of one write or read pass over all files.
 *
 * @param phase "write", "read" or "degraded-read"
 * @param policy storage policy, e.g. RS-6-3-1024k or "REPLICATION x3"
 * @param coder raw coder Hadoop built for this policy ("none" for replication)
 * @param target which HDFS (embedded or URI)
 * @param start wall-clock start
 * @param files files processed
 * @param bytes bytes moved
 * @param wallNanos elapsed wall time of the pass
 * @param throughputMiBps TestDFSIO "Throughput": total MiB / sum of per-file times
 * @param avgIoRateMiBps TestDFSIO "Average IO rate": mean of per-file MiB/s
 * @param ioRateStdDev TestDFSIO "IO rate std deviation"
 * @param cpuCores process CPU time / wall time (includes the DataNodes when embedded)
 * @param erasureCodedBytes bytes read from striped blocks (DFSClient read statistics)
 * @param ecDecodeMillis client decode time summed over streams (DFSClient read statistics)
 * @param isalEncodeNanos time spent in hbload's ISA-L encoder during the pass
 * @param isalDecodeNanos time spent in hbload's ISA-L decoder during the pass
 * @param mismatchedBytes bytes that differed from the expected content (reads)
 * @param dataNodesDown DataNodes stopped during the pass
 * @param load1Start host 1-minute load average at the start
 * @param load1End host 1-minute load average at the end
 * @param dataNodeFault what DataNodes stopped in the middle of a timed pass cost, when they were
 */
public record RunResult(
    String phase,
    String policy,
    String coder,
    String target,
    Instant start,
    int files,
    long bytes,
    long wallNanos,
    double throughputMiBps,
    double avgIoRateMiBps,
    double ioRateStdDev,
    double cpuCores,
    long erasureCodedBytes,
    long ecDecodeMillis,
    long isalEncodeNanos,
    long isalDecodeNanos,
    long mismatchedBytes,
    int dataNodesDown,
    double load1Start,
    double load1End,
    Optional<DataNodeFaultResult> dataNodeFault) {
  /** Aggregate rate: all bytes over the wall time of the pass, MiB/s. */
  public double aggregateMiBps() {
    return wallNanos == 0 ? 0 : bytes / 1048576.0 / (wallNanos / 1e9);
  }

  /** Label for side-by-side columns, e.g. "RS-6-3-1024k degraded-read (3 DN down)". */
  public String label() {
    return policy + " " + mode();
  }

  /** The pass's mode, e.g. "read", "degraded-read (3 DN down)", "read (2 DN stopped at 10 s)". */
  public String mode() {
    if (dataNodeFault.isPresent()) {
      return phase
          + " ("
          + dataNodesDown
          + " DN stopped at "
          + Math.round(dataNodeFault.get().plannedAtSeconds())
          + " s)";
    }
    return phase + (dataNodesDown > 0 ? " (" + dataNodesDown + " DN down)" : "");
  }
}
