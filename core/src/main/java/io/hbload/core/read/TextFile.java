package io.hbload.core.read;

import io.hbload.core.config.SpecException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a text file hbload wrote, line by line, without trusting it: the file is streamed, never
 * read whole, and a line may not grow past a bound, so that a multi-gigabyte file, {@code
 * /dev/zero} or a file without newlines is one line of bad input instead of an OutOfMemoryError. A
 * NUL character (a binary file) or bytes that are not UTF-8 are bad input too. Every problem is a
 * {@link SpecException} naming the file and the line. Stateless.
 */
public final class TextFile {
  private TextFile() {}

  /** What is done with each line; the line number counts from 1. */
  @FunctionalInterface
  public interface LineHandler {
    void line(long number, String text);
  }

  /** Hands each line (without its line terminator) to {@code handler}, in order. */
  public static void forEachLine(Path path, int maxLineChars, LineHandler handler) {
    CharsetDecoder utf8 =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    long number = 1;
    try (Reader in = new InputStreamReader(Files.newInputStream(path), utf8)) {
      char[] buffer = new char[8192];
      StringBuilder line = new StringBuilder();
      for (int n; (n = in.read(buffer)) != -1; ) {
        for (int i = 0; i < n; i++) {
          char c = buffer[i];
          if (c == '\n') {
            int end =
                line.length() > 0 && line.charAt(line.length() - 1) == '\r'
                    ? line.length() - 1
                    : line.length();
            handler.line(number++, line.substring(0, end));
            line.setLength(0);
          } else if (c == 0) {
            throw bad(path, number, "a NUL character: a binary file, not text");
          } else if (line.length() == maxLineChars) {
            throw bad(path, number, "longer than " + maxLineChars + " characters");
          } else {
            line.append(c);
          }
        }
      }
      if (line.length() > 0) {
        handler.line(number, line.toString());
      }
    } catch (CharacterCodingException e) {
      throw bad(path, number, "not UTF-8 text");
    } catch (IOException e) {
      throw new SpecException(path + ": cannot read (" + e.getMessage() + ")");
    }
  }

  /** Bad input at a line of a file. */
  public static SpecException bad(Path path, long line, String why) {
    return new SpecException(path + " line " + line + ": " + why);
  }
}
