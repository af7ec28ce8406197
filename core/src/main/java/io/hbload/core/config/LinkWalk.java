package io.hbload.core.config;

import io.hbload.core.config.OutputTarget.Refused;
import io.hbload.core.config.OutputTarget.RenamedOnto;
import io.hbload.core.config.OutputTarget.WrittenThrough;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the {@link OutputTarget} at a name by following its links one at a time, so that each step
 * can be judged: a chain that passes through a process's descriptor ({@code /dev/stdout}) stops
 * there, because the kernel resolves that link by itself ({@code pipe:[123]} is no path).
 * Stateless.
 */
final class LinkWalk {
  /** Linux's MAXSYMLINKS: a longer chain is a loop to the kernel too. */
  private static final int MAX_LINKS = 40;

  // the file type bits of unix:mode, as in stat(2)
  private static final int S_IFMT = 0170000;
  private static final int S_IFCHR = 0020000;
  private static final int S_IFIFO = 0010000;
  private static final int S_IFBLK = 0060000;
  private static final int S_IFSOCK = 0140000;

  /**
   * A descriptor's name once its directory is resolved: {@code /proc/self/fd/N} reads as {@code
   * /proc/PID/fd/N}, {@code /proc/thread-self/fd/N} as {@code /proc/PID/task/TID/fd/N}, and {@code
   * /dev/fd/N} stays itself only where {@code /dev/fd} is a directory of its own (BSD's fdescfs).
   */
  private static final Pattern DESCRIPTOR =
      Pattern.compile("/proc/(\\d+)(?:/task/\\d+)?/fd/(\\d+)|/dev/fd/(\\d+)");

  private LinkWalk() {}

  static OutputTarget of(Path name) {
    Path at = name;
    for (int links = 0; links <= MAX_LINKS; links++) {
      boolean first = links == 0;
      Path node;
      try {
        node = withRealDirectory(at);
      } catch (IOException e) {
        return first ? new RenamedOnto(name) : new Refused("a dangling link");
      }
      OutputTarget descriptor = descriptor(node);
      if (descriptor != null) {
        return descriptor;
      }
      BasicFileAttributes attributes;
      try {
        attributes =
            Files.readAttributes(node, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      } catch (NoSuchFileException e) {
        return first ? new RenamedOnto(name) : new Refused("a dangling link");
      } catch (IOException e) {
        return new RenamedOnto(first ? name : node);
      }
      if (attributes.isSymbolicLink()) {
        try {
          at = node.resolveSibling(Files.readSymbolicLink(node));
        } catch (IOException e) {
          return new Refused("a link that cannot be read");
        }
      } else if (attributes.isRegularFile()) {
        // the name as given when it is no link: a result's messages and temp file stay as before
        return new RenamedOnto(first ? name : node);
      } else if (attributes.isDirectory()) {
        return new Refused("a directory");
      } else {
        return special(node);
      }
    }
    return new Refused("a link loop");
  }

  /**
   * {@code at} with its directory's links resolved (its own name untouched): a relative link is
   * followed from where it really lies, and {@code /dev/fd/1} is seen as {@code /proc/PID/fd/1}.
   */
  private static Path withRealDirectory(Path at) throws IOException {
    Path absolute = at.toAbsolutePath();
    Path dir = absolute.getParent();
    return dir == null ? absolute : dir.toRealPath().resolve(absolute.getFileName().toString());
  }

  /**
   * What a descriptor's name leads to: this process's stdout or stderr, another open descriptor
   * (written through by its name), or one not open; null when {@code node} names no descriptor.
   */
  private static OutputTarget descriptor(Path node) {
    if (node.getFileSystem() != FileSystems.getDefault()) {
      return null;
    }
    Matcher m = DESCRIPTOR.matcher(node.toString());
    if (!m.matches()) {
      return null;
    } else if (!Files.exists(node, LinkOption.NOFOLLOW_LINKS)) {
      return new Refused("a file descriptor that is not open");
    }
    boolean own = m.group(3) != null || Long.parseLong(m.group(1)) == ProcessHandle.current().pid();
    int fd = Integer.parseInt(m.group(3) != null ? m.group(3) : m.group(2));
    if (own && (fd == 1 || fd == 2)) {
      return new WrittenThrough(node, fd);
    } else if (Files.isDirectory(node)) {
      return new Refused("a directory");
    }
    return new WrittenThrough(node, 0);
  }

  /** A node that is neither a regular file, a directory nor a link, by its file type. */
  private static OutputTarget special(Path node) {
    int type;
    try {
      type = (Integer) Files.getAttribute(node, "unix:mode", LinkOption.NOFOLLOW_LINKS) & S_IFMT;
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return new Refused("a special file"); // a file system that does not say which
    }
    return switch (type) {
      case S_IFCHR, S_IFIFO -> new WrittenThrough(node, 0);
      case S_IFBLK -> new Refused("a block device");
      case S_IFSOCK -> new Refused("a socket");
      default -> new Refused("a special file");
    };
  }
}
