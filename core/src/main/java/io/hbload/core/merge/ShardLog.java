package io.hbload.core.merge;

import io.hbload.core.config.SpecException;
import io.hbload.core.export.RunMetadata;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * One shard's {@code .hlog}, read whole: its run metadata ({@link RunMetadata}) and its tagged interval histograms
 * (nanoseconds, absolute wall-clock timestamps). Immutable once read.
 *
 * @param intervals every interval histogram of the log, in file order
 */
record ShardLog(Path path, Map<String, String> meta, List<Histogram> intervals) {

  /** Reads a log; bad input (not an hbload log, unfinished, other units) is a SpecException naming the file. */
  static ShardLog read(Path path) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(path);
    } catch (IOException e) {
      throw new SpecException(path + ": cannot read (" + e.getMessage() + ")");
    }
    List<String> lines = new String(bytes, StandardCharsets.UTF_8).lines().toList();
    Map<String, String> meta = RunMetadata.parse(lines);
    if (!RunMetadata.FORMAT.equals(meta.get("format"))) {
      throw new SpecException(path + ": not an hbload hlog (no '#" + RunMetadata.PREFIX + "format="
          + RunMetadata.FORMAT + "' line)");
    }
    if (!lines.contains("#UNITS: nanoseconds (Max column in milliseconds)")) {
      throw new SpecException(path + ": values are not in nanoseconds (no '#UNITS: nanoseconds' line)");
    }
    if (!meta.containsKey("end")) {
      throw new SpecException(path + ": incomplete: the run that wrote it did not finish (no end record)");
    }
    List<Histogram> intervals = new ArrayList<>();
    try {
      HistogramLogReader reader = new HistogramLogReader(new ByteArrayInputStream(bytes));
      for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
        if (!(h instanceof Histogram histogram) || h.getTag() == null) {
          throw new SpecException(path + ": an interval histogram without a tag or of another kind");
        }
        if (!h.getTag().startsWith(io.hbload.core.export.HlogWriter.WARMUP_TAG_PREFIX)) {
          intervals.add(histogram); // warm-up intervals are kept in the log, never measured
        }
      }
    } catch (RuntimeException e) {
      if (e instanceof SpecException se) {
        throw se;
      }
      throw new SpecException(path + ": unreadable interval histogram (" + e.getMessage() + ")");
    }
    return new ShardLog(path, meta, intervals);
  }

  long number(String key) {
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

  /** When the shard's measured phase ended, wall clock. */
  long endEpochMillis() {
    return number("startEpochMillis") + number("runtimeMillis");
  }
}
