package io.hbload.core.merge;

import io.hbload.core.export.RunMetadata;
import io.hbload.core.result.RunResult;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * A many-client run put back together: the result (report it with {@code YcsbReport}/{@code
 * JsonResult} as any run's), which shards were missing, and the per-interval series merged by
 * wall-clock interval. Immutable.
 *
 * @param missingShards shard indices that were not among the inputs (empty when all were)
 * @param intervals start of each interval (epoch ms) to the summed histograms of each tag in it
 */
public record MergedRun(
    RunResult result,
    List<Integer> missingShards,
    TreeMap<Long, Map<String, Histogram>> intervals) {

  public boolean partial() {
    return !missingShards.isEmpty();
  }

  /**
   * Writes the merged series as a tagged interval log, readable by HdrHistogram's log tools;
   * flushes {@code stream} and leaves it open. IOException when the stream failed: HdrHistogram's
   * writer goes through a PrintStream, which swallows the failure, so it is checked here (through
   * {@link io.hbload.core.export.ResultFile}, whose stream keeps the cause, the message also names
   * the file and why).
   */
  public void writeHlog(OutputStream stream) throws IOException {
    long start = result.startEpochMillis();
    long width = Math.max(1, Math.round(result.spec().execution().statusIntervalSeconds() * 1000));
    PrintStream out = new PrintStream(stream, false, StandardCharsets.UTF_8);
    HistogramLogWriter w = new HistogramLogWriter(out);
    w.outputComment(RunMetadata.line("merged", result.client().host()));
    w.outputComment("UNITS: nanoseconds (Max column in milliseconds)");
    w.outputLogFormatVersion();
    w.outputStartTime(start);
    w.setBaseTime(start);
    w.outputLegend();
    intervals.forEach(
        (bucket, byTag) ->
            byTag.forEach(
                (tag, h) -> {
                  h.setTag(tag);
                  h.setStartTimeStamp(bucket);
                  h.setEndTimeStamp(bucket + width);
                  w.outputIntervalHistogram(h);
                }));
    out.flush();
    if (out.checkError()) {
      throw new IOException("the merged hlog could not be written");
    }
  }
}
