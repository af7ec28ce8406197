package io.hbload.core.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * How result files are written: each through a {@link ResultFile}, a private (0600) temp file
 * beside the target, renamed over it only when complete, so a failed or interrupted write never
 * leaves a truncated or empty result where a good one was expected, and other users of the host
 * cannot read what a run echoes. A stream named as the target (a FIFO, {@code /dev/null}, {@code
 * /dev/stdout}) is written through instead, and nothing else that is not a regular file is ever
 * replaced: see {@link ResultFile}. Stateless.
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

  /** Writes the content of a result file. */
  @FunctionalInterface
  public interface Writer {
    void write(OutputStream out) throws IOException;
  }
}
