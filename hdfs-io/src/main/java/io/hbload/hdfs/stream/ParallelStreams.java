package io.hbload.hdfs.stream;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * Runs one task per file on T worker threads, each with its own {@link FileStreams}; workers take
 * the next file index from a shared counter so a slow file does not idle the others.
 *
 * <p>Stateless; each {@link #run} call owns its threads and joins them before returning.
 */
public final class ParallelStreams {
  /** Work on one file. */
  @FunctionalInterface
  public interface FileTask {
    FileResult run(FileStreams streams, int file) throws IOException;
  }

  private ParallelStreams() {}

  /** Runs {@code task} for files 0..files-1; the first failure stops the others and is rethrown. */
  public static List<FileResult> run(
      DistributedFileSystem fs, int files, int threads, int bufferBytes, FileTask task)
      throws IOException {
    return run(fs, files, threads, bufferBytes, PassProgress.silent(), task);
  }

  /** As above, the streams counting what they move into {@code progress}. */
  public static List<FileResult> run(
      DistributedFileSystem fs,
      int files,
      int threads,
      int bufferBytes,
      PassProgress progress,
      FileTask task)
      throws IOException {
    return run(fs, files, threads, bufferBytes, progress, CallTimer.NONE, () -> true, task);
  }

  /**
   * As above, timing every call with {@code timer}, and taking the next task only while {@code
   * more} says so: a timed pass gives a large {@code files} and stops its workers at a deadline.
   */
  public static List<FileResult> run(
      DistributedFileSystem fs,
      int files,
      int threads,
      int bufferBytes,
      PassProgress progress,
      CallTimer timer,
      BooleanSupplier more,
      FileTask task)
      throws IOException {
    AtomicInteger next = new AtomicInteger();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<FileResult> results = Collections.synchronizedList(new ArrayList<>());
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < Math.min(threads, files); t++) {
      Thread worker =
          new Thread(
              () -> {
                FileStreams streams = new FileStreams(fs, bufferBytes, progress, timer);
                int file;
                while (failure.get() == null
                    && more.getAsBoolean()
                    && (file = next.getAndIncrement()) < files) {
                  try {
                    results.add(task.run(streams, file));
                  } catch (IOException | RuntimeException | Error e) {
                    failure.compareAndSet(null, e);
                  }
                }
              },
              "hbload-dfsio-" + t);
      worker.setDaemon(true);
      workers.add(worker);
      worker.start();
    }
    for (Thread worker : workers) {
      try {
        worker.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted", e);
      }
    }
    Throwable e = failure.get();
    if (e instanceof IOException) {
      throw (IOException) e;
    } else if (e instanceof RuntimeException) {
      throw (RuntimeException) e;
    } else if (e != null) {
      throw (Error) e;
    }
    List<FileResult> sorted = new ArrayList<>(results);
    sorted.sort((a, b) -> Integer.compare(a.file(), b.file()));
    return sorted;
  }
}
