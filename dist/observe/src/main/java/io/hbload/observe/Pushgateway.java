package io.hbload.observe;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.config.PrometheusProperties;
import io.prometheus.metrics.exporter.pushgateway.Format;
import io.prometheus.metrics.exporter.pushgateway.PushGateway;
import io.prometheus.metrics.exporter.pushgateway.Scheme;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Pushes the registry to a Pushgateway with the Prometheus client's own pusher
 * (prometheus-metrics-exporter-pushgateway, the client Micrometer's registry is built on) to the
 * group job {@code hbload}, host, shard ({@code PUT /metrics/job/hbload/host/H/shard/I}, text
 * format 0.0.4): PUT replaces the group, so each push is the client's full, current state and a
 * shard's group never holds another's series. Not thread-safe: one pushing thread.
 */
final class Pushgateway {
  private final PushGateway client;
  private final URI groupUri;

  Pushgateway(PrometheusMeterRegistry registry, URI base, RunTags tags) {
    // the gateway's address as the client takes it: host[:port] and any path prefix, the scheme
    // apart
    String path = base.getRawPath() == null ? "" : base.getRawPath().replaceAll("/+$", "");
    String address = base.getHost() + (base.getPort() == -1 ? "" : ":" + base.getPort()) + path;
    boolean https = base.getScheme().equals("https");
    // an empty PrometheusProperties: the URL of --metrics decides, not a prometheus.properties or
    // -D on the path
    this.client =
        PushGateway.builder(PrometheusProperties.builder().build())
            .registry(registry.getPrometheusRegistry())
            .scheme(https ? Scheme.HTTPS : Scheme.HTTP)
            .address(address)
            .job("hbload")
            .groupingKey("host", tags.host())
            .groupingKey("shard", Integer.toString(tags.shard()))
            .format(Format.PROMETHEUS_TEXT)
            .connectionTimeout(Duration.ofSeconds(5))
            .readTimeout(Duration.ofSeconds(10))
            .build();
    // the group the client pushes to (its grouping key in name order: host, shard), for the
    // messages
    this.groupUri =
        URI.create(
            (https ? "https://" : "http://")
                + address
                + "/metrics/job/hbload/host/"
                + URLEncoder.encode(tags.host(), StandardCharsets.UTF_8)
                + "/shard/"
                + tags.shard());
  }

  URI groupUri() {
    return groupUri;
  }

  /** One push of every meter; IOException when the gateway cannot be reached or refuses. */
  void push() throws IOException {
    client.push();
  }
}
