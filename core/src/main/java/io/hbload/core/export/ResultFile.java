package io.hbload.core.export;

import io.hbload.core.config.OutputTarget;
import io.hbload.core.config.OutputTarget.Refused;
import io.hbload.core.config.OutputTarget.RenamedOnto;
import io.hbload.core.config.OutputTarget.WrittenThrough;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.function.Supplier;

/**
 * One result file on its way to its name: a private (0600) temp file beside the target, created
 * with this object so that a directory hbload cannot write to is found before a run, not after it;
 * {@link #publish} renames it over the target only when every byte reached it, so a failed write
 * never leaves an empty or truncated result under the final name. Writes go through a stream that
 * keeps the first {@link IOException}, because the writers of hbload's formats (a {@link
 * java.io.PrintStream}, HdrHistogram's {@code HistogramLogWriter}) swallow it: without this, a full
 * disk published a 0-byte file and the run exited 0. Every failure is an IOException whose one-line
 * message names the target and the cause. {@link #close} deletes the temp file unless it was
 * published.
 *
 * <p>Only a regular file, or a name with nothing at it, is replaced this way; what is at the name
 * decides ({@link OutputTarget}). A link to a regular file is published onto the link's end, so the
 * link stays. A stream the user named (a FIFO, a character device such as {@code /dev/null}, {@code
 * /dev/stdout}) is written through: opened as it is when this object is created, never created,
 * truncated or renamed over; a FIFO's open waits for its reader then, as a shell's {@code > fifo}
 * does. A stream gets the bytes as they are written (through the buffer), so a failed write still
 * fails, naming the target, but what reached the stream before it cannot be taken back. Anything
 * else at the name (a socket, a block device, a dangling link) is refused.
 *
 * <p>Not thread-safe: one writer at a time. The stream is buffered; nothing here allocates per
 * write.
 */
public final class ResultFile implements AutoCloseable {
  private static final String TEMP_SUFFIX = ".partial";
  private final Path target;

  /** Where the temp file is renamed to: the target, or the end of its links; null for a stream. */
  private final Path destination;

  /** Null when the target is written through. */
  private final Path temp;

  private final FailureKeepingStream out;
  private boolean published;

  private ResultFile(Path target, Path destination, Path temp, OutputStream file) {
    this.target = target;
    this.destination = destination;
    this.temp = temp;
    this.out = new FailureKeepingStream(new BufferedOutputStream(file, 64 * 1024));
  }

  /**
   * Creates the temp file beside {@code target} (or the end of its links) now, or opens the stream
   * {@code target} names; IOException naming {@code target} when it cannot, or when what is there
   * is neither.
   */
  public static ResultFile create(Path target) throws IOException {
    OutputTarget at = OutputTarget.of(target);
    if (at instanceof Refused refused) {
      throw new IOException(refused.message(target));
    } else if (at instanceof WrittenThrough stream) {
      return writeThrough(target, stream);
    }
    Path destination = ((RenamedOnto) at).file();
    Path dir = destination.toAbsolutePath().getParent();
    if (dir == null) {
      throw new IOException("cannot write " + target + ": it has no directory");
    }
    Path temp;
    try {
      try {
        temp =
            Files.createTempFile(
                dir,
                "." + destination.getFileName(),
                TEMP_SUFFIX,
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      } catch (UnsupportedOperationException notPosix) {
        temp = Files.createTempFile(dir, "." + destination.getFileName(), TEMP_SUFFIX);
      }
    } catch (IOException e) {
      throw failed(target, e);
    }
    if (temp.getFileSystem() == FileSystems.getDefault()) {
      // Ctrl-C ends the JVM without the command thread's finally blocks. The JVM runs its
      // delete-on-exit list after the application's hooks, which wait for a report to be
      // published, so this removes only a temp file that never became a result.
      temp.toFile().deleteOnExit();
    }
    try {
      return new ResultFile(target, destination, temp, Files.newOutputStream(temp));
    } catch (IOException e) {
      Files.deleteIfExists(temp);
      throw failed(target, e);
    }
  }

  /**
   * Opens the stream for writing as it is: no CREATE (it exists), no TRUNCATE (a device has no
   * length to cut, and a descriptor's file is someone else's), APPEND (after what the file behind a
   * descriptor holds, not over it). This process's stdout and stderr are not opened again: the
   * bytes go to its descriptor, where (and at the offset) the process's own output goes.
   */
  private static ResultFile writeThrough(Path target, WrittenThrough stream) throws IOException {
    OutputStream sink;
    if (stream.ownDescriptor() == 1) {
      sink = new OwnDescriptorStream(FileDescriptor.out, () -> System.out);
    } else if (stream.ownDescriptor() == 2) {
      sink = new OwnDescriptorStream(FileDescriptor.err, () -> System.err);
    } else {
      try {
        sink =
            Files.newOutputStream(
                stream.node(), StandardOpenOption.WRITE, StandardOpenOption.APPEND);
      } catch (IOException e) {
        throw failed(target, e);
      }
    }
    return new ResultFile(target, null, null, sink);
  }

  /**
   * True when {@code file} is named as a result's temp file ({@code .NAME*.partial}): this
   * command's, or one a killed process left. Nobody's result, so not a reason to call a directory
   * in use.
   */
  public static boolean isTemp(Path file) {
    String name = file.getFileName().toString();
    return name.startsWith(".") && name.endsWith(TEMP_SUFFIX);
  }

  /** The file this becomes when published. */
  public Path target() {
    return target;
  }

  /**
   * The temp file's content. A write that fails throws here as any stream's does, and is also kept,
   * so that {@link #publish} refuses the file even when a writer in between swallowed the
   * exception.
   */
  public OutputStream output() {
    return out;
  }

  /**
   * True once a write failed: what is in the temp file is not the result and will not be published.
   */
  public boolean failed() {
    return out.failure != null;
  }

  /**
   * Flushes and closes the content, then moves it over the target, atomically where the file system
   * can (a stream is only flushed). When any write failed, or the move does, the temp file is
   * deleted and nothing is left under the target's name.
   */
  public void publish() throws IOException {
    if (published) {
      throw new IllegalStateException(target + " is already published");
    }
    try {
      out.close();
      if (out.failure != null) {
        throw out.failure;
      }
      if (temp != null) {
        move();
      }
      published = true;
    } catch (IOException e) {
      if (temp != null) {
        Files.deleteIfExists(temp);
      }
      throw failed(target, e);
    }
  }

  /** Writes the whole content, then {@link #publish}es it. */
  public void write(ResultFiles.Writer writer) throws IOException {
    try {
      writer.write(out);
    } catch (IOException e) {
      close();
      // the stream's own failure says why (no space left); the writer's may only say that it failed
      IOException cause = out.failure != null ? out.failure : e;
      IOException failure = failed(target, cause);
      if (cause != e) {
        failure.addSuppressed(e);
      }
      throw failure;
    }
    publish();
  }

  /**
   * Renames the temp file onto its destination, after looking once more at what is there: a run
   * takes minutes, and a regular file that became a FIFO or a link meanwhile is not replaced
   * either. (What changes between this look and the rename, a system call later, rename(2) cannot
   * tell.)
   */
  private void move() throws IOException {
    OutputTarget now = OutputTarget.of(destination);
    if (now instanceof Refused refused) {
      throw new IOException(refused.message(target));
    } else if (!now.equals(new RenamedOnto(destination))) {
      throw new IOException(
          "cannot write " + target + ": " + destination + " is no longer a regular file");
    }
    try {
      Files.move(
          temp, destination, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException | FileAlreadyExistsException e) {
      Files.move(temp, destination, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /**
   * Deletes the temp file unless it was published: a result that is not complete is not left
   * behind.
   */
  @Override
  public void close() throws IOException {
    if (published) {
      return;
    }
    try {
      out.close();
    } catch (IOException ignored) {
      // the content is being thrown away; only the file's removal matters
    } finally {
      if (temp != null) {
        Files.deleteIfExists(temp);
      }
    }
  }

  /** {@code cannot write <target>: <cause>}, one line, unless {@code e} already says so. */
  static IOException failed(Path target, IOException e) {
    String prefix = "cannot write " + target + ": ";
    if (e.getMessage() != null && e.getMessage().startsWith(prefix)) {
      return e;
    }
    return new IOException(prefix + cause(e), e);
  }

  /**
   * The cause in words: a file system exception's message is the path of the temp file, not why.
   */
  public static String cause(IOException e) {
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    } else if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    } else if (e instanceof FileSystemException fse && fse.getReason() != null) {
      return fse.getReason();
    }
    String m = e.getMessage();
    return m == null || m.isBlank()
        ? e.getClass().getSimpleName()
        : m.lines().findFirst().orElse(m).strip();
  }

  /**
   * This process's stdout or stderr, shared with its own output: the {@link PrintStream} over the
   * descriptor ({@code System.out}) is flushed before each write, so what the process printed comes
   * first, and closing leaves the descriptor open, because the process still owns it.
   */
  private static final class OwnDescriptorStream extends OutputStream {
    private final FileOutputStream descriptor;
    private final Supplier<PrintStream> own;

    OwnDescriptorStream(FileDescriptor descriptor, Supplier<PrintStream> own) {
      this.descriptor = new FileOutputStream(descriptor);
      this.own = own;
    }

    @Override
    public void write(int b) throws IOException {
      own.get().flush();
      descriptor.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      own.get().flush();
      descriptor.write(b, off, len);
    }

    @Override
    public void close() {
      // the descriptor is the process's: nothing is buffered here, and it stays open
    }
  }

  /**
   * Passes every write on and keeps the first failure; once a write failed, later ones fail at once
   * without touching the file, whose content is lost anyway.
   */
  private static final class FailureKeepingStream extends FilterOutputStream {
    private IOException failure;
    private boolean closed;

    FailureKeepingStream(OutputStream out) {
      super(out);
    }

    @Override
    public void write(int b) throws IOException {
      check();
      try {
        out.write(b);
      } catch (IOException e) {
        throw keep(e);
      }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      check();
      try {
        out.write(b, off, len);
      } catch (IOException e) {
        throw keep(e);
      }
    }

    @Override
    public void flush() throws IOException {
      check();
      try {
        out.flush();
      } catch (IOException e) {
        throw keep(e);
      }
    }

    /** Closing flushes the buffer: the last bytes can be the ones that do not fit. */
    @Override
    public void close() throws IOException {
      if (closed) {
        return;
      }
      closed = true;
      try {
        out.close();
      } catch (IOException e) {
        throw keep(e);
      }
    }

    private void check() throws IOException {
      if (failure != null) {
        throw failure;
      } else if (closed) {
        throw new IOException("stream closed");
      }
    }

    private IOException keep(IOException e) {
      if (failure == null) {
        failure = e;
      }
      return e;
    }
  }
}
