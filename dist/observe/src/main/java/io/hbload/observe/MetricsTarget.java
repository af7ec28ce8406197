package io.hbload.observe;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * Where the meters go, as {@code --metrics} names it: {@code prometheus[:PORT]} serves {@code
 * /metrics} for Prometheus to scrape (default port 9464, the port OpenTelemetry's Prometheus
 * exporter took), {@code pushgateway:URL} pushes to a Pushgateway every interval and at the end.
 * Immutable.
 */
public record MetricsTarget(Kind kind, int port, URI pushgateway) {
  public static final int DEFAULT_PORT = 9464;

  /** Scrape endpoint or push. */
  public enum Kind {
    PROMETHEUS,
    PUSHGATEWAY
  }

  /**
   * Parses the option's value; IllegalArgumentException with a message for the user when it is not
   * one.
   */
  public static MetricsTarget parse(String value) {
    String v = value.strip();
    String lower = v.toLowerCase(Locale.ROOT);
    if (lower.equals("prometheus")) {
      return new MetricsTarget(Kind.PROMETHEUS, DEFAULT_PORT, null);
    }
    if (lower.startsWith("prometheus:")) {
      String port = v.substring("prometheus:".length());
      try {
        int p = Integer.parseInt(port);
        if (p >= 0 && p <= 65535) {
          return new MetricsTarget(Kind.PROMETHEUS, p, null);
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw new IllegalArgumentException(
          "'" + port + "' is not a port (0-65535; 0 picks a free one)");
    }
    if (lower.startsWith("pushgateway:")) {
      String url = v.substring("pushgateway:".length());
      try {
        URI uri = new URI(url);
        if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
            && uri.getHost() != null) {
          return new MetricsTarget(Kind.PUSHGATEWAY, 0, uri);
        }
      } catch (URISyntaxException e) {
        // reported below
      }
      throw new IllegalArgumentException(
          "'"
              + url
              + "' is not an http(s) URL of a Pushgateway, e.g. "
              + "pushgateway:http://pushgateway:9091");
    }
    throw new IllegalArgumentException(
        "'" + value + "': expected prometheus, prometheus:PORT or pushgateway:URL");
  }
}
