package io.hbload.core.export;

import io.hbload.core.binding.ReportLine;
import io.hbload.core.measure.MeasurementTotals;
import io.hbload.core.result.RunResult;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * hbload's own result document: one valid JSON object with the run's inputs, environment (JVM, CPUs,
 * load average, so a figure can be judged later), totals, and per measurement both service and
 * intended-start latency percentiles in microseconds up to p99.999, plus outcome counts. Stateless.
 */
public final class JsonResult {
  private static final double[] PERCENTILES = {50, 90, 95, 99, 99.9, 99.99, 99.999};

  private JsonResult() {
  }

  public static String render(RunResult r) {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("tool", "hbload");
    doc.put("version", Version.get());
    doc.put("phase", r.spec().phase().name().toLowerCase());
    doc.put("binding", r.spec().binding().name());
    doc.put("startTime", Instant.ofEpochMilli(r.startEpochMillis()).toString());
    doc.put("threads", r.spec().execution().threads());
    doc.put("targetOpsPerSec", r.spec().execution().targetOpsPerSec());
    doc.put("runtimeMillis", r.runtimeMillis());
    doc.put("operations", r.operations());
    doc.put("throughputOpsPerSec", r.throughputOpsPerSec());
    doc.put("errors", r.errorCount());
    doc.put("longestCallMillis", r.longestCallMillis());
    doc.put("completed", r.completed());
    doc.put("stopReason", r.stopReason());
    List<Object> ms = new ArrayList<>();
    for (MeasurementTotals m : r.measurements()) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("name", m.name());
      o.put("operations", m.count());
      o.put("serviceMicros", latency(m.service()));
      o.put("intendedMicros", latency(m.intended()));
      o.put("returns", m.returns());
      ms.add(o);
    }
    doc.put("measurements", ms);
    List<Object> gcs = new ArrayList<>();
    r.gc().forEach(g -> gcs.add(Map.of("name", g.name(), "count", g.count(), "timeMillis", g.timeMillis())));
    doc.put("gc", gcs);
    List<Object> extra = new ArrayList<>();
    Map<String, Object> warmup = new LinkedHashMap<>();
    for (ReportLine l : r.extra()) {
      if (l.metric().equals("WARMUP")) { // the warm-up is the phase's, not the binding's: its own object
        warmup.put(l.measurement().equals("Operations") ? "operations" : "runtimeMillis", l.value());
        continue;
      }
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("metric", l.metric());
      o.put("measurement", l.measurement());
      o.put("value", l.value());
      extra.add(o);
    }
    doc.put("bindingMetrics", extra);
    if (!warmup.isEmpty()) {
      doc.put("warmup", warmup);
    }
    doc.put("client", client(r.client()));
    doc.put("environment", environment());
    doc.put("properties", new java.util.TreeMap<>(Redaction.settings(r.spec().provenance().properties())));
    return Json.value(doc);
  }

  /** Which of the run's clients this is, and how its start lined up with the shared one. */
  private static Map<String, Object> client(io.hbload.core.result.ClientInfo c) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("shard", c.shard().index());
    o.put("shards", c.shard().count());
    o.put("host", c.host());
    o.put("startAtEpochMillis", c.startAtEpochMillis());
    o.put("startLateMillis", c.startLateMillis());
    o.put("clock", "wall clock of this host; merged runs compare shards' windows in wall-clock time");
    return o;
  }

  private static Map<String, Object> latency(Histogram h) {
    Map<String, Object> o = new LinkedHashMap<>();
    long n = h.getTotalCount();
    o.put("count", n);
    o.put("mean", n == 0 ? null : h.getMean() / 1000.0);
    o.put("min", n == 0 ? null : h.getMinValue() / 1000.0);
    o.put("max", n == 0 ? null : h.getMaxValue() / 1000.0);
    for (double p : PERCENTILES) {
      o.put("p" + (p % 1 == 0 ? Long.toString((long) p) : Double.toString(p)),
          n == 0 ? null : h.getValueAtPercentile(p) / 1000.0);
    }
    return o;
  }

  private static Map<String, Object> environment() {
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("javaVersion", System.getProperty("java.version"));
    e.put("javaVm", System.getProperty("java.vm.name"));
    e.put("jvmArgs", Redaction.jvmArguments(ManagementFactory.getRuntimeMXBean().getInputArguments()));
    e.put("availableProcessors", Runtime.getRuntime().availableProcessors());
    e.put("loadAverage", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    e.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
    return e;
  }
}
