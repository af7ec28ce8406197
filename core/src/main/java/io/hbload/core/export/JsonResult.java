package io.hbload.core.export;

import com.fasterxml.jackson.core.JsonGenerator;
import io.hbload.core.audit.AuditReport;
import io.hbload.core.binding.ReportLine;
import io.hbload.core.fault.FaultImpact;
import io.hbload.core.fault.FaultReport;
import io.hbload.core.fault.InjectedFault;
import io.hbload.core.measure.MeasurementTotals;
import io.hbload.core.result.ClientInfo;
import io.hbload.core.result.RunResult;
import io.hbload.core.schedule.RateReport;
import io.hbload.core.server.ServerFigure;
import io.hbload.core.server.ServerSeries;
import io.hbload.core.server.TailOutliers;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * hbload's own result document: one valid JSON object with the run's inputs, environment (JVM,
 * CPUs, load average, so a figure can be judged later), totals, and per measurement both service
 * and intended-start latency percentiles in microseconds up to p99.999, plus outcome counts.
 * Stateless.
 */
public final class JsonResult {
  private static final double[] PERCENTILES = {50, 90, 95, 99, 99.9, 99.99, 99.999};

  private JsonResult() {}

  public static String render(RunResult r) {
    return Json.write(
        Json.Layout.ONE_LINE,
        g -> {
          g.writeStartObject();
          g.writeStringField("tool", "hbload");
          g.writeStringField("version", Version.get());
          g.writeStringField("phase", r.spec().phase().name().toLowerCase());
          g.writeStringField("binding", r.spec().binding().name());
          g.writeStringField("startTime", Instant.ofEpochMilli(r.startEpochMillis()).toString());
          g.writeNumberField("threads", r.spec().execution().threads());
          g.writeNumberField("targetOpsPerSec", r.spec().execution().targetOpsPerSec());
          if (r.spec().execution().scheduled()) {
            // the target changes over time: targetOpsPerSec above is its peak
            g.writeStringField("targetSchedule", r.spec().execution().target().text());
          }
          g.writeNumberField("runtimeMillis", r.runtimeMillis());
          g.writeNumberField("operations", r.operations());
          g.writeNumberField("throughputOpsPerSec", r.throughputOpsPerSec());
          g.writeNumberField("errors", r.errorCount());
          g.writeNumberField("longestCallMillis", r.longestCallMillis());
          g.writeBooleanField("completed", r.completed());
          g.writeStringField("stopReason", r.stopReason());
          g.writeArrayFieldStart("measurements");
          for (MeasurementTotals m : r.measurements()) {
            g.writeStartObject();
            g.writeStringField("name", m.name());
            g.writeNumberField("operations", m.count());
            latency(g, "serviceMicros", m.service());
            latency(g, "intendedMicros", m.intended());
            g.writeObjectFieldStart("returns");
            for (Map.Entry<String, Long> e : m.returns().entrySet()) {
              g.writeNumberField(e.getKey(), e.getValue());
            }
            g.writeEndObject();
            g.writeEndObject();
          }
          g.writeEndArray();
          g.writeArrayFieldStart("gc");
          for (RunResult.GcTotals c : r.gc()) {
            g.writeStartObject();
            g.writeStringField("name", c.name());
            g.writeNumberField("count", c.count());
            g.writeNumberField("timeMillis", c.timeMillis());
            g.writeEndObject();
          }
          g.writeEndArray();
          List<ReportLine> warmup = new ArrayList<>();
          g.writeArrayFieldStart("bindingMetrics");
          for (ReportLine l : r.extra()) {
            if (l.metric()
                .equals(
                    "WARMUP")) { // the warm-up is the phase's, not the binding's: its own object
              warmup.add(l);
              continue;
            }
            ReportWriter.record(g, l.metric(), l.measurement(), l.value());
          }
          g.writeEndArray();
          if (!warmup.isEmpty()) {
            g.writeObjectFieldStart("warmup");
            for (ReportLine l : warmup) {
              g.writeFieldName(
                  l.measurement().equals("Operations") ? "operations" : "runtimeMillis");
              Json.value(g, l.value());
            }
            g.writeEndObject();
          }
          if (r.figure(ServerSeries.class).isPresent()) {
            serverSeries(g, r.figure(ServerSeries.class).get());
          }
          if (r.figure(TailOutliers.class).isPresent()) {
            tailOutliers(g, r.figure(TailOutliers.class).get());
          }
          if (r.figure(FaultReport.class).isPresent()) {
            faults(g, r.figure(FaultReport.class).get());
          }
          if (r.figure(AuditReport.class).isPresent()) {
            audit(g, r.figure(AuditReport.class).get());
          }
          if (r.figure(RateReport.class).isPresent()) {
            rates(g, r.figure(RateReport.class).get());
          }
          client(g, r.client());
          List<String> commandLine = r.spec().provenance().commandLine();
          if (!commandLine.isEmpty()) {
            g.writeArrayFieldStart("commandLine");
            for (String arg : Redaction.commandLine(commandLine)) {
              g.writeString(arg);
            }
            g.writeEndArray();
          }
          environment(g);
          g.writeObjectFieldStart("properties");
          Map<String, String> settings =
              new TreeMap<>(Redaction.settings(r.spec().provenance().properties()));
          for (Map.Entry<String, String> e : settings.entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
          }
          g.writeEndObject();
          g.writeEndObject();
        });
  }

  /**
   * The intervals whose p99.9 stood out, slowest first, each with the server events in or just
   * before it (an empty list: nothing explains it).
   */
  private static void tailOutliers(JsonGenerator g, TailOutliers t) throws IOException {
    g.writeObjectFieldStart("tailOutliers");
    g.writeNumberField("factor", TailOutliers.FACTOR);
    g.writeNumberField("medianP999Millis", t.medianP999Nanos() / 1e6);
    g.writeNumberField("intervals", t.intervals());
    g.writeNumberField("explained", t.explained());
    g.writeArrayFieldStart("outliers");
    for (TailOutliers.Outlier o : t.outliers()) {
      g.writeStartObject();
      g.writeNumberField("startEpochMillis", o.interval().startEpochMillis());
      g.writeNumberField("endEpochMillis", o.interval().endEpochMillis());
      g.writeNumberField("p999Millis", o.interval().p999Nanos() / 1e6);
      g.writeNumberField("timesMedian", o.timesMedian());
      g.writeArrayFieldStart("causes");
      for (String c : o.causes()) {
        g.writeString(c);
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  /**
   * What the servers were doing, per server and figure, as {@code [epochMillis, value]} points at
   * the client's interval (a counter's value is its growth over the interval ending then). Left out
   * when the binding reads no server figures.
   */
  private static void serverSeries(JsonGenerator g, ServerSeries s) throws IOException {
    g.writeObjectFieldStart("serverSeries");
    g.writeStringField("source", s.source());
    g.writeNumberField("intervalMillis", s.intervalMillis());
    g.writeNumberField("samples", s.samples());
    g.writeStringField("error", s.error());
    g.writeArrayFieldStart("figures");
    for (ServerFigure f : s.figures()) {
      g.writeStartObject();
      g.writeStringField("key", f.key());
      g.writeStringField("meter", f.meter());
      g.writeObjectFieldStart("tags");
      for (Map.Entry<String, String> t : new TreeMap<>(f.tags()).entrySet()) {
        g.writeStringField(t.getKey(), t.getValue());
      }
      g.writeEndObject();
      g.writeStringField("unit", f.unit());
      g.writeStringField("kind", f.kind().name().toLowerCase(Locale.ROOT));
      g.writeStringField("chart", f.chart());
      g.writeStringField("note", f.note());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("servers");
    for (String server : s.servers()) {
      g.writeStartObject();
      g.writeStringField("server", server);
      g.writeObjectFieldStart("series");
      for (ServerSeries.Series one : s.series()) {
        if (!one.server().equals(server)) {
          continue;
        }
        g.writeArrayFieldStart(one.figure().key());
        for (ServerSeries.Point p : one.points()) {
          g.writeStartArray();
          g.writeNumber(p.epochMillis());
          Json.value(g, p.value());
          g.writeEndArray();
        }
        g.writeEndArray();
      }
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  /**
   * {@code hbload verify FILE}'s result: the file the writes came from and what their read-back
   * found, as the {@code verify} object of a run's JSON.
   */
  public static String renderVerify(String file, AuditReport a) {
    return Json.write(
        Json.Layout.ONE_LINE,
        g -> {
          g.writeStartObject();
          g.writeStringField("tool", "hbload");
          g.writeStringField("version", Version.get());
          g.writeStringField("command", "verify");
          g.writeStringField("file", file);
          audit(g, a);
          g.writeEndObject();
        });
  }

  /** The acknowledged-write audit ({@code --verify}): what the read-back found. */
  private static void audit(JsonGenerator g, AuditReport a) throws IOException {
    g.writeObjectFieldStart("verify");
    g.writeNumberField("writes", a.writes());
    g.writeNumberField("acknowledged", a.acknowledged());
    g.writeNumberField("present", a.present());
    g.writeNumberField("lost", a.lost());
    g.writeNumberField("changed", a.changed());
    g.writeNumberField("unknown", a.unknown());
    g.writeNumberField("unexpected", a.unexpected());
    g.writeNumberField("unreadable", a.unreadable());
    g.writeBooleanField("passed", a.passed());
    g.writeArrayFieldStart("lostKeys");
    for (String k : a.lostKeys()) {
      g.writeString(k);
    }
    g.writeEndArray();
    g.writeArrayFieldStart("changedKeys");
    for (String k : a.changedKeys()) {
      g.writeString(k);
    }
    g.writeEndArray();
    g.writeNumberField("seconds", a.seconds());
    g.writeEndObject();
  }

  /**
   * The faults and what each cost (instants in epoch ms; latencies in ms; {@code recoverySeconds}
   * null when the fault did not recover), the recovery rule they were judged by, and the 1 s series
   * they were read from as {@code [startEpochMillis, endEpochMillis, successes, errors, p99Micros,
   * maxMicros]}.
   */
  private static void faults(JsonGenerator g, FaultReport f) throws IOException {
    g.writeObjectFieldStart("faults");
    g.writeStringField("target", f.target());
    g.writeObjectFieldStart("recoveryRule");
    g.writeNumberField("p99Factor", f.settings().p99Factor());
    g.writeNumberField("throughputFraction", f.settings().throughputFraction());
    g.writeNumberField("stableIntervals", f.settings().stableIntervals());
    g.writeFieldName("limitSeconds");
    Json.value(g, f.recoveryLimit() == null ? null : f.recoveryLimit().toMillis() / 1000.0);
    g.writeEndObject();
    g.writeArrayFieldStart("notFired"); // scheduled, but the run ended before them
    for (io.hbload.core.config.ScheduledFault s : f.notFired()) {
      g.writeString(s.describe());
    }
    g.writeEndArray();
    g.writeArrayFieldStart("faults");
    for (FaultImpact.Cost c : f.costs()) {
      InjectedFault i = c.fault();
      g.writeStartObject();
      g.writeNumberField("number", i.number());
      g.writeStringField("action", i.scheduled().action().shortName());
      g.writeStringField("schedule", i.scheduled().describe());
      g.writeNumberField("dueEpochMillis", i.dueEpochMillis());
      g.writeNumberField("injectedEpochMillis", i.injectedEpochMillis());
      g.writeFieldName("endedEpochMillis");
      Json.value(g, i.ended() ? i.endedEpochMillis() : null);
      g.writeStringField("detail", i.detail());
      g.writeStringField("error", i.error());
      g.writeNumberField("baselineIntervals", c.baselineIntervals());
      g.writeNumberField("baselineP99Millis", c.baselineP99Nanos() / 1e6);
      g.writeNumberField("baselineOpsPerSec", c.baselineOpsPerSec());
      g.writeNumberField("windowP99Millis", c.windowP99Nanos() / 1e6);
      g.writeNumberField("worstLatencyMillis", c.worstLatencyNanos() / 1e6);
      g.writeNumberField("secondsWithoutService", c.secondsWithoutService());
      g.writeFieldName("recoverySeconds");
      Json.value(g, c.recovered() ? c.recoveryMillis() / 1000.0 : null);
      g.writeBooleanField("recovered", c.recovered());
      g.writeBooleanField("endedSteady", c.endedSteady());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("intervals");
    for (FaultImpact.Interval in : f.intervals()) {
      g.writeStartArray();
      g.writeNumber(in.startEpochMillis());
      g.writeNumber(in.endEpochMillis());
      g.writeNumber(in.successes());
      g.writeNumber(in.errors());
      g.writeNumber(in.p99Nanos() / 1000.0);
      g.writeNumber(in.maxNanos() / 1000.0);
      g.writeEndArray();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  /**
   * The schedule against what was done ({@code rate}): the schedule and objective as written, per
   * interval {@code [startSeconds, endSeconds, intendedOpsPerSec, achievedOpsPerSec, backlog,
   * scheduleOpsPerSec, latencyMillis...]} (seconds from the start of measuring; the intended rate
   * this client's share, the schedule's the whole run's; one latency per objective limit), and
   * where the objective first broke ({@code sloBroken} null when it held or there is none).
   */
  private static void rates(JsonGenerator g, RateReport r) throws IOException {
    g.writeObjectFieldStart("rate");
    g.writeStringField("schedule", r.schedule());
    g.writeStringField("slo", r.slo());
    g.writeArrayFieldStart("columns");
    for (String c :
        List.of(
            "startSeconds",
            "endSeconds",
            "intendedOpsPerSec",
            "achievedOpsPerSec",
            "backlog",
            "scheduleOpsPerSec")) {
      g.writeString(c);
    }
    if (r.slo() != null) {
      for (String limit : r.slo().split(",")) {
        g.writeString(limit.substring(0, limit.indexOf('<')) + "Millis");
      }
    }
    g.writeEndArray();
    g.writeArrayFieldStart("intervals");
    for (RateReport.Interval in : r.intervals()) {
      g.writeStartArray();
      g.writeNumber(in.startSeconds());
      g.writeNumber(in.endSeconds());
      g.writeNumber(in.intendedOpsPerSec());
      g.writeNumber(in.achievedOpsPerSec());
      g.writeNumber(in.backlog());
      g.writeNumber(in.scheduleOpsPerSec());
      for (long nanos : in.latencyNanos()) {
        g.writeNumber(nanos / 1e6);
      }
      g.writeEndArray();
    }
    g.writeEndArray();
    g.writeNumberField("maxBacklog", r.maxBacklog());
    g.writeFieldName("sloBroken");
    RateReport.Interval b = r.broken();
    if (b == null) {
      g.writeNull();
    } else {
      g.writeStartObject();
      g.writeNumberField("interval", r.brokenAt());
      g.writeNumberField("atSeconds", b.endSeconds());
      g.writeNumberField("scheduleOpsPerSec", b.scheduleOpsPerSec());
      g.writeNumberField("intendedOpsPerSec", b.intendedOpsPerSec());
      g.writeStringField("by", r.brokenBy());
      g.writeEndObject();
    }
    // the first interval from which the objective never held again (null: it held by the end)
    g.writeFieldName("sloBrokenForGood");
    RateReport.Interval f = r.brokenForGood();
    if (f == null) {
      g.writeNull();
    } else {
      g.writeStartObject();
      g.writeNumberField("interval", r.intervals().indexOf(f));
      g.writeNumberField("atSeconds", f.endSeconds());
      g.writeNumberField("scheduleOpsPerSec", f.scheduleOpsPerSec());
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  /** Which of the run's clients this is, and how its start lined up with the shared one. */
  private static void client(JsonGenerator g, ClientInfo c) throws IOException {
    g.writeObjectFieldStart("client");
    g.writeNumberField("shard", c.shard().index());
    g.writeNumberField("shards", c.shard().count());
    g.writeStringField("host", c.host());
    g.writeFieldName("startAtEpochMillis");
    Json.value(g, c.startAtEpochMillis()); // null without --start-at
    g.writeNumberField("startLateMillis", c.startLateMillis());
    g.writeStringField(
        "clock", "wall clock of this host; merged runs compare shards' windows in wall-clock time");
    g.writeEndObject();
  }

  /** Latency in microseconds; null figures when nothing was recorded. */
  private static void latency(JsonGenerator g, String name, Histogram h) throws IOException {
    g.writeObjectFieldStart(name);
    long n = h.getTotalCount();
    g.writeNumberField("count", n);
    micros(g, "mean", n == 0 ? null : h.getMean());
    micros(g, "min", n == 0 ? null : (double) h.getMinValue());
    micros(g, "max", n == 0 ? null : (double) h.getMaxValue());
    for (double p : PERCENTILES) {
      micros(
          g,
          "p" + (p % 1 == 0 ? Long.toString((long) p) : Double.toString(p)),
          n == 0 ? null : (double) h.getValueAtPercentile(p));
    }
    g.writeEndObject();
  }

  private static void micros(JsonGenerator g, String name, Double nanos) throws IOException {
    g.writeFieldName(name);
    if (nanos == null) {
      g.writeNull();
    } else {
      g.writeNumber(nanos / 1000.0);
    }
  }

  private static void environment(JsonGenerator g) throws IOException {
    g.writeObjectFieldStart("environment");
    g.writeStringField("javaVersion", System.getProperty("java.version"));
    g.writeStringField("javaVm", System.getProperty("java.vm.name"));
    g.writeArrayFieldStart("jvmArgs");
    for (String a :
        Redaction.jvmArguments(ManagementFactory.getRuntimeMXBean().getInputArguments())) {
      g.writeString(a);
    }
    g.writeEndArray();
    g.writeNumberField("availableProcessors", Runtime.getRuntime().availableProcessors());
    g.writeNumberField(
        "loadAverage", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    g.writeStringField("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
    g.writeEndObject();
  }
}
