package io.hbload.core.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;

/**
 * The check every output path a user names goes through while the options are parsed, before
 * anything starts. In config, not with the writers in export, because the parsers call it and the
 * writers need nothing from it. Stateless.
 */
public final class OutputPaths {
  private OutputPaths() {}

  /**
   * Why a result file cannot be written at {@code target} (a directory, no such parent, no
   * permission, something there that is neither a regular file nor a stream: {@link OutputTarget}),
   * or null when it can: checked before a run or merge starts, so that its results are not lost at
   * the end. It creates and opens nothing (bad input must leave the directory as it was, and
   * opening a FIFO would wait for its reader); export's {@code ResultFile}, created before the run
   * starts (as the launcher does), finds what the permission bits cannot tell (root, a read-only or
   * special file system).
   */
  public static String problem(Path target) {
    Path dir = target.toAbsolutePath().getParent();
    if (Files.isDirectory(target)) {
      return "cannot write " + target + ": it is a directory";
    } else if (dir == null || !Files.isDirectory(dir)) {
      return "cannot write " + target + ": directory " + dir + " does not exist";
    }
    OutputTarget at = OutputTarget.of(target);
    if (at instanceof OutputTarget.Refused refused) {
      return refused.message(target);
    } else if (at instanceof OutputTarget.WrittenThrough stream) {
      // this process's stdout and stderr are written as they are, whatever access(2) says of them
      return stream.ownDescriptor() != 0 || Files.isWritable(stream.node())
          ? null
          : "cannot write " + target + ": permission denied";
    }
    Path file = ((OutputTarget.RenamedOnto) at).file();
    Path fileDir = file.toAbsolutePath().getParent();
    if (fileDir == null
        || !Files.isWritable(fileDir)
        || Files.exists(file) && !Files.isWritable(file)) {
      return "cannot write " + target + ": permission denied";
    }
    return null;
  }

  /**
   * Why {@code target} cannot be an output of a command that reads {@code inputs} (it is one of
   * them, by any path or link), or null: hbload never overwrites what it reads, which the user
   * owns.
   */
  public static String clash(Path target, Collection<Path> inputs) {
    for (Path in : inputs) {
      if (same(target, in)) {
        return "cannot write "
            + target
            + ": it is also an input ("
            + in
            + "); hbload never overwrites its inputs";
      }
    }
    return null;
  }

  /**
   * True when {@code a} and {@code b} are one file: by the file system when both exist (a link, a
   * second name), else by their absolute normalised names.
   */
  public static boolean same(Path a, Path b) {
    try {
      if (Files.exists(a) && Files.exists(b)) {
        return Files.isSameFile(a, b);
      }
    } catch (IOException e) {
      // not comparable by the file system: compare the names
    }
    return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
  }
}
