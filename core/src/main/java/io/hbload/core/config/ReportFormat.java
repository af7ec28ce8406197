package io.hbload.core.config;

import java.util.Optional;

/**
 * The shape of the YCSB report ({@code exporter}): one of YCSB's three measurement exporters. YCSB
 * names them by class, so the class names (both {@code site.ycsb} and the older {@code
 * com.yahoo.ycsb}) and short names are what {@link #parse} accepts; the engine works with the
 * constant, never with the string.
 */
public enum ReportFormat {
  /** {@code [READ], Operations, 1525} lines: TextMeasurementsExporter. */
  TEXT("TextMeasurementsExporter", "text"),
  /** Space-separated JSON objects: JSONMeasurementsExporter. */
  JSON("JSONMeasurementsExporter", "json"),
  /** One JSON array of the same objects: JSONArrayMeasurementsExporter. */
  JSON_ARRAY("JSONArrayMeasurementsExporter", "jsonarray");

  private static final String SITE = "site.ycsb.measurements.exporter.";
  private static final String COM_YAHOO = "com.yahoo.ycsb.measurements.exporter.";

  private final String simpleName;
  private final String shortName;

  ReportFormat(String simpleName, String shortName) {
    this.simpleName = simpleName;
    this.shortName = shortName;
  }

  /**
   * YCSB 0.17's class name for this format, e.g. {@code
   * site.ycsb.measurements.exporter.TextMeasurementsExporter}.
   */
  public String ycsbClassName() {
    return SITE + simpleName;
  }

  /**
   * The format a value of {@code exporter} names: YCSB's class name (either package), or {@code
   * text}, {@code json}, {@code jsonarray}. Exact, as YCSB loads the class by that name; empty for
   * anything else.
   */
  public static Optional<ReportFormat> parse(String value) {
    for (ReportFormat f : values()) {
      if (value.equals(SITE + f.simpleName)
          || value.equals(COM_YAHOO + f.simpleName)
          || value.equals(f.shortName)) {
        return Optional.of(f);
      }
    }
    return Optional.empty();
  }

  /** The names the error for an unknown exporter lists. */
  public static String choices() {
    StringBuilder sb = new StringBuilder();
    for (ReportFormat f : values()) {
      sb.append(sb.length() == 0 ? "" : ", ").append(f.simpleName);
    }
    return sb.toString();
  }
}
