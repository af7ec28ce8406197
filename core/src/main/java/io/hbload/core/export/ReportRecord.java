package io.hbload.core.export;

/** One {@code [metric], measurement, value} line; value is a Long, Double or String. */
public record ReportRecord(String metric, String measurement, Object value) {}
