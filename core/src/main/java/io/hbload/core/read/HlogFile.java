package io.hbload.core.read;

import io.hbload.core.config.SpecException;
import io.hbload.core.export.HlogWriter;
import io.hbload.core.export.RunMetadata;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * An {@code .hlog} hbload wrote, checked line by line before anything is taken from it: a shard's
 * log ({@code --hlog}, with its run metadata, see {@link RunMetadata}) or a merged one ({@code
 * merge --hlog}). Every interval line must parse, with finite, non-negative times inside the run's
 * window and a histogram that decodes; every metadata number must be a number; a measurement whose
 * calls returned OK must have latencies, and never more than its Return counts. HdrHistogram's own
 * reader skips a line it cannot parse, which is how a damaged timestamp once became a report of 0
 * operations with NaN averages; here it is bad input naming the file and the line. The intervals
 * are not kept: they are read again, streaming, by {@link #forEachInterval}, so a long run's log
 * never has to fit in memory. Immutable.
 */
public final class HlogFile {
  /**
   * Longest line accepted: an encoded interval histogram is a few kilobytes, a metadata line less.
   */
  static final int MAX_LINE = 1 << 20;

  /** Most metadata lines accepted (a run writes one per property, Return status and collector). */
  private static final int MAX_META = 100_000;

  /**
   * How far past the end of its phase a shard's interval may reach (a stopping phase's last calls,
   * clock steps).
   */
  private static final long SLACK_MILLIS = 600_000;

  private static final String UNITS = "#UNITS: nanoseconds (Max column in milliseconds)";

  private final Path path;
  private final Map<String, String> meta;
  private final long baseMillis;
  private final Map<String, Long> counts;

  /** One interval histogram, with absolute wall-clock times. */
  public record Interval(String tag, long startMillis, long endMillis, Histogram histogram) {}

  private HlogFile(Path path, Map<String, String> meta, long baseMillis, Map<String, Long> counts) {
    this.path = path;
    this.meta = meta;
    this.baseMillis = baseMillis;
    this.counts = counts;
  }

  /**
   * Reads and checks a log: a shard's or, with {@code mergedAllowed}, one written by {@code hbload
   * merge}.
   */
  public static HlogFile read(Path path, boolean mergedAllowed) {
    Scan scan = new Scan(path);
    TextFile.forEachLine(path, MAX_LINE, scan::line);
    if (scan.metaLines == 0) { // an empty file
      throw notHbload(path);
    }
    boolean merged = scan.meta.containsKey("merged") && !scan.meta.containsKey("format");
    if (merged && !mergedAllowed) {
      throw new SpecException(path + ": a merged log; give the shards' own logs");
    }
    if (!merged && !RunMetadata.FORMAT.equals(scan.meta.get("format"))) {
      throw notHbload(path);
    }
    if (!scan.units) {
      throw new SpecException(
          path + ": values are not in nanoseconds (no '#UNITS: nanoseconds' line)");
    }
    HlogFile log =
        new HlogFile(path, Map.copyOf(scan.meta), scan.baseMillis, Map.copyOf(scan.counts));
    if (!merged) {
      log.checkShard(scan.lastEndMillis, scan.lastEndLine);
    }
    return log;
  }

  public Path path() {
    return path;
  }

  /** The run metadata (empty but for {@code merged} in a merged log). */
  public Map<String, String> meta() {
    return meta;
  }

  public boolean merged() {
    return !meta.containsKey("format");
  }

  /** When a shard's measured phase ended, wall clock. */
  public long endEpochMillis() {
    return number("startEpochMillis") + number("runtimeMillis");
  }

  /**
   * When the measured phase started: its metadata, or for a merged log the log's start time (the
   * merged run's).
   */
  public long startEpochMillis() {
    return merged() ? baseMillis : number("startEpochMillis");
  }

  /** Total count of the measured (not warm-up) intervals of each tag. */
  public Map<String, Long> counts() {
    return counts;
  }

  /**
   * A metadata number; bad input when absent (every one a finished shard needs is checked by {@link
   * #read}).
   */
  public long number(String key) {
    String v = meta.get(key);
    if (v == null) {
      throw new SpecException(path + ": no '" + key + "' in its run metadata");
    }
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new SpecException(path + ": '" + key + "' is not a number: " + v);
    }
  }

  /**
   * Reads the intervals again, in file order, streaming; warm-up intervals too (their tags say so).
   */
  public void forEachInterval(Consumer<Interval> consumer) {
    Scan again = new Scan(path);
    TextFile.forEachLine(
        path,
        MAX_LINE,
        (n, line) -> {
          Interval i = again.line(n, line);
          if (i != null) {
            consumer.accept(i);
          }
        });
  }

  /** True for the intervals of a warm-up, which the log keeps but no figure counts. */
  public static boolean warmup(String tag) {
    return tag.startsWith(HlogWriter.WARMUP_TAG_PREFIX);
  }

  private void checkShard(long lastEndMillis, long lastEndLine) {
    if (!meta.containsKey("end")) {
      throw new SpecException(
          path + ": incomplete: the run that wrote it did not finish (no end record)");
    }
    for (String key :
        List.of("startEpochMillis", "runtimeMillis", "operations", "startLateMillis")) {
      if (number(key) < 0) {
        throw new SpecException(path + ": '" + key + "' is negative: " + meta.get(key));
      }
    }
    long end = endEpochMillis();
    if (lastEndMillis > end + SLACK_MILLIS) {
      throw TextFile.bad(
          path,
          lastEndLine,
          "an interval ends at "
              + Instant.ofEpochMilli(lastEndMillis)
              + ", long after the run ended ("
              + Instant.ofEpochMilli(end)
              + "): a damaged timestamp");
    }
    Map<String, Long> returned = new LinkedHashMap<>();
    Map<String, Long> ok = new LinkedHashMap<>();
    RunMetadata.under(meta, "return.")
        .forEach(
            (key, v) -> {
              int dot = key.lastIndexOf('.');
              long count = nonNegative("return." + key, v);
              if (dot <= 0) {
                throw new SpecException(path + ": bad Return record 'return." + key + "'");
              }
              returned.merge(key.substring(0, dot), count, Long::sum);
              if (key.substring(dot + 1).equals("OK")) {
                ok.merge(key.substring(0, dot), count, Long::sum);
              }
            });
    RunMetadata.under(meta, "gc.")
        .forEach(
            (name, v) -> {
              String[] parts = v.split(",", -1);
              if (parts.length != 2) {
                throw new SpecException(
                    path + ": bad collector record 'gc." + name + "=" + v + "'");
              }
              nonNegative("gc." + name, parts[0]);
              nonNegative("gc." + name, parts[1]);
            });
    returned.forEach(
        (name, total) -> {
          long latencies = counts.getOrDefault(name + ".service", 0L);
          if (latencies > total) {
            throw new SpecException(
                path
                    + ": "
                    + name
                    + " has "
                    + latencies
                    + " latencies but "
                    + total
                    + " Return counts: the log is damaged");
          }
          if (ok.getOrDefault(name, 0L) > 0 && latencies == 0) {
            throw new SpecException(
                path
                    + ": "
                    + name
                    + " returned OK "
                    + ok.get(name)
                    + " times but no latency of it is in the log: the log is damaged");
          }
        });
  }

  private static SpecException notHbload(Path path) {
    return new SpecException(
        path
            + ": not an hbload hlog (no '#"
            + RunMetadata.PREFIX
            + "format="
            + RunMetadata.FORMAT
            + "' line)");
  }

  private long nonNegative(String key, String v) {
    try {
      long n = Long.parseLong(v);
      if (n >= 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new SpecException(path + ": '" + key + "' is not a count: " + v);
  }

  /** One pass over the lines: metadata, header, and every interval checked and decoded. */
  private static final class Scan {
    final Path path;
    final Map<String, String> meta = new LinkedHashMap<>();
    final Map<String, Long> counts = new LinkedHashMap<>();
    int metaLines;
    boolean units;
    long baseMillis = -1;
    long lastEndMillis = Long.MIN_VALUE;
    long lastEndLine;

    Scan(Path path) {
      this.path = path;
    }

    /** The interval on this line, or null for any other line. */
    Interval line(long n, String line) {
      if (n == 1 && !line.startsWith("#" + RunMetadata.PREFIX)) {
        throw new SpecException(
            path
                + ": not an hbload hlog (its first line is not '#"
                + RunMetadata.PREFIX
                + "format="
                + RunMetadata.FORMAT
                + "')");
      }
      if (line.startsWith("#" + RunMetadata.PREFIX)) {
        if (++metaLines > MAX_META) {
          throw TextFile.bad(path, n, "more than " + MAX_META + " metadata lines");
        }
        try {
          meta.putAll(RunMetadata.parse(List.of(line)));
        } catch (IllegalArgumentException e) {
          throw TextFile.bad(path, n, "unreadable metadata (" + e.getMessage() + ")");
        }
        return null;
      }
      if (line.equals(UNITS)) {
        units = true;
        return null;
      }
      if (line.startsWith("#[StartTime: ") || line.startsWith("#[BaseTime: ")) {
        double seconds =
            number(n, line.substring(line.indexOf(':') + 1).trim().split(" ")[0], "start time");
        if (baseMillis < 0 || line.startsWith("#[BaseTime: ")) {
          baseMillis = Math.round(seconds * 1000);
        }
        return null;
      }
      if (line.startsWith("#") || line.startsWith("\"StartTimestamp\"") || line.isBlank()) {
        return null;
      }
      return interval(n, line);
    }

    private Interval interval(long n, String line) {
      if (baseMillis < 0) {
        throw TextFile.bad(path, n, "an interval before the log's '#[StartTime: ...]' line");
      }
      String[] f = line.split(",", 5);
      if (f.length != 5 || !f[0].startsWith("Tag=") || f[0].length() == 4) {
        throw TextFile.bad(
            path, n, "not an hbload interval line (Tag=NAME,start,length,max,histogram)");
      }
      String tag = f[0].substring(4);
      double start = number(n, f[1], "interval start");
      double length = number(n, f[2], "interval length");
      number(n, f[3], "interval maximum");
      Histogram h;
      try {
        h =
            Histogram.decodeFromCompressedByteBuffer(
                ByteBuffer.wrap(Base64.getDecoder().decode(f[4].trim())), 0);
      } catch (Exception
          | OutOfMemoryError e) { // a damaged header can claim any size; it must not take the JVM
        throw TextFile.bad(
            path, n, "the histogram does not decode (" + e.getClass().getSimpleName() + ")");
      }
      if (h.getTotalCount() < 0) {
        throw TextFile.bad(path, n, "a histogram with a negative count");
      }
      long startMillis = baseMillis + Math.round(start * 1000);
      long endMillis = startMillis + Math.round(length * 1000);
      h.setTag(tag);
      h.setStartTimeStamp(startMillis);
      h.setEndTimeStamp(endMillis);
      if (!warmup(tag)) {
        counts.merge(tag, h.getTotalCount(), Long::sum);
      }
      if (endMillis > lastEndMillis) {
        lastEndMillis = endMillis;
        lastEndLine = n;
      }
      return new Interval(tag, startMillis, endMillis, h);
    }

    /**
     * A finite, non-negative number of seconds no later than year 9999 (a damaged digit is no
     * timestamp).
     */
    private double number(long n, String text, String what) {
      double v;
      try {
        v = Double.parseDouble(text.trim());
      } catch (NumberFormatException e) {
        throw TextFile.bad(path, n, what + " '" + text + "' is not a number");
      }
      if (!Double.isFinite(v) || v < 0 || v > 253_402_300_799.0) {
        throw TextFile.bad(path, n, what + " '" + text + "' is out of range");
      }
      return v;
    }
  }
}
