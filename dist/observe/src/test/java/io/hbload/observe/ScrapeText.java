package io.hbload.observe;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * Reads a sample out of Prometheus text format by metric name and a subset of its labels, in any
 * label order.
 */
public final class ScrapeText {
  private ScrapeText() {}

  public static OptionalDouble value(String scrape, String metric, Map<String, String> labels) {
    for (String line : scrape.split("\n")) {
      if (line.startsWith("#")
          || !(line.startsWith(metric + "{") || line.startsWith(metric + " "))) {
        continue;
      }
      boolean all =
          labels.entrySet().stream()
              .allMatch(e -> line.contains(e.getKey() + "=\"" + e.getValue() + "\""));
      if (all) {
        return OptionalDouble.of(Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)));
      }
    }
    return OptionalDouble.empty();
  }
}
