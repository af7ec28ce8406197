package io.hbload.core.export;

import com.fasterxml.jackson.core.JsonGenerator;
import io.hbload.core.config.ReportFormat;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;

/**
 * Writes report records in the shape of YCSB's exporters: text lines ({@code [READ], Operations,
 * 1525}), JSONMeasurementsExporter's space-separated objects, or JSONArrayMeasurementsExporter's
 * array, byte for byte as YCSB writes them. Numbers print as Java prints them (YCSB's {@code
 * Double.toString}). Stateless.
 */
public final class ReportWriter {
  private ReportWriter() {}

  public static void write(List<ReportRecord> records, ReportFormat format, PrintStream out) {
    switch (format) {
      case JSON -> json(records, out, false);
      case JSON_ARRAY -> json(records, out, true);
      case TEXT ->
          records.forEach(
              r -> out.println("[" + r.metric() + "], " + r.measurement() + ", " + r.value()));
    }
    out.flush();
  }

  /**
   * YCSB 0.17.0's exporters write through Jackson 1.9's default pretty printer; Jackson 2's lays
   * out the same bytes: each field on its own line indented two spaces, {@code " : "}, root objects
   * separated by a space, an array as {@code [ {...}, {...} ]}, no newline at the end.
   */
  private static void json(List<ReportRecord> records, PrintStream out, boolean array) {
    out.print(
        Json.write(
            Json.Layout.YCSB,
            g -> {
              if (array) {
                g.writeStartArray();
              }
              for (ReportRecord r : records) {
                record(g, r.metric(), r.measurement(), r.value());
              }
              if (array) {
                g.writeEndArray();
              }
            }));
  }

  /**
   * One {@code {"metric", "measurement", "value"}} object, YCSB's record (also the JSON result's
   * binding metrics).
   */
  static void record(JsonGenerator g, String metric, String measurement, Object value)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("metric", metric);
    g.writeStringField("measurement", measurement);
    g.writeFieldName("value");
    Json.value(g, value);
    g.writeEndObject();
  }
}
