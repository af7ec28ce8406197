package io.hbload.mapreduce.pe;

import io.hbload.core.measure.MeasurementTotals;
import io.hbload.core.merge.HlogMerge;
import io.hbload.hbase.pe.PeClientResult;
import io.hbload.hbase.pe.PeSpec;
import io.hbload.mapreduce.config.ShardFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * PE's clients of a {@code mapreduce pe} job, put back together on the driver from what each map
 * task committed: its {@link PeShardResult} and, for its latencies, its shard's {@code .hlog} read
 * with {@link HlogMerge} as every shard's log is: the service-time histograms of the command's
 * measurement (its successes and failures, as PE's per-client histogram holds every measured call),
 * added. Both record the same nanoseconds at the same precision, so the client's percentiles are
 * the ones its task saw. Stateless.
 */
public final class PeClients {
  private PeClients() {}

  /**
   * The clients whose task committed, in client order.
   *
   * @param committed the job's committed files (a shard's {@code .pe} and {@code .hlog} side by
   *     side)
   * @param notes told when a client's log holds another number of measured calls than the client
   *     counted (a bug: its line then shows the log's)
   * @throws IOException when a committed file cannot be copied or read
   */
  public static List<PeClientResult> read(
      List<Path> committed, Configuration conf, PeSpec spec, Consumer<String> notes)
      throws IOException {
    java.nio.file.Path local = Files.createTempDirectory("hbload-mapreduce-pe-");
    try {
      List<PeClientResult> clients = new ArrayList<>();
      for (Path pe : committed) {
        String name = pe.getName();
        if (!name.endsWith(ShardFiles.PE)) {
          continue;
        }
        Path hlog =
            new Path(
                pe.getParent(),
                name.substring(0, name.length() - ShardFiles.PE.length()) + ShardFiles.HLOG);
        PeShardResult result =
            PeShardResult.parse(
                Files.readAllLines(copy(pe, local, conf), StandardCharsets.UTF_8), pe.toString());
        Histogram latency = latency(copy(hlog, local, conf), spec);
        if (latency.getTotalCount() != result.measured()) {
          notes.accept(
              hlog.getName()
                  + " holds "
                  + latency.getTotalCount()
                  + " measured "
                  + spec.workload().test().measureName()
                  + " calls, but PE client "
                  + result.index()
                  + " counted "
                  + result.measured());
        }
        clients.add(result.withLatency(latency));
      }
      clients.sort(Comparator.comparingInt(PeClientResult::index));
      return clients;
    } finally {
      try (var files = Files.list(local)) {
        for (java.nio.file.Path f : files.toList()) {
          Files.deleteIfExists(f);
        }
      }
      Files.deleteIfExists(local);
    }
  }

  /**
   * The command's service times in one shard's log: its base measurement and its {@code
   * -FAILED}/{@code -<STATUS>}.
   */
  static Histogram latency(java.nio.file.Path hlog, PeSpec spec) {
    String measure = spec.workload().test().measureName();
    Histogram all = new Histogram(3);
    all.setAutoResize(true);
    for (MeasurementTotals m : HlogMerge.merge(List.of(hlog)).result().measurements()) {
      if (m.name().equals(measure) || m.name().startsWith(measure + "-")) {
        all.add(m.service());
      }
    }
    return all;
  }

  private static java.nio.file.Path copy(Path remote, java.nio.file.Path dir, Configuration conf)
      throws IOException {
    java.nio.file.Path copy = dir.resolve(remote.getName());
    remote.getFileSystem(conf).copyToLocalFile(false, remote, new Path(copy.toUri()), true);
    return copy;
  }
}
