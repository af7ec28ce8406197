package io.hbload.mapreduce.dfsio;

import io.hbload.hdfs.report.RunMeter;
import io.hbload.hdfs.report.RunResult;
import io.hbload.hdfs.stream.FileResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The map tasks' results as one dfsio pass, in hdfs-io's report: TestDFSIO's per-file figures
 * (throughput, average IO rate and its standard deviation) over every file of every task, the
 * aggregate rate over the union of the tasks' windows (wall clock of their hosts), CPU and ISA-L
 * coder time summed over the tasks, the coder the tasks ran. Stateless.
 */
public final class DfsioAggregate {
  private DfsioAggregate() {}

  /**
   * One pass's result from the tasks that committed one.
   *
   * @param loadStart the driver host's load average when the job started ({@link
   *     RunMeter#loadAverage1()})
   */
  public static RunResult of(
      String phase, String policy, String target, List<DfsioShardResult> shards, double loadStart) {
    List<FileResult> files = new ArrayList<>();
    shards.forEach(s -> files.addAll(s.files()));
    files.sort(Comparator.comparingInt(FileResult::file));
    // the per-file statistics are TestDFSIO's, computed by hdfs-io's own meter over the files'
    // figures
    RunResult perFile = new RunMeter().finish(phase, policy, coders(shards), target, files, 0);
    long start = shards.stream().mapToLong(DfsioShardResult::startEpochMillis).min().orElse(0);
    long end = shards.stream().mapToLong(DfsioShardResult::endEpochMillis).max().orElse(start);
    long wallNanos = Math.max(1, end - start) * 1_000_000L;
    long cpu = shards.stream().mapToLong(DfsioShardResult::cpuNanos).sum();
    long encode = shards.stream().mapToLong(DfsioShardResult::isalEncodeNanos).sum();
    long decode = shards.stream().mapToLong(DfsioShardResult::isalDecodeNanos).sum();
    return new RunResult(
        phase,
        policy,
        perFile.coder(),
        target,
        Instant.ofEpochMilli(start),
        perFile.files(),
        perFile.bytes(),
        wallNanos,
        perFile.throughputMiBps(),
        perFile.avgIoRateMiBps(),
        perFile.ioRateStdDev(),
        (double) cpu / wallNanos,
        perFile.erasureCodedBytes(),
        perFile.ecDecodeMillis(),
        encode,
        decode,
        perFile.mismatchedBytes(),
        0,
        loadStart,
        RunMeter.loadAverage1(),
        Optional.empty());
  }

  /** The coder the tasks ran: one name when they agree, else each with its number of tasks. */
  static String coders(List<DfsioShardResult> shards) {
    TreeMap<String, Long> counts =
        shards.stream()
            .collect(
                Collectors.groupingBy(
                    DfsioShardResult::coder, TreeMap::new, Collectors.counting()));
    if (counts.size() <= 1) {
      return counts.isEmpty() ? "none" : counts.firstKey();
    }
    return counts.entrySet().stream()
        .map(e -> e.getKey() + " (" + e.getValue() + " tasks)")
        .collect(Collectors.joining(", "));
  }
}
