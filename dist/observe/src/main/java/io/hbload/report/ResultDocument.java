package io.hbload.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbload.core.config.SpecException;
import io.hbload.core.export.Json;
import io.hbload.core.read.HlogFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * A {@code --json} result read back for a report, checked before anything is drawn from it: bounded
 * in size and nesting ({@link Json#nestedTooDeep}), of the shape hbload writes, with finite
 * figures, and paired only with logs of the same run. Every problem is a {@link SpecException}
 * naming the file. Stateless.
 */
public final class ResultDocument {
  /**
   * Largest document accepted: a run's result is kilobytes (its properties and a line per
   * measurement).
   */
  static final long MAX_BYTES = Json.MAX_READ_BYTES;

  /** Deepest nesting accepted: hbload writes four levels. */
  static final int MAX_DEPTH = Json.MAX_READ_DEPTH;

  private static final ObjectMapper JSON = new ObjectMapper();

  private ResultDocument() {}

  public static JsonNode read(Path file) throws IOException {
    JsonNode doc = readTree(file);
    if (doc == null || !doc.isObject() || !doc.path("tool").asText().equals("hbload")) {
      throw new SpecException(file + ": not an hbload JSON result (written by --json)");
    }
    return checked(file, doc);
  }

  /**
   * Any JSON document within the same bounds (size, nesting), not yet checked for shape: for the
   * readers of other documents hbload writes (a dfsio {@code --json}). Bad input naming the file
   * when it is not JSON.
   */
  public static JsonNode readTree(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new SpecException(file + ": not a regular file");
    }
    long size = Files.size(file);
    if (size > MAX_BYTES) {
      throw new SpecException(file + ": " + size + " bytes, too large for an hbload JSON result");
    }
    byte[] bytes = Files.readAllBytes(file);
    JsonNode doc;
    try {
      if (Json.nestedTooDeep(bytes)) {
        throw new SpecException(
            file + ": not an hbload JSON result: nested deeper than " + MAX_DEPTH + " levels");
      }
      doc = JSON.readTree(bytes);
    } catch (IOException e) {
      throw new SpecException(
          file + ": not JSON: " + e.getMessage().lines().findFirst().orElse(""));
    }
    return doc;
  }

  private static JsonNode checked(Path file, JsonNode doc) {
    String phase = doc.path("phase").asText();
    if (!phase.equals("load") && !phase.equals("run")) {
      throw shape(file, "phase", "load or run");
    }
    startMillis(file, doc);
    for (String field : new String[] {"runtimeMillis", "operations", "errors", "threads"}) {
      count(file, doc, field);
    }
    if (!doc.path("throughputOpsPerSec").isNumber()
        || !Double.isFinite(doc.path("throughputOpsPerSec").asDouble())
        || doc.path("throughputOpsPerSec").asDouble() < 0) {
      throw shape(file, "throughputOpsPerSec", "a finite number of operations per second");
    }
    if (!doc.path("measurements").isArray()) {
      throw shape(file, "measurements", "an array");
    }
    for (JsonNode m : doc.path("measurements")) {
      if (!m.path("name").isTextual() || m.path("name").asText().isEmpty()) {
        throw shape(file, "measurements[].name", "a name");
      }
      count(file, m, "operations");
      if (!m.path("returns").isObject()) {
        throw shape(file, "measurements[].returns", "an object of Return counts");
      }
      for (JsonNode n : m.path("returns")) {
        if (!n.canConvertToLong() || n.asLong() < 0) {
          throw shape(file, "measurements[].returns", "counts");
        }
      }
    }
    return doc;
  }

  /**
   * Bad input unless {@code log} was written by the run {@code doc} describes (same start; same
   * phase and count).
   */
  public static void sameRun(Path json, JsonNode doc, HlogFile log) {
    long start = startMillis(json, doc);
    if (log.startEpochMillis() != start) {
      throw new SpecException(
          log.path()
              + ": not the log of "
              + json
              + ": its run started at "
              + Instant.ofEpochMilli(log.startEpochMillis())
              + ", that one at "
              + Instant.ofEpochMilli(start));
    }
    if (!log.merged()) {
      String phase = log.meta().getOrDefault("phase", "");
      if (!phase.equals(doc.path("phase").asText())
          || log.number("operations") != doc.path("operations").asLong()) {
        throw new SpecException(
            log.path()
                + ": not the log of "
                + json
                + ": a "
                + phase
                + " phase of "
                + log.number("operations")
                + " operations, that one a "
                + doc.path("phase").asText()
                + " phase of "
                + doc.path("operations").asLong());
      }
    }
  }

  private static long startMillis(Path file, JsonNode doc) {
    try {
      return Instant.parse(doc.path("startTime").asText()).toEpochMilli();
    } catch (DateTimeParseException e) {
      throw shape(file, "startTime", "an ISO-8601 instant");
    }
  }

  private static void count(Path file, JsonNode node, String field) {
    JsonNode n = node.path(field);
    if (!n.isIntegralNumber() || !n.canConvertToLong() || n.asLong() < 0) {
      throw shape(file, field, "a count");
    }
  }

  private static SpecException shape(Path file, String field, String expected) {
    return new SpecException(
        file + ": not an hbload JSON result: '" + field + "' is not " + expected);
  }
}
