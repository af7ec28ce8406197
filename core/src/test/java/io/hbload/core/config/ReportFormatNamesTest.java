package io.hbload.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.parse.SpecParser;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * YCSB names its exporters by class: every name YCSB or hbload accepts parses into the one enum
 * constant.
 */
class ReportFormatNamesTest {
  @ParameterizedTest
  @CsvSource({
    "site.ycsb.measurements.exporter.TextMeasurementsExporter, TEXT",
    "site.ycsb.measurements.exporter.JSONMeasurementsExporter, JSON",
    "site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter, JSON_ARRAY",
    "com.yahoo.ycsb.measurements.exporter.TextMeasurementsExporter, TEXT",
    "com.yahoo.ycsb.measurements.exporter.JSONMeasurementsExporter, JSON",
    "com.yahoo.ycsb.measurements.exporter.JSONArrayMeasurementsExporter, JSON_ARRAY",
    "text, TEXT",
    "json, JSON",
    "jsonarray, JSON_ARRAY"
  })
  void ycsbClassNamesAndShortNamesParseIntoTheEnum(String exporter, ReportFormat expected) {
    assertThat(ReportFormat.parse(exporter)).contains(expected);
    assertThat(SpecParser.parse(Map.of("exporter", exporter), Phase.RUN).outputs().format())
        .isEqualTo(expected);
  }

  @ParameterizedTest
  @EnumSource(ReportFormat.class)
  void eachFormatsYcsbClassNameParsesBackToIt(ReportFormat format) {
    assertThat(format.ycsbClassName()).startsWith("site.ycsb.measurements.exporter.");
    assertThat(ReportFormat.parse(format.ycsbClassName())).contains(format);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"site.ycsb.measurements.exporter.XmlExporter", "TEXT", "TextMeasurementsExporter"})
  void anythingElseIsOneErrorNamingThePropertyReportedWithTheOthers(String exporter) {
    assertThat(ReportFormat.parse(exporter)).isEmpty();
    assertThatThrownBy(
            () -> SpecParser.parse(Map.of("exporter", exporter, "threadcount", "x"), Phase.RUN))
        .isInstanceOf(SpecException.class)
        .satisfies(
            e ->
                assertThat(((SpecException) e).problems())
                    .containsExactly(
                        "property threadcount: 'x' is not a whole number",
                        "property exporter: unknown exporter '"
                            + exporter
                            + "' (TextMeasurementsExporter, "
                            + "JSONMeasurementsExporter, JSONArrayMeasurementsExporter)"));
  }

  @Test
  void noExporterIsText() {
    assertThat(SpecParser.parse(Map.of(), Phase.RUN).outputs().format())
        .isEqualTo(ReportFormat.TEXT);
  }
}
