package io.hbload.hdfs.report;

import io.hbload.core.export.Json;
import io.hbload.hdfs.coder.IsalLibrary;
import java.util.List;

/**
 * Renders runs as a JSON array of objects, one per run and line, field names as in {@link
 * RunResult}, plus {@code isal}: whether the ISA-L coder loaded in this JVM and why not ({@link
 * IsalLibrary#status()}). Rates and loads with four decimals, null when not finite. Stateless.
 */
public final class JsonReport {
  private JsonReport() {}

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
                g.writeEndObject();
              }
              g.writeEndArray();
            })
        + "\n";
  }
}
