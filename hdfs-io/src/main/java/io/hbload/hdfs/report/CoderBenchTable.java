package io.hbload.hdfs.report;

import io.hbload.core.export.Json;
import io.hbload.hdfs.coder.CoderBench;
import io.hbload.hdfs.coder.IsalLibrary;
import io.hbload.hdfs.config.BadInputException;
import java.util.Locale;

/**
 * Renders a {@link CoderBench.Report} as text or JSON, with whether the ISA-L coder loaded and why
 * not (a table without rs_isal says why). Stateless.
 */
public final class CoderBenchTable {
  /** How coder-bench prints its report. */
  public enum Format {
    TEXT,
    JSON;

    /**
     * By name, case-insensitive.
     *
     * @throws BadInputException naming the formats
     */
    public static Format parse(String text) {
      for (Format f : values()) {
        if (f.name().equalsIgnoreCase(text.strip())) {
          return f;
        }
      }
      throw new BadInputException("--format must be text or json, got '" + text + "'");
    }

    /** The report in this format. */
    public String render(CoderBench.Report report) {
      return this == JSON ? json(report) : text(report);
    }

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private CoderBenchTable() {}

  public static String text(CoderBench.Report report) {
    CoderBench.Settings s = report.settings();
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "RS(%d,%d), cell %d bytes, 1 thread; GB/s = 10^9 data bytes/s; decode = %d data units erased%n",
            s.dataUnits(),
            s.parityUnits(),
            s.cellBytes(),
            Math.min(s.dataUnits(), s.parityUnits())));
    out.append(
        String.format(
            Locale.ROOT, "larger-than-cache working set: %d MiB%n", s.workingSetBytes() >> 20));
    out.append("ISA-L coder: ").append(IsalLibrary.status()).append("\n\n");
    out.append(
        String.format(
            Locale.ROOT,
            "%-10s %-7s %-18s %10s %10s%n",
            "coder",
            "buffers",
            "working set",
            "encode",
            "decode"));
    for (CoderBench.Measurement m : report.measurements()) {
      out.append(
          String.format(
              Locale.ROOT,
              "%-10s %-7s %-18s %10.2f %10.2f%n",
              m.coder(),
              m.buffers(),
              m.workingSet(),
              m.encodeGBps(),
              m.decodeGBps()));
    }
    out.append('\n').append("agreement (byte for byte):\n");
    for (String check : report.checks()) {
      out.append("  ").append(check).append('\n');
    }
    out.append(report.agree() ? "all coders agree\n" : "CODERS DISAGREE\n");
    return out.toString();
  }

  public static String json(CoderBench.Report report) {
    CoderBench.Settings s = report.settings();
    return Json.write(
            Json.Layout.ROWS,
            g -> {
              g.writeStartObject();
              g.writeNumberField("k", s.dataUnits());
              g.writeNumberField("p", s.parityUnits());
              g.writeNumberField("cellBytes", s.cellBytes());
              g.writeNumberField("workingSetBytes", s.workingSetBytes());
              Json.fixed(g, "seconds", s.seconds(), 3);
              g.writeBooleanField("agree", report.agree());
              g.writeStringField("isal", IsalLibrary.status());
              g.writeArrayFieldStart("results");
              for (CoderBench.Measurement m : report.measurements()) {
                g.writeStartObject();
                g.writeStringField("coder", m.coder());
                g.writeStringField("buffers", m.buffers());
                g.writeStringField("workingSet", m.workingSet());
                Json.fixed(g, "encodeGBps", m.encodeGBps(), 4);
                Json.fixed(g, "decodeGBps", m.decodeGBps(), 4);
                g.writeEndObject();
              }
              g.writeEndArray();
              g.writeEndObject();
            })
        + "\n";
  }
}
