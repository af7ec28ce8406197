package io.hbload.observe;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Pushes the registry to a Pushgateway with its plain HTTP API ({@code PUT /metrics/job/hbload/host/H/shard/I},
 * text format 0.0.4): PUT replaces the group, so each push is the client's full, current state and a shard's group
 * never holds another's series. The JDK HTTP client keeps this free of another library; the Prometheus client's own
 * pusher (prometheus-metrics-exporter-pushgateway) does the same request. Not thread-safe: one pushing thread.
 */
final class Pushgateway {
  private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final PrometheusMeterRegistry registry;
  private final URI groupUri;

  Pushgateway(PrometheusMeterRegistry registry, URI base, RunTags tags) {
    this.registry = registry;
    String root = base.toString().replaceAll("/+$", "");
    this.groupUri = URI.create(root + "/metrics/job/hbload/host/" + encode(tags.host()) + "/shard/" + tags.shard());
  }

  URI groupUri() {
    return groupUri;
  }

  /** One push of every meter; IOException when the gateway cannot be reached or refuses. */
  void push() throws IOException {
    HttpRequest request = HttpRequest.newBuilder(groupUri).timeout(Duration.ofSeconds(10))
        .header("Content-Type", MetricsEndpoint.CONTENT_TYPE)
        .PUT(HttpRequest.BodyPublishers.ofString(registry.scrape(), StandardCharsets.UTF_8)).build();
    try {
      HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() / 100 != 2) {
        throw new IOException("Pushgateway " + groupUri + " answered " + response.statusCode() + ": "
            + response.body().lines().findFirst().orElse(""));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while pushing to " + groupUri, e);
    }
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
