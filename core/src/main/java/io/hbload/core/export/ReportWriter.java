package io.hbload.core.export;

import io.hbload.core.config.ReportFormat;
import java.io.PrintStream;
import java.util.List;

/**
 * Writes report records in the shape of YCSB's exporters: text lines ({@code [READ], Operations, 1525}),
 * JSONMeasurementsExporter's space-separated objects, or JSONArrayMeasurementsExporter's array. Numbers
 * print as Java prints them (YCSB's {@code Double.toString}). Stateless.
 */
public final class ReportWriter {
  private ReportWriter() {
  }

  public static void write(List<ReportRecord> records, ReportFormat format, PrintStream out) {
    switch (format) {
      case JSON -> json(records, out, false);
      case JSON_ARRAY -> json(records, out, true);
      case TEXT -> records.forEach(r -> out.println("[" + r.metric() + "], " + r.measurement() + ", " + r.value()));
    }
    out.flush();
  }

  private static void json(List<ReportRecord> records, PrintStream out, boolean array) {
    StringBuilder sb = new StringBuilder();
    if (array) {
      sb.append("[ ");
    }
    for (int i = 0; i < records.size(); i++) {
      if (i > 0) {
        sb.append(array ? ", " : " ");
      }
      ReportRecord r = records.get(i);
      sb.append("{\"metric\" : ").append(Json.quote(r.metric()))
          .append(", \"measurement\" : ").append(Json.quote(r.measurement()))
          .append(", \"value\" : ").append(Json.value(r.value())).append('}');
    }
    if (array) {
      sb.append(" ]");
    }
    out.print(sb);
  }
}
