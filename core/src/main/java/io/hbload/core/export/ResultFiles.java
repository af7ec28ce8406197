package io.hbload.core.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How result files are written: each through a {@link ResultFile}, a private (0600) temp file beside the target,
 * renamed over it only when complete, so a failed or interrupted write never leaves a truncated or empty result
 * where a good one was expected, and other users of the host cannot read what a run echoes. Stateless.
 */
public final class ResultFiles {
  private ResultFiles() {
  }

  /**
   * Why a result file cannot be written at {@code target} (a directory, no such parent, no permission), or null
   * when it can: checked before a run or merge starts, so that its results are not lost at the end. It creates
   * nothing (bad input must leave the directory as it was); a {@link ResultFile} created before the run (as the
   * launcher does) finds what the permission bits cannot tell (root, a read-only or special file system).
   */
  public static String problem(Path target) {
    Path dir = target.toAbsolutePath().getParent();
    if (Files.isDirectory(target)) {
      return "cannot write " + target + ": it is a directory";
    } else if (dir == null || !Files.isDirectory(dir)) {
      return "cannot write " + target + ": directory " + dir + " does not exist";
    } else if (!Files.isWritable(dir) || Files.exists(target) && !Files.isWritable(target)) {
      return "cannot write " + target + ": permission denied";
    }
    return null;
  }

  /**
   * Writes a whole file through a temp file; an IOException whose message names {@code target} and the cause when
   * any byte could not be written, and then nothing under {@code target}'s name.
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
