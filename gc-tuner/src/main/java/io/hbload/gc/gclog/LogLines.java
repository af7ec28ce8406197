package io.hbload.gc.gclog;

import io.hbload.gc.InvalidInputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * A GC log's lines, streamed from the file each time they are walked: a rotated log of gigabytes is
 * read line by line, never held whole, and a line may not grow past a bound, so a file without
 * newlines, {@code /dev/zero} or a binary file is one line of bad input rather than an
 * OutOfMemoryError. Latin-1 decodes every byte, as JVMs write their logs in the platform charset.
 * (gc-tuner depends on no other hbload module, so this is not core's reader.)
 */
final class LogLines implements Iterable<String> {
  /** Longest line accepted; a GC log line is under 300 characters. */
  static final int MAX_LINE = 64 * 1024;

  private final Path file;

  LogLines(Path file) {
    this.file = file;
  }

  @Override
  public Iterator<String> iterator() {
    BufferedReader in;
    try {
      in =
          new BufferedReader(
              new InputStreamReader(Files.newInputStream(file), StandardCharsets.ISO_8859_1));
    } catch (IOException e) {
      throw unreadable(e);
    }
    return new Iterator<>() {
      private final StringBuilder line = new StringBuilder();
      private long number = 1;
      private String next = advance();

      @Override
      public boolean hasNext() {
        return next != null;
      }

      @Override
      public String next() {
        if (next == null) {
          throw new NoSuchElementException();
        }
        String out = next;
        next = advance();
        return out;
      }

      private String advance() {
        try {
          line.setLength(0);
          for (int c; (c = in.read()) != -1; ) {
            if (c == '\n') {
              number++;
              return line.toString();
            } else if (c == 0) {
              throw new InvalidInputException(
                  "--gc-log: "
                      + file
                      + " is not a GC log (line "
                      + number
                      + " holds a NUL byte: a binary file)");
            } else if (line.length() == MAX_LINE) {
              throw new InvalidInputException(
                  "--gc-log: "
                      + file
                      + " is not a GC log (line "
                      + number
                      + " is longer than "
                      + MAX_LINE
                      + " characters)");
            } else if (c != '\r') {
              line.append((char) c);
            }
          }
          in.close();
          return line.length() > 0 ? line.toString() : null;
        } catch (IOException e) {
          throw unreadable(e);
        }
      }
    };
  }

  private InvalidInputException unreadable(IOException e) {
    return new InvalidInputException(
        "--gc-log: cannot read "
            + file
            + ": "
            + e.getClass().getSimpleName()
            + (e.getMessage() == null ? "" : " " + e.getMessage()),
        new UncheckedIOException(e));
  }
}
