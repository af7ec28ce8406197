package io.hbload.gc.gclog;

import java.nio.file.Path;
import java.util.List;

/**
 * What {@link GcLogReader} found in one file. Immutable, thread-safe.
 *
 * @param file the log
 * @param format which JVM wrote it
 * @param regionBytes G1 region size (0 for JDK 8 logs, which print Eden in bytes directly)
 * @param pauses young (Normal) pauses with their Eden size, in log order
 * @param skipped young pauses left out: mixed, concurrent start / initial-mark, to-space exhausted
 *     or evacuation failure, or missing their Eden line
 */
public record GcLog(
    Path file, Format format, long regionBytes, List<YoungPause> pauses, int skipped) {
  public GcLog {
    pauses = List.copyOf(pauses);
  }

  /** The two log dialects the reader understands. */
  public enum Format {
    /** JDK 9+ {@code -Xlog:gc*} (JEP 271). */
    UNIFIED,
    /** JDK 8 {@code -XX:+PrintGCDetails}. */
    JDK8_PRINT_GC_DETAILS
  }
}
