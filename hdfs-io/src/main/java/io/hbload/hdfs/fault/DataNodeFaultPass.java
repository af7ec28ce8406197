package io.hbload.hdfs.fault;

import io.hbload.hdfs.config.DataNodeFault;
import io.hbload.hdfs.report.DataNodeFaultResult;
import io.hbload.hdfs.stream.CallTimer;
import io.hbload.hdfs.stream.FileResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;

/**
 * One timed pass with DataNodes stopped in its middle: the workers read (or write) the files over
 * and over until the duration ends; at {@code --at} a fault thread chooses the DataNodes ({@link
 * DataNodeVictims}) and stops them through a {@link Stopper}; a watch thread samples, once a
 * half-second, the files' missing units ({@link FileRedundancy}) and the NameNode's low-redundancy
 * count, until the pass ends. A stop that fails (a {@code --fault-exec} that exits non-zero) is
 * reported as a fault that did not happen; the pass runs to its end either way.
 *
 * <p>Not thread-safe: one driver thread calls {@link #run}, which owns its threads and joins them.
 */
public final class DataNodeFaultPass {
  /** What stops one DataNode: in process, or the user's command. */
  @FunctionalInterface
  public interface Stopper {
    /**
     * Stops the DataNode at {@code xferAddr} on {@code host}; one line saying how. Throws, with a
     * message fit for the report, when it was not stopped.
     */
    String stop(String xferAddr, String host) throws Exception;
  }

  /** The pass's workers: run until {@code more} says stop, timing every call. */
  @FunctionalInterface
  public interface Workers {
    List<FileResult> run(CallTimer timer, BooleanSupplier more) throws IOException;
  }

  /** The files moved, and what the fault cost. */
  public record Outcome(List<FileResult> files, DataNodeFaultResult fault) {}

  /**
   * How often the watch looks: twice a second, so a repair that takes less than a second (a few
   * small blocks) is still seen to start; the series keeps one sample a second.
   */
  private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

  private final DistributedFileSystem fs;
  private final Configuration conf;
  private final List<String> files;
  private final DataNodeFault fault;
  private final Stopper stopper;
  private final Consumer<String> notices;

  private final Set<String> stopped = ConcurrentHashMap.newKeySet();
  private final List<String> stoppedNames = new ArrayList<>();
  private final List<String> how = new ArrayList<>();
  private volatile boolean stopOk;
  private volatile boolean faultDone;
  private volatile boolean ended;

  public DataNodeFaultPass(
      DistributedFileSystem fs,
      Configuration conf,
      List<String> files,
      DataNodeFault fault,
      Stopper stopper,
      Consumer<String> notices) {
    this.fs = fs;
    this.conf = conf;
    this.files = List.copyOf(files);
    this.fault = fault;
    this.stopper = stopper;
    this.notices = notices;
  }

  /** Runs the pass and returns once its workers, fault and watch have ended. */
  public Outcome run(Workers workers) throws IOException {
    int seconds = (int) Math.max(1, fault.duration().toSeconds() + 1);
    long start = System.nanoTime();
    long deadline = start + fault.duration().toNanos();
    // the first half of the time before the fault is warm-up, not the healthy baseline
    CallWindows windows = new CallWindows(start, start + fault.at().toNanos() / 2, seconds);
    Watch watch = new Watch(start, seconds);
    Thread faultThread = new Thread(() -> inject(start, windows, watch), "hbload-dfsio-fault");
    Thread watchThread = new Thread(watch, "hbload-dfsio-redundancy");
    faultThread.setDaemon(true);
    watchThread.setDaemon(true);
    faultThread.start();
    watchThread.start();
    List<FileResult> results;
    try {
      results = workers.run(windows, () -> System.nanoTime() < deadline);
    } finally {
      ended = true;
      LockSupport.unpark(faultThread);
      LockSupport.unpark(watchThread);
      join(faultThread);
      join(watchThread);
    }
    long end = System.nanoTime();
    watch.sampleOnce(end); // the state at the very end, so a repair in the last second counts
    return new Outcome(results, result(start, end, windows, watch));
  }

  private void inject(long start, CallWindows windows, Watch watch) {
    long due = start + fault.at().toNanos();
    long now;
    while (!ended && (now = System.nanoTime()) < due) {
      LockSupport.parkNanos(this, due - now);
    }
    if (ended) {
      return;
    }
    List<DataNodeVictims.Victim> victims;
    try {
      victims = DataNodeVictims.choose(fs, files, fault.count(), fault.seed());
    } catch (IOException | RuntimeException e) {
      synchronized (how) {
        how.add("could not choose DataNodes: " + e.getMessage());
      }
      notices.accept("DataNode fault: could not choose DataNodes: " + e.getMessage());
      return;
    }
    boolean ok = true;
    for (DataNodeVictims.Victim v : victims) {
      String line;
      try {
        line = stopper.stop(v.xferAddr(), v.host());
        stopped.add(v.xferAddr());
      } catch (Exception e) {
        ok = false;
        line = "NOT stopped " + v + ": " + e.getMessage();
        if (e instanceof InterruptedException) {
          Thread.currentThread().interrupt();
        }
      }
      synchronized (how) {
        stoppedNames.add(v.toString());
        how.add(line);
      }
      notices.accept("DataNode fault at " + seconds(System.nanoTime() - start) + " s: " + line);
    }
    stopOk = ok;
    windows.markFault(System.nanoTime());
    watch.markFault();
    faultDone = true;
  }

  private static void join(Thread t) {
    try {
      t.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static double seconds(long nanos) {
    return Math.round(nanos / 1e8) / 10.0;
  }

  private DataNodeFaultResult result(long start, long end, CallWindows windows, Watch watch) {
    List<DataNodeFaultResult.Sample> series = new ArrayList<>();
    for (int s = 0; s < watch.missing.length; s++) {
      if (s * 1_000_000_000L > end - start) {
        break;
      }
      series.add(
          new DataNodeFaultResult.Sample(
              s, windows.mibPerSec(s), watch.missing[s], watch.lowRedundancy[s]));
    }
    long faultNanos = windows.faultNanos();
    boolean injected = faultNanos != Long.MAX_VALUE;
    List<String> names;
    List<String> lines;
    synchronized (how) {
      names = List.copyOf(stoppedNames);
      lines = how.isEmpty() ? List.of("not injected: the pass ended first") : List.copyOf(how);
    }
    return new DataNodeFaultResult(
        names,
        lines,
        injected && stopOk,
        fault.at().toNanos() / 1e9,
        injected ? (faultNanos - start) / 1e9 : -1,
        windows.healthy(end),
        windows.degraded(end),
        watch.missingAtFault,
        watch.missingBytesAtFault,
        watch.noticedNanos < 0 ? -1 : (watch.noticedNanos - start) / 1e9,
        watch.recoveredNanos < 0 ? -1 : (watch.recoveredNanos - start) / 1e9,
        Math.max(0, watch.missingBytesAtFault - watch.lastMissingBytes),
        injected
            ? DataNodeCounters.growth(watch.countersAtFault, DataNodeCounters.read())
            : Map.of(),
        ReconstructionThrottles.of(conf),
        series);
  }

  /**
   * Samples the files' redundancy and the NameNode's count once a second; fields are written by its
   * thread, and read by the driver after the join.
   */
  private final class Watch implements Runnable {
    private final long start;
    final long[] missing;
    final long[] lowRedundancy;
    volatile long missingAtFault = -1;
    volatile long missingBytesAtFault = -1;
    volatile long lastMissingBytes = -1;
    volatile long noticedNanos = -1;
    volatile long recoveredNanos = -1;
    volatile Map<String, Map<String, Long>> countersAtFault = Map.of();

    Watch(long start, int seconds) {
      this.start = start;
      this.missing = new long[seconds + 1];
      this.lowRedundancy = new long[seconds + 1];
      java.util.Arrays.fill(missing, -1);
      java.util.Arrays.fill(lowRedundancy, -1);
    }

    /** What the files lacked the moment the DataNodes were stopped, and the counters then. */
    void markFault() {
      countersAtFault = DataNodeCounters.read();
      try {
        FileRedundancy.Missing m = FileRedundancy.missing(fs, files, stopped);
        missingAtFault = m.units();
        missingBytesAtFault = m.bytes();
        lastMissingBytes = m.bytes();
      } catch (IOException | RuntimeException e) {
        notices.accept("DataNode fault: could not read the files' block locations: " + e);
      }
    }

    @Override
    public void run() {
      long next = start;
      while (!ended) {
        sampleOnce(System.nanoTime());
        next += TICK_NANOS;
        long now;
        while (!ended && (now = System.nanoTime()) < next) {
          LockSupport.parkNanos(this, next - now);
        }
      }
    }

    /**
     * Whether the NameNode lists a stopped DataNode as dead: only then does it schedule repairs (a
     * repaired block leaves its low-redundancy count within a second, so that count can miss it).
     * False when this user may not ask for the DataNode report.
     */
    private boolean declaredDead() {
      try {
        for (DatanodeInfo dn : fs.getDataNodeStats(DatanodeReportType.DEAD)) {
          if (stopped.contains(dn.getXferAddr())) {
            return true;
          }
        }
      } catch (IOException | RuntimeException e) {
        // not allowed (a DataNode report needs the superuser) or not reachable: unknown
      }
      return false;
    }

    synchronized void sampleOnce(long now) {
      int second = (int) Math.min(missing.length - 1, (now - start) / 1_000_000_000L);
      try {
        long count = fs.getLowRedundancyBlocksCount();
        lowRedundancy[second] = Math.max(lowRedundancy[second], count);
      } catch (IOException | RuntimeException e) {
        // the series says -1: not read this second
      }
      if (faultDone && noticedNanos < 0 && declaredDead()) {
        noticedNanos = now;
      }
      if (!faultDone || stopped.isEmpty()) {
        return;
      }
      try {
        FileRedundancy.Missing m = FileRedundancy.missing(fs, files, stopped);
        missing[second] = m.units();
        lastMissingBytes = m.bytes();
        if (m.units() == 0 && recoveredNanos < 0) {
          recoveredNanos = now;
        }
      } catch (IOException | RuntimeException e) {
        // left at -1 for this second; the next sample tries again
      }
    }
  }
}
