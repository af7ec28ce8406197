package io.hbload.hbase.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import io.hbload.hbase.config.Metrics2Period;
import java.io.IOException;
import java.net.URI;

/**
 * The longest a RegionServer's JMX figures can trail its counters, and how hbload knows it: what
 * bounds the wait for a run's last calls to show. HBase 2's RegionServer bean reads the block-cache
 * and request counters live, but Hadoop's metrics2 serves each source to JMX from a cache it keeps
 * for one metrics2 period (10 s by default, 1 s on hbload's embedded cluster), filled from its
 * timer's last snapshot when a sink is configured, which can be a period older again: a read made
 * two periods after a run ended holds every call of the run.
 *
 * @param boundMillis how long after a run a read surely includes it
 * @param why the reason, for the line that says why hbload waits
 */
public record MetricsLag(long boundMillis, String why) {
  /**
   * Where hbload's embedded cluster states its metrics2 period in its configuration, so that a
   * client in another JVM can read it from a RegionServer's {@code /conf}: metrics2 reads its own
   * properties file, which no client can see.
   */
  public static final String DECLARED_PERIOD_KEY = "hbload.metrics2.period.millis";

  /**
   * Servers whose period is not known (any cluster but hbload's embedded one): Hadoop's 10 s cache
   * and half a period more, for when no sink snapshots the sources (the usual case).
   */
  public static MetricsLag unknown() {
    return new MetricsLag(
        15_500,
        "the RegionServers do not state their metrics2 period; Hadoop's default keeps /jmx for"
            + " 10 s (-p hbload.metrics.settlems=MS sets this wait)");
  }

  /** Two metrics2 periods and half a second for the reads themselves. */
  static MetricsLag ofPeriod(long periodMillis, String source) {
    return new MetricsLag(
        2 * periodMillis + 500,
        "twice the " + seconds(periodMillis) + " s metrics2 period " + source);
  }

  /**
   * This JVM's metrics2 period for HBase, as Hadoop reads it from the class path: for RegionServers
   * that run in this JVM.
   */
  public static MetricsLag ofThisJvm() {
    return of(Metrics2Period.onClassPath(MetricsLag.class.getClassLoader()));
  }

  /** Two periods of {@code p} and half a second. */
  static MetricsLag of(Metrics2Period p) {
    return ofPeriod(p.millis(), p.source());
  }

  /**
   * The period a RegionServer states in its configuration, read from its info server's {@code
   * /conf}; null when it states none (any cluster but hbload's embedded one).
   *
   * @throws IOException when {@code /conf} cannot be read
   */
  public static MetricsLag declaredBy(String infoServer) throws IOException {
    return declared(JmxAnswer.document(URI.create("http://" + infoServer + "/conf?format=json")));
  }

  /** The same, from a {@code /conf?format=json} answer. */
  static MetricsLag declared(JsonNode conf) {
    for (JsonNode property : conf.path("properties")) {
      if (DECLARED_PERIOD_KEY.equals(property.path("key").asText())) {
        long period = Metrics2Period.number(property.path("value").asText());
        return period > 0
            ? ofPeriod(
                period,
                "that the RegionServer's configuration states (" + DECLARED_PERIOD_KEY + ")")
            : null;
      }
    }
    return null;
  }

  private static String seconds(long millis) {
    return millis % 1000 == 0 ? Long.toString(millis / 1000) : Double.toString(millis / 1000.0);
  }
}
