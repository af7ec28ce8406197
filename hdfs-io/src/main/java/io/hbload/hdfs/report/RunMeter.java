package io.hbload.hdfs.report;

import com.sun.management.OperatingSystemMXBean;
import io.hbload.hdfs.coder.CoderStats;
import io.hbload.hdfs.stream.FileResult;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Brackets one pass: takes the clocks, process CPU, host load and coder counters at the start and
 * turns the per-file results into a {@link RunResult} at the end. One meter per pass; not
 * thread-safe (the driver thread starts and finishes it).
 */
public final class RunMeter {
  private final Instant start = Instant.now();
  private final long startNanos = System.nanoTime();
  private final long startCpuNanos = processCpuNanos();
  private final double startLoad = loadAverage1();
  private final CoderStats.Snapshot startCoder = CoderStats.snapshot();

  /** Finishes the pass. */
  public RunResult finish(
      String phase,
      String policy,
      String coder,
      String target,
      List<FileResult> files,
      int dataNodesDown) {
    return finish(phase, policy, coder, target, files, dataNodesDown, Optional.empty());
  }

  /** Finishes a pass that had DataNodes stopped in its middle. */
  public RunResult finish(
      String phase,
      String policy,
      String coder,
      String target,
      List<FileResult> files,
      int dataNodesDown,
      Optional<DataNodeFaultResult> fault) {
    long wall = System.nanoTime() - startNanos;
    long cpu = processCpuNanos() - startCpuNanos;
    CoderStats.Snapshot coderDelta = CoderStats.snapshot().minus(startCoder);
    long bytes = 0;
    long sumNanos = 0;
    long mismatched = 0;
    long decodeMillis = 0;
    long ecBytes = 0;
    double sumRate = 0;
    double sumRateSq = 0;
    for (FileResult f : files) {
      bytes += f.bytes();
      sumNanos += f.nanos();
      mismatched += f.mismatchedBytes();
      decodeMillis += f.ecDecodeMillis();
      ecBytes += f.erasureCodedBytes();
      double rate = f.mibPerSec();
      sumRate += rate;
      sumRateSq += rate * rate;
    }
    int n = Math.max(1, files.size());
    double mean = sumRate / n;
    double stdDev = Math.sqrt(Math.max(0, sumRateSq / n - mean * mean));
    double throughput = sumNanos == 0 ? 0 : bytes / 1048576.0 / (sumNanos / 1e9);
    return new RunResult(
        phase,
        policy,
        coder,
        target,
        start,
        files.size(),
        bytes,
        wall,
        throughput,
        mean,
        stdDev,
        wall == 0 ? 0 : (double) cpu / wall,
        ecBytes,
        decodeMillis,
        coderDelta.encodeNanos(),
        coderDelta.decodeNanos(),
        mismatched,
        dataNodesDown,
        startLoad,
        loadAverage1(),
        fault);
  }

  /** CPU time of this whole process (all threads), or 0 where the JVM does not expose it. */
  static long processCpuNanos() {
    var os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof OperatingSystemMXBean) {
      return ((OperatingSystemMXBean) os).getProcessCpuTime();
    }
    return 0;
  }

  /** The host's 1-minute load average (/proc/loadavg, else the JVM's view), -1 if unknown. */
  public static double loadAverage1() {
    try {
      String line = Files.readString(Path.of("/proc/loadavg"));
      return Double.parseDouble(line.split(" ")[0]);
    } catch (IOException | RuntimeException e) {
      return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
  }
}
