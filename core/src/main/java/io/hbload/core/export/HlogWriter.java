package io.hbload.core.export;

import io.hbload.core.RunResult;
import io.hbload.core.config.RunSpec;
import io.hbload.core.exec.RunListener;
import io.hbload.core.exec.StatusSnapshot;
import io.hbload.core.measure.IntervalView;
import java.io.FileNotFoundException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes one HdrHistogram interval log ({@code .hlog}) per phase: every status interval, each
 * measurement's histogram twice, tagged {@code <NAME>.service} and {@code <NAME>.intended}, values in
 * nanoseconds (max column in milliseconds). HdrHistogram's {@code HistogramLogProcessor -tag READ.intended}
 * and other log tools read it. Called on the reporter thread only.
 */
public final class HlogWriter implements RunListener, AutoCloseable {
  private final PrintStream file;
  private final HistogramLogWriter writer;

  public HlogWriter(Path path) {
    try {
      this.file = new PrintStream(path.toFile());
    } catch (FileNotFoundException e) {
      throw new UncheckedIOException("cannot write " + path + ": " + e.getMessage(), e);
    }
    this.writer = new HistogramLogWriter(file);
  }

  @Override
  public void phaseStarting(RunSpec spec, long startEpochMillis) {
    writer.outputComment("[hbload " + spec.phase().name().toLowerCase() + " phase, workload table "
        + spec.workload().table() + ", binding " + spec.binding() + ", " + spec.threads() + " threads]");
    writer.outputComment("UNITS: nanoseconds (Max column in milliseconds)");
    writer.outputLogFormatVersion();
    writer.outputStartTime(startEpochMillis);
    writer.setBaseTime(startEpochMillis);
    writer.outputLegend();
  }

  @Override
  public void interval(RunSpec spec, StatusSnapshot s) {
    IntervalView view = s.interval();
    for (IntervalView.Latency l : view.latencies()) {
      write(l.service(), l.name() + ".service", view);
      write(l.intended(), l.name() + ".intended", view);
    }
    file.flush();
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

  @Override
  public void phaseFinished(RunResult result) {
    file.flush();
  }

  @Override
  public void close() {
    file.close();
  }
}
