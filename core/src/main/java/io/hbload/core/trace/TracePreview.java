package io.hbload.core.trace;

import java.io.BufferedReader;
import java.io.IOException;

/**
 * The check a trace gets before a replay starts: it opens (and decompresses), holds a record, and
 * its first {@link #LINES} lines parse. Reading a whole trace first would cost as much as the
 * replay's own reading (a trace may be larger than memory, compressed, hours long), so a damaged
 * line further on is found by the replay, which stops there.
 */
public final class TracePreview {
  /** Lines read before the replay starts. */
  public static final int LINES = 1000;

  private TracePreview() {}

  /**
   * @throws TraceException naming the file (and line) when the trace cannot be replayed
   */
  public static void check(TraceSpec spec) {
    String file = spec.file().toString();
    TraceRecord r = new TraceRecord();
    long records = 0;
    try (BufferedReader in = TraceInput.open(spec.file())) {
      long n = 0;
      for (String line = in.readLine(); line != null && n < LINES; line = in.readLine()) {
        n++;
        try {
          if (spec.format().read(line, r)) {
            records++;
          }
        } catch (IllegalArgumentException e) {
          throw TraceException.at(
              file, n, e.getMessage() + " (" + spec.format().lowerName() + " format)");
        }
      }
    } catch (TraceException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      // a compressed file that is not in its format (aircompressor's errors are unchecked)
      throw new TraceException("cannot read trace " + file + ": " + TraceInput.message(e), e);
    }
    if (records == 0) {
      throw new TraceException(
          "trace " + file + " holds no records in its first " + LINES + " lines");
    }
  }
}
