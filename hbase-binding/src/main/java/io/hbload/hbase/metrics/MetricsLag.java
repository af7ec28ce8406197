package io.hbload.hbase.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.util.List;
import java.util.Properties;

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

  /** Hadoop's default metrics2 period. */
  static final long HADOOP_DEFAULT_PERIOD_MILLIS = 10_000;

  /**
   * What metrics2 reads for the prefix "hbase", first found first: the same order as Hadoop's
   * MetricsConfig.
   */
  private static final List<String> FILES =
      List.of("hadoop-metrics2-hbase.properties", "hadoop-metrics2.properties");

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
    return of(MetricsLag.class.getClassLoader());
  }

  /**
   * The period itself, in milliseconds: what hbload's embedded cluster states under {@link
   * #DECLARED_PERIOD_KEY}.
   */
  public static long thisJvmPeriodMillis() {
    return period(MetricsLag.class.getClassLoader()).millis();
  }

  static MetricsLag of(ClassLoader loader) {
    Period p = period(loader);
    return ofPeriod(p.millis(), p.source());
  }

  /** A period and where it was read. */
  private record Period(long millis, String source) {}

  private static Period period(ClassLoader loader) {
    for (String file : FILES) {
      URL url = loader.getResource(file);
      if (url == null) {
        continue;
      }
      Properties p = new Properties();
      try (InputStream in = url.openStream()) {
        p.load(in);
      } catch (IOException | IllegalArgumentException e) {
        break; // metrics2 could not read it either: its default holds
      }
      long millis = periodMillis(p);
      if (millis > 0) {
        return new Period(millis, "that " + file + " on this JVM's class path sets");
      }
      break;
    }
    return new Period(
        HADOOP_DEFAULT_PERIOD_MILLIS, "Hadoop uses when no file on this JVM's class path sets one");
  }

  /**
   * The period in a metrics2 properties file, in the order metrics2 looks: the prefix's own key
   * before {@code *}'s, milliseconds before seconds; -1 when it sets none, or none readable.
   */
  static long periodMillis(Properties p) {
    for (String prefix : List.of("hbase.", "*.")) {
      long millis = number(p.getProperty(prefix + "period.millis"));
      if (millis > 0) {
        return millis;
      }
    }
    for (String prefix : List.of("hbase.", "*.")) {
      long seconds = number(p.getProperty(prefix + "period"));
      if (seconds > 0) {
        return seconds * 1000;
      }
    }
    return -1;
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
        long period = number(property.path("value").asText());
        return period > 0
            ? ofPeriod(
                period,
                "that the RegionServer's configuration states (" + DECLARED_PERIOD_KEY + ")")
            : null;
      }
    }
    return null;
  }

  private static long number(String text) {
    if (text == null) {
      return -1;
    }
    try {
      return Long.parseLong(text.strip());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static String seconds(long millis) {
    return millis % 1000 == 0 ? Long.toString(millis / 1000) : Double.toString(millis / 1000.0);
  }
}
