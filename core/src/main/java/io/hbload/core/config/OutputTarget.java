package io.hbload.core.config;

import java.nio.file.Path;

/**
 * What is at an output name, and so how a result may reach it. hbload never replaces anything at an
 * output name that is not a regular file (issue 32 §1: renaming a result over {@code --json
 * /dev/null} replaced, as root, the machine's {@code /dev/null}). A regular file, or no file yet,
 * is {@link RenamedOnto}: a complete temp file is renamed onto it, at the end of the links when the
 * name is one, so the link stays. A character device, a FIFO, or a link through {@code
 * /proc/PID/fd/N} or {@code /dev/fd/N} ({@code /dev/stdout} is {@code /proc/self/fd/1}) is a stream
 * the user asked for: {@link WrittenThrough}. Anything else (a block device, a socket, a directory,
 * a dangling link, a link loop) is {@link Refused}.
 *
 * <p>In config, beside {@link OutputPaths} which refuses by it while options are parsed; export's
 * {@code ResultFile} writes by it, and checks again before it renames (what is at a name can change
 * during a run). Immutable.
 */
public sealed interface OutputTarget {
  /**
   * The sentence every output option's --help carries: which names are written through, which
   * refused.
   */
  String SPECIAL_FILES =
      "A FIFO, character device or /dev/stdout is written through; a socket, block device or"
          + " dangling link is refused.";

  /**
   * A regular file, or a name with nothing at it: written into a temp file beside {@code file} and
   * renamed onto it when complete. {@code file} is the name itself unless the name is a link: then
   * the link chain's end, with every directory in it resolved.
   */
  record RenamedOnto(Path file) implements OutputTarget {}

  /**
   * A stream: opened as it is, for writing, never created, truncated or renamed over. {@code
   * ownDescriptor} is 1 or 2 when {@code node} is this process's stdout or stderr (written where
   * the process's own output goes), else 0.
   */
  record WrittenThrough(Path node, int ownDescriptor) implements OutputTarget {}

  /** Neither a file nor a stream hbload writes to; {@code kind} says what it is: "a socket". */
  record Refused(String kind) implements OutputTarget {
    /** {@code cannot write NAME: not a regular file (KIND)}: bad input, one line. */
    public String message(Path name) {
      return "cannot write " + name + ": not a regular file (" + kind + ")";
    }
  }

  /**
   * What is at {@code name}, following its links one at a time as the kernel would. When part of
   * the way cannot be read (no such directory, no permission), {@link RenamedOnto} the name:
   * creating the temp file then fails with the real cause.
   */
  static OutputTarget of(Path name) {
    return LinkWalk.of(name);
  }
}
