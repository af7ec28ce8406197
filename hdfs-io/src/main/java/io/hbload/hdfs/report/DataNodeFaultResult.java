package io.hbload.hdfs.report;

import java.util.List;
import java.util.Map;

/**
 * What stopping DataNodes in the middle of a pass cost, and how HDFS repaired it: the pass's
 * throughput and per-call latency before the fault (healthy) and after it (degraded), when the
 * NameNode noticed, how fast the lost units came back and when the files were whole again.
 * Immutable. Times are seconds from the start of the pass; -1 means "never, within the pass".
 *
 * @param stopped the DataNodes stopped (transfer address and host), in the order chosen
 * @param howStopped one line per DataNode: stopped in process, or the {@code --fault-exec} outcome
 * @param stoppedOk whether every stop was carried out (a failed command: the fault did not happen)
 * @param plannedAtSeconds the {@code --at} offset
 * @param injectedAtSeconds when the stop actually happened
 * @param healthy the window before the fault: its second half (the first warms the JIT, caches and
 *     connections)
 * @param degraded the window after it
 * @param missingUnitsAtFault block replicas / EC units of the files on the stopped DataNodes
 * @param missingBytesAtFault their bytes
 * @param nameNodeNoticedSeconds when the NameNode first listed a stopped DataNode as dead (it
 *     schedules repairs only then)
 * @param fullRedundancySeconds when every block of the files had all its units on live DataNodes
 *     again (the NameNode's block locations, the stopped DataNodes left out)
 * @param restoredBytes bytes of the lost units back on live DataNodes by the pass's end
 * @param dataNodeCounters DataNode metrics summed over live DataNodes, growth from the fault to the
 *     end (EcReconstructionBytesWritten, EcReconstructionTasks, BlocksReplicated), where readable
 * @param throttles the HDFS settings that pace detection and reconstruction, with their values
 * @param series one sample a second over the pass
 */
public record DataNodeFaultResult(
    List<String> stopped,
    List<String> howStopped,
    boolean stoppedOk,
    double plannedAtSeconds,
    double injectedAtSeconds,
    Window healthy,
    Window degraded,
    long missingUnitsAtFault,
    long missingBytesAtFault,
    double nameNodeNoticedSeconds,
    double fullRedundancySeconds,
    long restoredBytes,
    Map<String, Long> dataNodeCounters,
    Map<String, String> throttles,
    List<Sample> series) {

  /**
   * The pass's figures over one window.
   *
   * @param seconds the window's length
   * @param bytes bytes moved by calls that started in it
   * @param calls read or write calls that started in it
   * @param p50Micros median call latency
   * @param p99Micros 99th percentile
   * @param maxMicros worst
   */
  public record Window(
      double seconds, long bytes, long calls, long p50Micros, long p99Micros, long maxMicros) {
    public double mibPerSec() {
      return seconds <= 0 ? 0 : bytes / 1048576.0 / seconds;
    }
  }

  /**
   * One second of the pass.
   *
   * @param second from the pass's start
   * @param mibPerSec the pass's throughput in that second
   * @param missingUnits units of the files still missing from live DataNodes (-1 before the fault)
   * @param lowRedundancyBlocks the NameNode's count of low-redundancy blocks, all files (-1 when it
   *     could not be read)
   */
  public record Sample(int second, double mibPerSec, long missingUnits, long lowRedundancyBlocks) {}

  /** Whether the files were whole again before the pass ended. */
  public boolean recovered() {
    return fullRedundancySeconds >= 0;
  }

  /** Seconds from the fault to full redundancy, or -1. */
  public double secondsToFullRedundancy() {
    return recovered() ? fullRedundancySeconds - injectedAtSeconds : -1;
  }

  /**
   * Restored bytes over the repair's time, MiB/s: from when the NameNode noticed (the fault when it
   * was not seen to) to full redundancy (or the pass's end). Detection is left out: it is set by
   * the heartbeat settings, not by how fast the DataNodes rebuild.
   */
  public double reconstructionMiBps(double passSeconds) {
    double end = recovered() ? fullRedundancySeconds : passSeconds;
    double from =
        nameNodeNoticedSeconds >= 0 && nameNodeNoticedSeconds <= end
            ? nameNodeNoticedSeconds
            : injectedAtSeconds;
    double span = end - from;
    return span <= 0 ? 0 : restoredBytes / 1048576.0 / span;
  }

  /** Degraded over healthy throughput. */
  public double throughputRatio() {
    return healthy.mibPerSec() <= 0 ? 0 : degraded.mibPerSec() / healthy.mibPerSec();
  }

  /** "12.3 s" or "did not recover within the run". */
  public String fullRedundancyText() {
    return recovered()
        ? String.format(java.util.Locale.ROOT, "%.1f s after the fault", secondsToFullRedundancy())
        : "did not recover within the run";
  }
}
