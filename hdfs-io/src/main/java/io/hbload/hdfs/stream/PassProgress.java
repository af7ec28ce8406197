package io.hbload.hdfs.stream;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * Progress of one dfsio pass, so that a long write or read is not silent until its table: the
 * streams add the bytes they move, a daemon thread prints one line per interval with files and
 * bytes done, the rate over the last interval and an estimate of what is left at the rate of the
 * pass so far. Bytes are counted per buffer (a {@link LongAdder} add, nothing allocated); the line
 * is built off the streams' threads.
 */
public final class PassProgress implements AutoCloseable {
  private final LongAdder bytes = new LongAdder();
  private final AtomicInteger files = new AtomicInteger();
  private final String pass;
  private final int totalFiles;
  private final long totalBytes;
  private final Consumer<String> out;
  private final long startNanos = System.nanoTime();
  private final Thread reporter;

  /**
   * Starts reporting every {@code every} (zero or negative: never, for callers that report
   * otherwise, such as a MapReduce task's status).
   */
  public PassProgress(
      String pass, int totalFiles, long totalBytes, Duration every, Consumer<String> out) {
    this.pass = pass;
    this.totalFiles = totalFiles;
    this.totalBytes = totalBytes;
    this.out = out;
    if (every.isZero() || every.isNegative()) {
      reporter = null;
      return;
    }
    reporter = new Thread(() -> report(every.toNanos()), "hbload-dfsio-progress");
    reporter.setDaemon(true);
    reporter.start();
  }

  /** Never reports; counts only. */
  public static PassProgress silent() {
    return new PassProgress("", 0, 0, Duration.ZERO, line -> {});
  }

  /** Bytes a stream moved (written or read). */
  void moved(int n) {
    bytes.add(n);
  }

  /** A file finished. */
  void fileDone() {
    files.incrementAndGet();
  }

  private void report(long everyNanos) {
    long previous = 0;
    long previousNanos = startNanos;
    while (true) {
      try {
        TimeUnit.NANOSECONDS.sleep(everyNanos);
      } catch (InterruptedException e) {
        return; // closed: the pass ended
      }
      long now = System.nanoTime();
      long done = bytes.sum();
      out.accept(line(done, files.get(), now - startNanos, done - previous, now - previousNanos));
      previous = done;
      previousNanos = now;
    }
  }

  String line(long done, int filesDone, long elapsedNanos, long intervalBytes, long intervalNanos) {
    double mib = 1024.0 * 1024.0;
    double seconds = elapsedNanos / 1e9;
    StringBuilder line =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "hbload dfsio: %s %d of %d files, %,.0f of %,.0f MiB (%.0f %%) in %.1f s, %,.1f MiB/s now",
                pass,
                filesDone,
                totalFiles,
                done / mib,
                totalBytes / mib,
                100.0 * done / Math.max(1, totalBytes),
                seconds,
                intervalNanos > 0 ? intervalBytes / mib / (intervalNanos / 1e9) : 0));
    if (done > 0 && done < totalBytes) {
      line.append(
          String.format(
              Locale.ROOT, ", about %.0f s left", (totalBytes - done) / (done / seconds)));
    }
    return line.toString();
  }

  @Override
  public void close() {
    if (reporter != null) {
      reporter.interrupt();
      try {
        reporter.join(1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
