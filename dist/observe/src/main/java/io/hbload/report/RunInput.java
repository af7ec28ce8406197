package io.hbload.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * One run as the report sees it: its JSON result (totals, environment, settings, already redacted by the writer)
 * and its interval histograms. A suite marks its discarded rounds, which the report greys out. Immutable.
 *
 * @param label the column and section title (file name, round number)
 */
public record RunInput(String label, boolean discarded, JsonNode result, List<TaggedInterval> intervals) {
  private static final ObjectMapper JSON = new ObjectMapper();

  public RunInput {
    intervals = List.copyOf(intervals);
  }

  /** From a result document as {@code --json} writes it and the run's intervals. */
  public static RunInput of(String label, boolean discarded, String json, List<TaggedInterval> intervals) {
    try {
      return new RunInput(label, discarded, JSON.readTree(json), intervals);
    } catch (IOException e) {
      throw new IllegalArgumentException(label + ": not an hbload JSON result: " + e.getMessage(), e);
    }
  }

  /** Reads a {@code --json} file and the {@code --hlog} files of the same run. */
  public static RunInput read(Path json, List<Path> hlogs, boolean discarded) throws IOException {
    String text = Files.readString(json);
    JsonNode doc;
    try {
      doc = JSON.readTree(text);
    } catch (IOException e) {
      throw new IllegalArgumentException(json + ": not JSON: " + firstLine(e.getMessage()), e);
    }
    if (doc == null || !doc.path("tool").asText().equals("hbload")) {
      throw new IllegalArgumentException(json + ": not an hbload JSON result (written by --json)");
    }
    List<TaggedInterval> intervals = new ArrayList<>();
    for (Path hlog : hlogs) {
      intervals.addAll(readLog(hlog));
    }
    return new RunInput(json.getFileName().toString(), discarded, doc, intervals);
  }

  /** Every tagged interval histogram of an HdrHistogram log, with absolute times (the log's base time added). */
  static List<TaggedInterval> readLog(Path hlog) throws IOException {
    List<TaggedInterval> out = new ArrayList<>();
    try (InputStream in = Files.newInputStream(hlog)) {
      HistogramLogReader reader = new HistogramLogReader(in);
      EncodableHistogram e;
      while ((e = readNext(reader, hlog)) != null) {
        if (!(e instanceof Histogram h) || e.getTag() == null) {
          continue;
        }
        out.add(new TaggedInterval(e.getTag(), e.getStartTimeStamp(), e.getEndTimeStamp(), h));
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException(hlog + ": no tagged interval histograms (not an hbload --hlog file?)");
    }
    return out;
  }

  private static EncodableHistogram readNext(HistogramLogReader reader, Path hlog) {
    try {
      return reader.nextIntervalHistogram();
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(hlog + ": not an HdrHistogram log: " + firstLine(String.valueOf(e.getMessage())),
          e);
    }
  }

  private static String firstLine(String s) {
    return s == null ? "" : s.lines().findFirst().orElse("");
  }
}
