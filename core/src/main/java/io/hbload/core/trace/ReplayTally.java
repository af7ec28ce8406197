package io.hbload.core.trace;

import io.hbload.core.binding.ReportLine;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * What one replay did, beside the engine's latencies: the send skew of every record (when it went
 * out minus when the trace scheduled it, the generator's own lateness, recorded wait-free by every
 * worker into one HdrHistogram {@link Recorder}), the records replayed per operation, and the span
 * of the trace against the span of the replay. Status lines take the skew interval by interval
 * ({@link #interval}); the report's lines ({@link #lines}) hold the whole run. Thread-safe: workers
 * record, the reporter and the session read.
 */
public final class ReplayTally {
  /** Skew above which a status interval or the run says the generator fell behind. */
  public static final long BEHIND_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

  private static final long HIGHEST = TimeUnit.HOURS.toNanos(1);

  private final Recorder skew = new Recorder(HIGHEST, 3);
  private final Histogram total = new Histogram(HIGHEST, 3);
  private Histogram recycled;
  private final long[] records = new long[TraceOperation.values().length];
  private long firstSendNanos = Long.MAX_VALUE;
  private long lastSendNanos = Long.MIN_VALUE;
  private volatile double traceSpanSeconds = Double.NaN;
  private final String pace;

  public ReplayTally(TraceSpec spec) {
    this.pace = spec.pace();
  }

  /** A record went out {@code skewNanos} after its scheduled time. Any worker, wait-free. */
  public void sent(long skewNanos) {
    skew.recordValue(Math.min(HIGHEST, Math.max(0, skewNanos)));
  }

  /** A worker's counts when it ends: records per operation, its first and last send. */
  public synchronized void add(long[] perOperation, long firstSend, long lastSend) {
    for (int i = 0; i < records.length; i++) {
      records[i] += perOperation[i];
    }
    firstSendNanos = Math.min(firstSendNanos, firstSend);
    lastSendNanos = Math.max(lastSendNanos, lastSend);
  }

  /** The reader read the trace to its end: its first to its last record's time. */
  void traceSpan(double seconds) {
    traceSpanSeconds = seconds;
  }

  /**
   * The skew since the last call (added to the run's total), for a status line; the histogram is
   * reused by the next call.
   */
  public synchronized Histogram interval() {
    recycled = skew.getIntervalHistogram(recycled);
    total.add(recycled);
    return recycled;
  }

  /**
   * The report's {@code [REPLAY]} lines for the whole run; warns on {@code messages} when it fell
   * behind.
   */
  public synchronized List<ReportLine> lines(PrintStream messages) {
    interval();
    List<ReportLine> out = new ArrayList<>();
    long all = 0;
    for (long r : records) {
      all += r;
    }
    out.add(new ReportLine("REPLAY", "Pace", pace));
    out.add(new ReportLine("REPLAY", "Records", all));
    out.add(new ReportLine("REPLAY", "Reads", records[TraceOperation.READ.ordinal()]));
    out.add(new ReportLine("REPLAY", "Writes", records[TraceOperation.WRITE.ordinal()]));
    out.add(new ReportLine("REPLAY", "Deletes", records[TraceOperation.DELETE.ordinal()]));
    out.add(new ReportLine("REPLAY", "SendSkewP50(us)", micros(total.getValueAtPercentile(50))));
    out.add(new ReportLine("REPLAY", "SendSkewP99(us)", micros(total.getValueAtPercentile(99))));
    out.add(new ReportLine("REPLAY", "SendSkewMax(us)", micros(total.getMaxValue())));
    out.add(
        new ReportLine(
            "REPLAY",
            "TraceSpan(s)",
            Double.isNaN(traceSpanSeconds) ? "not read to its end" : round(traceSpanSeconds)));
    out.add(
        new ReportLine(
            "REPLAY",
            "ReplaySpan(s)",
            all == 0 ? 0.0 : round((lastSendNanos - firstSendNanos) / 1e9)));
    if (total.getTotalCount() > 0 && total.getValueAtPercentile(99) > BEHIND_NANOS) {
      messages.println(
          String.format(
              Locale.ROOT,
              "hbload replay: WARNING: the generator fell behind the trace: send skew p99 %.1f ms,"
                  + " max %.1f ms (records went out late; their latency counts from the scheduled"
                  + " time, so it includes the wait; raise -threads or -p hbload.inflight)",
              total.getValueAtPercentile(99) / 1e6,
              total.getMaxValue() / 1e6));
    }
    return out;
  }

  private static double micros(long nanos) {
    return round(nanos / 1e3);
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
