package io.hbload.core.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * How result files are written: each through a {@link ResultFile}, a private (0600) temp file
 * beside the target, renamed over it only when complete, so a failed or interrupted write never
 * leaves a truncated or empty result where a good one was expected, and other users of the host
 * cannot read what a run echoes. Stateless.
 */
public final class ResultFiles {
  private ResultFiles() {}

  /**
   * Writes a whole file through a temp file; an IOException whose message names {@code target} and
   * the cause when any byte could not be written, and then nothing under {@code target}'s name.
   */
  public static void write(Path target, Writer writer) throws IOException {
    try (ResultFile file = ResultFile.create(target)) {
      file.write(writer);
    }
  }

  /**
   * Appends to {@code target} (a log that grows run after run, as TestDFSIO's) the same way: the
   * old content and the new are written to a temp file that replaces {@code target} only when
   * complete, so a failed write leaves the log as it was, never half a record.
   */
  public static void append(Path target, Writer writer) throws IOException {
    write(
        target,
        out -> {
          if (java.nio.file.Files.isRegularFile(target)) {
            java.nio.file.Files.copy(target, out);
          }
          writer.write(out);
        });
  }

  /** Writes the content of a result file. */
  @FunctionalInterface
  public interface Writer {
    void write(OutputStream out) throws IOException;
  }
}
