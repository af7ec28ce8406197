package io.hbload.core.trace;

import io.airlift.compress.zstd.ZstdInputStream;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * A trace file opened as a stream of lines, decompressed on the fly by its name's ending: {@code
 * .gz} (the JDK's gzip), {@code .zst} (aircompressor's pure-Java zstd, the library Hadoop and Trino
 * use), anything else as plain text. Nothing is read ahead beyond the buffers, so a trace of any
 * size is read in bounded memory.
 */
public final class TraceInput {
  private static final int BUFFER = 1 << 16;

  private TraceInput() {}

  /**
   * Opens {@code file} for reading its lines.
   *
   * @throws TraceException when it cannot be opened or is not in its compression's format
   */
  public static BufferedReader open(Path file) {
    if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
      throw new TraceException(
          "cannot read trace "
              + file
              + (Files.exists(file) ? ": not a readable file" : ": no such file"));
    }
    InputStream in = null;
    try {
      in = new BufferedInputStream(Files.newInputStream(file), BUFFER);
      String name = file.getFileName().toString();
      if (name.endsWith(".gz")) {
        in = new GZIPInputStream(in, BUFFER);
      } else if (name.endsWith(".zst")) {
        in = new BufferedInputStream(new ZstdInputStream(in), BUFFER);
      }
      return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), BUFFER);
    } catch (IOException | RuntimeException e) {
      closeQuietly(in);
      throw new TraceException("cannot read trace " + file + ": " + message(e), e);
    }
  }

  /** The file's name without a compression ending. */
  static String baseName(Path file) {
    String name = file.getFileName().toString();
    if (name.endsWith(".gz")) {
      return name.substring(0, name.length() - 3);
    }
    return name.endsWith(".zst") ? name.substring(0, name.length() - 4) : name;
  }

  static String message(Throwable e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  private static void closeQuietly(InputStream in) {
    if (in != null) {
      try {
        in.close();
      } catch (IOException ignored) {
        // already failing: the first error is the one to report
      }
    }
  }
}
