package io.hbload.core.export;

import io.hbload.core.config.MeasurementInterval;
import io.hbload.core.exec.RunListener;
import io.hbload.core.exec.StatusSnapshot;
import io.hbload.core.measure.IntervalView;
import io.hbload.core.measure.Measure;
import io.hbload.core.spec.RunSpec;
import java.io.PrintStream;
import java.text.DecimalFormat;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * YCSB 0.17.0's status line ({@code -s}), character for character: label, timestamp, whole seconds
 * elapsed, operations, current ops/sec (omitted while nothing is done), "est completion in"
 * (omitted when nothing remains) and one {@code [NAME: Count=.., Max=.., Min=.., Avg=.., 90=..,
 * 99=.., 99.9=.., 99.99=..] } block per measurement over the interval, in microseconds. Two
 * differences, both where YCSB's line misleads: no estimate before the first operation is done, and
 * a throttled phase adds YCSB's {@code Intended-} blocks as {@code measurement.interval=both}
 * would. Called on the reporter thread only.
 */
public final class StatusLine implements RunListener {
  private final PrintStream out;

  /** The samples since the last status line, summed: one line covers its whole status interval. */
  private final Map<String, Histogram[]> pending = new LinkedHashMap<>();

  private long pendingStartMillis = -1;
  private long linePreviousOperations;

  public StatusLine(PrintStream out) {
    this.out = out;
  }

  @Override
  public void interval(RunSpec spec, StatusSnapshot s) {
    if (!spec.execution().status()) {
      return;
    }
    IntervalView view = s.interval();
    if (pendingStartMillis < 0) {
      pendingStartMillis = view.startEpochMillis();
    }
    for (IntervalView.Latency l : view.latencies()) {
      Histogram[] sum =
          pending.computeIfAbsent(
              l.name(),
              k ->
                  new Histogram[] {
                    new Histogram(l.service().getNumberOfSignificantValueDigits()),
                    new Histogram(l.intended().getNumberOfSignificantValueDigits())
                  });
      sum[0].add(l.service());
      sum[1].add(l.intended());
    }
    if (!s.statusDue()) {
      return;
    }
    List<IntervalView.Latency> latencies = new ArrayList<>();
    pending.forEach((name, sum) -> latencies.add(new IntervalView.Latency(name, sum[0], sum[1])));
    IntervalView whole =
        new IntervalView(
            pendingStartMillis,
            view.endEpochMillis(),
            s.totalOperations() - linePreviousOperations,
            latencies);
    out.println(
        format(
            spec,
            new StatusSnapshot(
                s.epochMillis(),
                s.elapsedMillis(),
                s.totalOperations(),
                linePreviousOperations,
                view.endEpochMillis() - pendingStartMillis,
                s.remainingOperations(),
                whole)));
    pending
        .values()
        .forEach(
            sum -> {
              sum[0].reset();
              sum[1].reset();
            });
    pendingStartMillis = -1;
    linePreviousOperations = s.totalOperations();
  }

  @Override
  public void warmupFinished(RunSpec spec, long epochMillis, long operations) {
    linePreviousOperations = 0; // the measured phase counts from zero again
  }

  public static String format(RunSpec spec, StatusSnapshot s) {
    DecimalFormat d = new DecimalFormat("#.##");
    StringBuilder msg =
        new StringBuilder(spec.outputs().label())
            .append(
                new SimpleDateFormat("yyyy-MM-dd HH:mm:ss:SSS").format(new Date(s.epochMillis())))
            .append(' ')
            .append(s.elapsedMillis() / 1000)
            .append(" sec: ")
            .append(s.totalOperations())
            .append(" operations; ");
    if (s.totalOperations() != 0) {
      double current =
          1000.0 * (s.totalOperations() - s.previousTotalOperations()) / s.intervalMillis();
      msg.append(d.format(current)).append(" current ops/sec; ");
    }
    // YCSB prints an estimate before any operation is done ("106751991167300 days"); no rate, no
    // estimate
    if (s.remainingOperations() != 0 && s.totalOperations() != 0) {
      double throughput = 1000.0 * s.totalOperations() / s.elapsedMillis();
      long seconds = (long) Math.ceil(s.remainingOperations() / throughput);
      msg.append("est completion in ").append(remaining(seconds));
    }
    Map<String, Histogram> plain = new LinkedHashMap<>();
    Map<String, Histogram> intended = new LinkedHashMap<>();
    boolean useIntended = spec.execution().measurementInterval() == MeasurementInterval.INTENDED;
    // a throttled phase shows the corrected figures too, as YCSB's "both" does: service time alone
    // hides every wait
    // of a client behind its schedule
    boolean both = spec.execution().measurementInterval() == MeasurementInterval.BOTH;
    boolean throttled = !useIntended && spec.throttled();
    for (IntervalView.Latency l : s.interval().latencies()) {
      plain.put(l.name(), useIntended ? l.intended() : l.service());
      if (both || throttled && Measure.scheduled(l.name())) {
        intended.put("Intended-" + l.name(), l.intended());
      }
    }
    for (String name : YcsbOrder.of(plain.keySet())) {
      summary(msg, name, plain.get(name), d);
    }
    for (String name : YcsbOrder.of(intended.keySet())) {
      summary(msg, name, intended.get(name), d);
    }
    return msg.toString();
  }

  private static void summary(StringBuilder msg, String name, Histogram h, DecimalFormat d) {
    msg.append('[')
        .append(name)
        .append(": Count=")
        .append(h.getTotalCount())
        .append(", Max=")
        .append(h.getMaxValue() / 1000)
        .append(", Min=")
        .append(h.getMinValue() / 1000)
        .append(", Avg=")
        .append(d.format(h.getMean() / 1000.0))
        .append(", 90=")
        .append(d.format(h.getValueAtPercentile(90) / 1000))
        .append(", 99=")
        .append(d.format(h.getValueAtPercentile(99) / 1000))
        .append(", 99.9=")
        .append(d.format(h.getValueAtPercentile(99.9) / 1000))
        .append(", 99.99=")
        .append(d.format(h.getValueAtPercentile(99.99) / 1000))
        .append("] ");
  }

  /** YCSB's RemainingFormatter, including its singular "second" for one-digit values. */
  static String remaining(long seconds) {
    StringBuilder time = new StringBuilder();
    long days = TimeUnit.SECONDS.toDays(seconds);
    if (days > 0) {
      time.append(days).append(days == 1 ? " day " : " days ");
      seconds -= TimeUnit.DAYS.toSeconds(days);
    }
    long hours = TimeUnit.SECONDS.toHours(seconds);
    if (hours > 0) {
      time.append(hours).append(hours == 1 ? " hour " : " hours ");
      seconds -= TimeUnit.HOURS.toSeconds(hours);
    }
    if (days < 1) {
      long minutes = TimeUnit.SECONDS.toMinutes(seconds);
      if (minutes > 0) {
        time.append(minutes).append(minutes == 1 ? " minute " : " minutes ");
      }
    }
    if (time.length() == 0) {
      time.append(seconds);
      time.append(time.length() == 1 ? " second " : " seconds ");
    }
    return time.toString();
  }
}
