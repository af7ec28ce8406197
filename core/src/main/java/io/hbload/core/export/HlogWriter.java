package io.hbload.core.export;

import io.hbload.core.exec.RunListener;
import io.hbload.core.exec.StatusSnapshot;
import io.hbload.core.measure.IntervalView;
import io.hbload.core.measure.MeasurementTotals;
import io.hbload.core.result.ClientInfo;
import io.hbload.core.result.RunResult;
import io.hbload.core.spec.RunSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes one HdrHistogram interval log ({@code .hlog}) per phase: every status interval, each
 * measurement's histogram twice, tagged {@code <NAME>.service} and {@code <NAME>.intended}, values
 * in nanoseconds (max column in milliseconds); a warm-up's intervals are tagged {@code
 * WARMUP.<NAME>.service}. HdrHistogram's {@code HistogramLogProcessor -tag READ.intended} and other
 * log tools read it. Written through a {@link ResultFile}: a write that fails (a full disk) is
 * kept, although HdrHistogram's writer swallows it, and {@link #close} then throws instead of
 * publishing a truncated log. Called on the reporter thread only.
 */
public final class HlogWriter implements RunListener, AutoCloseable {
  /**
   * Tags of the intervals recorded during a warm-up ({@code hbload.warmup}) start with this: the
   * log keeps them, and readers of the measured phase ({@code READ.service}, hbload's merge) skip
   * them.
   */
  public static final String WARMUP_TAG_PREFIX = "WARMUP.";

  private final ResultFile file;
  private final PrintStream text;
  private boolean started;

  /**
   * {@code WARMUP.} while the phase warms up: HdrHistogram's tools select by tag, so the measured
   * tags stay clean
   */
  private String tagPrefix = "";

  private final HistogramLogWriter writer;

  /**
   * Writes into a private temp file beside {@code path}, created now, so that a log that cannot be
   * written is found before the run; {@link #close} publishes it if a phase ran.
   */
  public HlogWriter(Path path) throws IOException {
    this.file = ResultFile.create(path);
    this.text = new PrintStream(file.output(), false, StandardCharsets.UTF_8);
    this.writer = new HistogramLogWriter(text);
  }

  @Override
  public void phaseStarting(RunSpec spec, long startEpochMillis) {
    started = true;
    writer.outputComment(RunMetadata.line("format", RunMetadata.FORMAT));
    // every property as merged, so that a merge can check the shards ran the same workload and
    // rebuild its spec
    RunMetadata.lines("prop.", new TreeMap<>(Redaction.settings(spec.provenance().properties())))
        .forEach(writer::outputComment);
    writer.outputComment(RunMetadata.line("phase", spec.phase().name().toLowerCase(Locale.ROOT)));
    writer.outputComment(RunMetadata.line("shard", spec.execution().shard()));
    writer.outputComment(RunMetadata.line("host", ClientInfo.localHost()));
    writer.outputComment(
        "[hbload "
            + spec.phase().name().toLowerCase()
            + " phase, workload table "
            + spec.workload().table()
            + ", binding "
            + spec.binding().name()
            + ", "
            + spec.execution().threads()
            + " threads]");
    writer.outputComment("UNITS: nanoseconds (Max column in milliseconds)");
    writer.outputLogFormatVersion();
    writer.outputStartTime(startEpochMillis);
    writer.setBaseTime(startEpochMillis);
    writer.outputLegend();
    tagPrefix = spec.warmsUp() ? WARMUP_TAG_PREFIX : "";
  }

  @Override
  public void warmupFinished(RunSpec spec, long epochMillis, long operations) {
    writer.outputComment(RunMetadata.line("warmupEndEpochMillis", epochMillis));
    writer.outputComment(RunMetadata.line("warmupOperations", operations));
    tagPrefix = "";
  }

  @Override
  public void interval(RunSpec spec, StatusSnapshot s) {
    if (file.failed()) {
      return; // the log is lost already (close says so); encoding more of it would only cost the
      // reporter time
    }
    IntervalView view = s.interval();
    for (IntervalView.Latency l : view.latencies()) {
      write(l.service(), tagPrefix + l.name() + ".service", view);
      write(l.intended(), tagPrefix + l.name() + ".intended", view);
    }
    text.flush();
  }

  private void write(Histogram h, String tag, IntervalView view) {
    if (h.getTotalCount() == 0) {
      return;
    }
    h.setTag(tag);
    h.setStartTimeStamp(view.startEpochMillis());
    h.setEndTimeStamp(Math.max(view.endEpochMillis(), view.startEpochMillis()));
    writer.outputIntervalHistogram(h);
  }

  /** The run's totals that histograms do not hold, then the end mark. */
  @Override
  public void phaseFinished(RunResult result) {
    writer.outputComment(RunMetadata.line("startEpochMillis", result.startEpochMillis()));
    writer.outputComment(RunMetadata.line("runtimeMillis", result.runtimeMillis()));
    writer.outputComment(RunMetadata.line("operations", result.operations()));
    if (result.client().startAtEpochMillis() != null) {
      writer.outputComment(
          RunMetadata.line("startAtEpochMillis", result.client().startAtEpochMillis()));
    }
    writer.outputComment(RunMetadata.line("startLateMillis", result.client().startLateMillis()));
    for (MeasurementTotals m : result.measurements()) {
      RunMetadata.lines("return." + m.name() + ".", m.returns()).forEach(writer::outputComment);
    }
    for (RunResult.GcTotals gc : result.gc()) {
      writer.outputComment(RunMetadata.line("gc." + gc.name(), gc.count() + "," + gc.timeMillis()));
    }
    if (result.stopReason() != null) {
      writer.outputComment(RunMetadata.line("stopReason", result.stopReason()));
    }
    writer.outputComment(RunMetadata.line("end", 1));
    text.flush();
  }

  /**
   * Publishes the log under its name if a phase ran; a run that never started (its binding failed)
   * leaves none. IOException naming the file and the cause when any of it could not be written;
   * then no file is left.
   */
  @Override
  public void close() throws IOException {
    try {
      text.flush();
      if (started) {
        file.publish();
      }
    } finally {
      file.close();
    }
  }
}
