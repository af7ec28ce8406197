package io.hbload.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbload.core.config.SpecException;
import io.hbload.core.read.HlogFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One run as the report sees it: its JSON result (totals, environment, settings, already redacted
 * by the writer) and its interval histograms. A suite marks its discarded rounds, which the report
 * greys out. Immutable.
 *
 * @param label the column and section title (file name, round number)
 */
public record RunInput(
    String label, boolean discarded, JsonNode result, List<TaggedInterval> intervals) {
  private static final ObjectMapper JSON = new ObjectMapper();

  public RunInput {
    intervals = List.copyOf(intervals);
  }

  /** From a result document as {@code --json} writes it and the run's intervals. */
  public static RunInput of(
      String label, boolean discarded, String json, List<TaggedInterval> intervals) {
    try {
      return new RunInput(label, discarded, JSON.readTree(json), intervals);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          label + ": not an hbload JSON result: " + e.getMessage(), e);
    }
  }

  /**
   * Reads a {@code --json} file and the {@code --hlog} files of the same run, each checked: a
   * document of another shape, or a log of another run (another start or phase), is bad input
   * naming the file (a {@link SpecException}), never a confident page about two runs at once.
   */
  public static RunInput read(Path json, List<Path> hlogs, boolean discarded) throws IOException {
    JsonNode doc = ResultDocument.read(json);
    List<TaggedInterval> intervals = new ArrayList<>();
    for (Path hlog : hlogs) {
      HlogFile log = HlogFile.read(hlog, true);
      ResultDocument.sameRun(json, doc, log);
      intervals.addAll(intervals(log));
    }
    return new RunInput(json.getFileName().toString(), discarded, doc, intervals);
  }

  /**
   * Every tagged interval histogram of an hbload log (checked line by line), with absolute times.
   */
  static List<TaggedInterval> readLog(Path hlog) {
    return intervals(HlogFile.read(hlog, true));
  }

  private static List<TaggedInterval> intervals(HlogFile log) {
    List<TaggedInterval> out = new ArrayList<>();
    log.forEachInterval(
        i -> out.add(new TaggedInterval(i.tag(), i.startMillis(), i.endMillis(), i.histogram())));
    if (out.isEmpty()) {
      throw new SpecException(
          log.path() + ": no interval histograms (a run that measured nothing)");
    }
    return out;
  }
}
