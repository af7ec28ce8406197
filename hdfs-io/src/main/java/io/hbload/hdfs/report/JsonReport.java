package io.hbload.hdfs.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.hbload.core.export.Json;
import io.hbload.hdfs.coder.IsalLibrary;
import java.io.IOException;
import java.util.List;

/**
 * Renders runs as a JSON array of objects, one per run and line, field names as in {@link
 * RunResult}, plus {@code isal}: whether the ISA-L coder loaded in this JVM and why not ({@link
 * IsalLibrary#status()}). Rates and loads with four decimals, null when not finite. Stateless.
 */
public final class JsonReport {
  private JsonReport() {}

  /**
   * The DataNode fault of a timed pass: who was stopped and how, the healthy and degraded windows,
   * the repair (seconds from the pass's start; null for never) and the settings that pace it.
   */
  private static void fault(JsonGenerator g, DataNodeFaultResult f, double passSeconds)
      throws IOException {
    g.writeStartObject();
    g.writeArrayFieldStart("stopped");
    for (String s : f.stopped()) {
      g.writeString(s);
    }
    g.writeEndArray();
    g.writeArrayFieldStart("howStopped");
    for (String s : f.howStopped()) {
      g.writeString(s);
    }
    g.writeEndArray();
    g.writeBooleanField("stoppedOk", f.stoppedOk());
    Json.fixed(g, "plannedAtSeconds", f.plannedAtSeconds(), 3);
    Json.fixed(g, "injectedAtSeconds", orNaN(f.injectedAtSeconds()), 3);
    window(g, "healthy", f.healthy());
    window(g, "degraded", f.degraded());
    Json.fixed(g, "degradedThroughputRatio", f.throughputRatio(), 4);
    g.writeNumberField("missingUnitsAtFault", f.missingUnitsAtFault());
    g.writeNumberField("missingBytesAtFault", f.missingBytesAtFault());
    Json.fixed(g, "nameNodeNoticedSeconds", orNaN(f.nameNodeNoticedSeconds()), 3);
    Json.fixed(g, "fullRedundancySeconds", orNaN(f.fullRedundancySeconds()), 3);
    Json.fixed(g, "secondsToFullRedundancy", orNaN(f.secondsToFullRedundancy()), 3);
    g.writeBooleanField("recovered", f.recovered());
    g.writeNumberField("restoredBytes", f.restoredBytes());
    Json.fixed(g, "reconstructionMiBps", f.reconstructionMiBps(passSeconds), 4);
    g.writeObjectFieldStart("dataNodeCounters");
    for (var e : f.dataNodeCounters().entrySet()) {
      g.writeNumberField(e.getKey(), e.getValue());
    }
    g.writeEndObject();
    g.writeObjectFieldStart("throttles");
    for (var e : f.throttles().entrySet()) {
      g.writeStringField(e.getKey(), e.getValue());
    }
    g.writeEndObject();
    g.writeArrayFieldStart("series");
    for (DataNodeFaultResult.Sample s : f.series()) {
      g.writeStartObject();
      g.writeNumberField("second", s.second());
      Json.fixed(g, "mibPerSec", s.mibPerSec(), 3);
      g.writeNumberField("missingUnits", s.missingUnits());
      g.writeNumberField("lowRedundancyBlocks", s.lowRedundancyBlocks());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  private static void window(JsonGenerator g, String name, DataNodeFaultResult.Window w)
      throws IOException {
    g.writeObjectFieldStart(name);
    Json.fixed(g, "seconds", w.seconds(), 3);
    g.writeNumberField("bytes", w.bytes());
    g.writeNumberField("calls", w.calls());
    Json.fixed(g, "mibPerSec", w.mibPerSec(), 4);
    g.writeNumberField("p50Micros", w.p50Micros());
    g.writeNumberField("p99Micros", w.p99Micros());
    g.writeNumberField("maxMicros", w.maxMicros());
    g.writeEndObject();
  }

  /** -1 ("never") as NaN, which the JSON writes as null. */
  private static double orNaN(double v) {
    return v < 0 ? Double.NaN : v;
  }

  public static String render(List<RunResult> runs) {
    return Json.write(
            Json.Layout.ROWS,
            g -> {
              g.writeStartArray();
              for (RunResult r : runs) {
                g.writeStartObject();
                g.writeStringField("phase", r.phase());
                g.writeStringField("policy", r.policy());
                g.writeStringField("coder", r.coder());
                g.writeStringField("isal", IsalLibrary.status());
                g.writeStringField("target", r.target());
                g.writeStringField("start", r.start().toString());
                g.writeNumberField("files", r.files());
                g.writeNumberField("bytes", r.bytes());
                g.writeNumberField("wallNanos", r.wallNanos());
                Json.fixed(g, "aggregateMiBps", r.aggregateMiBps(), 4);
                Json.fixed(g, "throughputMiBps", r.throughputMiBps(), 4);
                Json.fixed(g, "avgIoRateMiBps", r.avgIoRateMiBps(), 4);
                Json.fixed(g, "ioRateStdDev", r.ioRateStdDev(), 4);
                Json.fixed(g, "cpuCores", r.cpuCores(), 4);
                g.writeNumberField("erasureCodedBytes", r.erasureCodedBytes());
                g.writeNumberField("ecDecodeMillis", r.ecDecodeMillis());
                g.writeNumberField("isalEncodeNanos", r.isalEncodeNanos());
                g.writeNumberField("isalDecodeNanos", r.isalDecodeNanos());
                g.writeNumberField("mismatchedBytes", r.mismatchedBytes());
                g.writeNumberField("dataNodesDown", r.dataNodesDown());
                Json.fixed(g, "load1Start", r.load1Start(), 4);
                Json.fixed(g, "load1End", r.load1End(), 4);
                if (r.dataNodeFault().isPresent()) {
                  g.writeFieldName("dataNodeFault");
                  fault(g, r.dataNodeFault().get(), r.wallNanos() / 1e9);
                }
                g.writeEndObject();
              }
              g.writeEndArray();
            })
        + "\n";
  }
}
