package io.hbload.hbase.config;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.List;
import java.util.Properties;

/**
 * The period of Hadoop's metrics2 system for HBase (prefix "hbase"), as metrics2 reads it from the
 * class path: the first of {@code hadoop-metrics2-hbase.properties} and {@code
 * hadoop-metrics2.properties} found, the prefix's key before {@code *}'s, milliseconds before
 * seconds, 10 s when none is set. It sets how long metrics2 keeps what JVM's JMX serves.
 *
 * @param millis the period
 * @param source where it was read, in words
 */
public record Metrics2Period(long millis, String source) {
  /** Hadoop's default period. */
  public static final long HADOOP_DEFAULT_MILLIS = 10_000;

  /** The files metrics2 reads for HBase, first found first (as Hadoop's MetricsConfig). */
  private static final List<String> FILES =
      List.of("hadoop-metrics2-hbase.properties", "hadoop-metrics2.properties");

  /** What metrics2 in a JVM with this class path uses. */
  public static Metrics2Period onClassPath(ClassLoader loader) {
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
      long millis = millis(p);
      if (millis > 0) {
        return new Metrics2Period(millis, "that " + file + " on this JVM's class path sets");
      }
      break;
    }
    return new Metrics2Period(
        HADOOP_DEFAULT_MILLIS, "Hadoop uses when no file on this JVM's class path sets one");
  }

  /** The period one metrics2 properties file sets, -1 when it sets none, or none readable. */
  static long millis(Properties p) {
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

  /** A whole positive number, else -1. */
  public static long number(String text) {
    if (text == null) {
      return -1;
    }
    try {
      long v = Long.parseLong(text.strip());
      return v > 0 ? v : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
