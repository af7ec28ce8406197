package io.hbload.hbase.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbload.hbase.config.Metrics2Period;
import org.junit.jupiter.api.Test;

/**
 * How long /jmx can trail a RegionServer's counters: two metrics2 periods and half a second, the
 * period as this JVM's metrics2 reads it or as hbload's embedded cluster states it in its
 * configuration; 15.5 s when the servers do not say.
 */
class MetricsLagTest {
  @Test
  void twoPeriodsAndHalfASecond() {
    MetricsLag lag =
        MetricsLag.of(
            new Metrics2Period(
                1000, "that hadoop-metrics2-hbase.properties on this JVM's class path sets"));
    assertThat(lag.boundMillis()).isEqualTo(2_500);
    assertThat(lag.why())
        .isEqualTo(
            "twice the 1 s metrics2 period that hadoop-metrics2-hbase.properties on this JVM's"
                + " class path sets");
    assertThat(MetricsLag.of(new Metrics2Period(10_000, "x")).boundMillis()).isEqualTo(20_500);
    assertThat(MetricsLag.of(new Metrics2Period(1500, "x")).why()).startsWith("twice the 1.5 s");
    assertThat(MetricsLag.unknown().boundMillis()).isEqualTo(15_500);
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
  }
}
