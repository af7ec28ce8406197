package io.hbload.hdfs.fault;

import io.hbload.hdfs.report.DataNodeFaultResult;
import io.hbload.hdfs.stream.CallTimer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * A timed pass's calls split at the fault: a call that started in the healthy window (the second
 * half of the time before the fault: the first half warms the JIT, the caches and the connections,
 * and would make a healthy pass look slower than a degraded one) counts there, one that started
 * after the fault in the degraded window (latency histogram, bytes, calls), and every call's bytes
 * in the second it ended, for the per-second series.
 *
 * <p>Thread-safe (every worker records; the driver marks the fault and reads at the end);
 * allocation-free once built: the histograms are sized for an hour, so they never resize.
 */
final class CallWindows implements CallTimer {
  private static final long HIGHEST_MICROS = TimeUnit.HOURS.toMicros(1);

  private final long startNanos;
  private final long healthyFromNanos;
  private final Histogram healthy = new ConcurrentHistogram(HIGHEST_MICROS, 3);
  private final Histogram degraded = new ConcurrentHistogram(HIGHEST_MICROS, 3);
  private final LongAdder healthyBytes = new LongAdder();
  private final LongAdder degradedBytes = new LongAdder();
  private final AtomicLongArray bytesPerSecond;
  private volatile long faultNanos = Long.MAX_VALUE;

  /**
   * @param healthyFromNanos where the healthy window starts: the end of the warm-up
   * @param seconds how many seconds the per-second series holds; later calls add to its last
   */
  CallWindows(long startNanos, long healthyFromNanos, int seconds) {
    this.startNanos = startNanos;
    this.healthyFromNanos = healthyFromNanos;
    this.bytesPerSecond = new AtomicLongArray(Math.max(1, seconds));
  }

  /** From now on calls count as degraded. */
  void markFault(long nanos) {
    faultNanos = nanos;
  }

  long faultNanos() {
    return faultNanos;
  }

  @Override
  public void call(long startNanos, long endNanos, int bytes) {
    long micros = Math.min(HIGHEST_MICROS, Math.max(0, (endNanos - startNanos) / 1000));
    if (startNanos < faultNanos) {
      if (startNanos >= healthyFromNanos) {
        healthy.recordValue(micros);
        healthyBytes.add(bytes);
      }
    } else {
      degraded.recordValue(micros);
      degradedBytes.add(bytes);
    }
    int second = (int) Math.min(bytesPerSecond.length() - 1, (endNanos - this.startNanos) / 1e9);
    bytesPerSecond.addAndGet(Math.max(0, second), bytes);
  }

  /** The healthy window, from the warm-up's end to the fault (or to {@code endNanos} when none). */
  DataNodeFaultResult.Window healthy(long endNanos) {
    long to = Math.min(faultNanos, endNanos);
    return window(healthy, healthyBytes.sum(), Math.max(0, to - healthyFromNanos) / 1e9);
  }

  /** The degraded window, from the fault to {@code endNanos}. */
  DataNodeFaultResult.Window degraded(long endNanos) {
    double seconds = faultNanos == Long.MAX_VALUE ? 0 : (endNanos - faultNanos) / 1e9;
    return window(degraded, degradedBytes.sum(), Math.max(0, seconds));
  }

  /** The pass's MiB/s in {@code second}. */
  double mibPerSec(int second) {
    return second < bytesPerSecond.length() ? bytesPerSecond.get(second) / 1048576.0 : 0;
  }

  private static DataNodeFaultResult.Window window(Histogram h, long bytes, double seconds) {
    long calls = h.getTotalCount();
    return new DataNodeFaultResult.Window(
        seconds,
        bytes,
        calls,
        calls == 0 ? 0 : h.getValueAtPercentile(50),
        calls == 0 ? 0 : h.getValueAtPercentile(99),
        calls == 0 ? 0 : h.getMaxValue());
  }
}
