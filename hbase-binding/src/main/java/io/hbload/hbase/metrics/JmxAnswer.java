package io.hbload.hbase.metrics;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbload.core.export.Json;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A RegionServer's {@code /jmx?qry=BEAN} answer ({@code {"beans": [{...}]}}), fetched over HTTP as
 * operators do with curl and read with Jackson within hbload's read limits ({@link
 * Json#MAX_READ_BYTES}, {@link Json#MAX_READ_DEPTH}): the server is someone else's. Stateless,
 * thread-safe.
 */
final class JmxAnswer {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private JmxAnswer() {}

  /**
   * The queried bean of {@code uri}'s answer; an IOException when unreachable, not 200, too large
   * or not JSON.
   */
  static JsonNode bean(URI uri) throws IOException {
    return answer(uri).path("beans").path(0);
  }

  /**
   * Every bean of {@code uri}'s answer (a pattern query answers several), an empty node for none.
   */
  static JsonNode beans(URI uri) throws IOException {
    return answer(uri).path("beans");
  }

  /**
   * An info server's whole JSON answer at {@code uri} ({@code /conf?format=json}), within the same
   * limits.
   */
  static JsonNode document(URI uri) throws IOException {
    return answer(uri);
  }

  private static JsonNode answer(URI uri) throws IOException {
    try {
      HttpResponse<InputStream> r =
          HTTP.send(
              HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
              HttpResponse.BodyHandlers.ofInputStream());
      try (InputStream in = r.body()) {
        if (r.statusCode() != 200) {
          throw new IOException(uri + " answered HTTP " + r.statusCode());
        }
        byte[] body = in.readNBytes((int) Json.MAX_READ_BYTES + 1);
        if (body.length > Json.MAX_READ_BYTES) {
          throw new IOException(
              uri + " answered more than " + Json.MAX_READ_BYTES + " bytes: not a /jmx answer");
        }
        return tree(body, uri.toString());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted reading " + uri, e);
    }
  }

  /** The first bean of a {@code /jmx} answer, a missing node when it has none. */
  static JsonNode bean(byte[] answer, String from) throws IOException {
    return tree(answer, from).path("beans").path(0);
  }

  private static JsonNode tree(byte[] answer, String from) throws IOException {
    try {
      if (Json.nestedTooDeep(answer)) {
        throw new IOException(
            from + ": not a /jmx answer: nested deeper than " + Json.MAX_READ_DEPTH + " levels");
      }
      return MAPPER.readTree(answer);
    } catch (JsonProcessingException e) {
      throw new IOException(from + ": not JSON: " + e.getOriginalMessage(), e);
    }
  }

  /**
   * The {@code /jmx?qry=...} address of {@code bean} (a name or pattern) on the info server at
   * {@code hostPort}.
   */
  static URI query(String hostPort, String bean) {
    return URI.create(
        "http://"
            + hostPort
            + "/jmx?qry="
            + bean.replace("=", "%3D").replace(",", "%2C").replace(" ", "%20").replace("*", "%2A"));
  }

  /** The same, from text (tests and callers that already hold the answer). */
  static JsonNode bean(String answer, String from) throws IOException {
    return bean(answer.getBytes(StandardCharsets.UTF_8), from);
  }

  /**
   * A count the bean holds, or -1 when it has none (absent, not a whole number, or negative as
   * JMX's "unknown").
   */
  static long count(JsonNode node) {
    return node.isIntegralNumber() && node.canConvertToLong() && node.asLong() >= 0
        ? node.asLong()
        : -1;
  }
}
