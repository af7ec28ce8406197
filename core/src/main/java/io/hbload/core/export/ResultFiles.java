package io.hbload.core.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * How result files are written: into a private (0600) temp file beside the target, renamed over it only when
 * complete, so a failed or interrupted write never leaves a truncated or empty result where a good one was
 * expected, and other users of the host cannot read what a run echoes. Stateless.
 */
public final class ResultFiles {
  private ResultFiles() {
  }

  /**
   * Why a result file cannot be written at {@code target} (a directory, no such parent, no permission), or null
   * when it can: checked before a run or merge starts, so that its results are not lost at the end.
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

  /** A new private temp file in {@code target}'s directory, to be {@link #publish}ed or deleted. */
  public static Path temp(Path target) throws IOException {
    Path dir = target.toAbsolutePath().getParent();
    Path tmp;
    try {
      tmp = Files.createTempFile(dir, "." + target.getFileName(), ".partial",
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (UnsupportedOperationException notPosix) {
      tmp = Files.createTempFile(dir, "." + target.getFileName(), ".partial");
    }
    return tmp;
  }

  /** Moves a finished temp file over the target, atomically where the file system can. */
  public static void publish(Path temp, Path target) throws IOException {
    try {
      Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (java.nio.file.AtomicMoveNotSupportedException | FileAlreadyExistsException e) {
      Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** Writes a whole file through a temp file. */
  public static void write(Path target, Writer writer) throws IOException {
    Path tmp = temp(target);
    try {
      try (OutputStream out = Files.newOutputStream(tmp)) {
        writer.write(out);
      }
      publish(tmp, target);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /** Writes the content of a result file. */
  @FunctionalInterface
  public interface Writer {
    void write(OutputStream out) throws IOException;
  }
}
