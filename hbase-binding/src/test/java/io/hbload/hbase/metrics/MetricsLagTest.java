package io.hbload.hbase.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How long /jmx can trail a RegionServer's counters: the metrics2 period read as Hadoop reads it
 * (the prefix's key before {@code *}'s, milliseconds before seconds, the hbase file before the
 * general one), and as hbload's embedded cluster states it in its configuration; two periods and
 * half a second.
 */
class MetricsLagTest {
  @Test
  void thePeriodIsReadInMetrics2sOrder() {
    assertThat(MetricsLag.periodMillis(props())).isEqualTo(-1);
    assertThat(MetricsLag.periodMillis(props("*.period", "1"))).isEqualTo(1000);
    assertThat(MetricsLag.periodMillis(props("*.period", "1", "hbase.period", "3")))
        .isEqualTo(3000);
    assertThat(MetricsLag.periodMillis(props("hbase.period", "3", "*.period.millis", "200")))
        .isEqualTo(200);
    assertThat(
            MetricsLag.periodMillis(props("*.period.millis", "200", "hbase.period.millis", "700")))
        .isEqualTo(700);
    assertThat(MetricsLag.periodMillis(props("*.period", "soon"))).isEqualTo(-1);
    assertThat(MetricsLag.periodMillis(props("*.period", "0"))).isEqualTo(-1);
  }

  @Test
  void theClassPathsFileForHBaseComesFirstAndHadoopsDefaultWithoutOne(@TempDir Path dir)
      throws Exception {
    try (URLClassLoader none = loader(dir)) {
      MetricsLag lag = MetricsLag.of(none);
      assertThat(lag.boundMillis()).isEqualTo(20_500);
      assertThat(lag.why()).contains("10 s metrics2 period Hadoop uses");
    }
    Files.writeString(dir.resolve("hadoop-metrics2.properties"), "*.period=4\n");
    try (URLClassLoader general = loader(dir)) {
      assertThat(MetricsLag.of(general).boundMillis()).isEqualTo(8_500);
    }
    Files.writeString(dir.resolve("hadoop-metrics2-hbase.properties"), "*.period=1\n");
    try (URLClassLoader hbase = loader(dir)) {
      MetricsLag lag = MetricsLag.of(hbase);
      assertThat(lag.boundMillis()).isEqualTo(2_500);
      assertThat(lag.why())
          .isEqualTo(
              "twice the 1 s metrics2 period that hadoop-metrics2-hbase.properties on this JVM's"
                  + " class path sets");
    }
  }

  @Test
  void aServerStatesItsPeriodInItsConfigurationOrNot() throws Exception {
    ObjectMapper json = new ObjectMapper();
    MetricsLag stated =
        MetricsLag.declared(
            json.readTree(
                """
                {"properties": [
                  {"key": "hbase.regionserver.metrics.period", "value": "1000"},
                  {"key": "hbload.metrics2.period.millis", "value": "1000", "isFinal": false}]}
                """));
    assertThat(stated.boundMillis()).isEqualTo(2_500);
    assertThat(stated.why()).contains("the RegionServer's configuration states");
    assertThat(
            MetricsLag.declared(
                json.readTree(
                    """
                    {"properties": [{"key": "hbase.regionserver.metrics.period", "value": "1000"}]}
                    """)))
        .as("any cluster but hbload's embedded one")
        .isNull();
    assertThat(
            MetricsLag.declared(
                json.readTree(
                    """
                    {"properties": [{"key": "hbload.metrics2.period.millis", "value": "-5"}]}
                    """)))
        .isNull();
    assertThat(MetricsLag.declared(json.readTree("{}"))).isNull();
    assertThat(MetricsLag.unknown().boundMillis()).isEqualTo(15_500);
  }

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  /** A class loader that sees only {@code dir}. */
  private static URLClassLoader loader(Path dir) throws Exception {
    return new URLClassLoader(new URL[] {dir.toUri().toURL()}, null);
  }
}
