package io.hbload.core.binding;

/**
 * One extra line of a report, in YCSB's {@code [metric], measurement, value} shape; {@code value}
 * is a {@link Long}, {@link Integer}, {@link Double} or {@link String}.
 */
public record ReportLine(String metric, String measurement, Object value) {}
