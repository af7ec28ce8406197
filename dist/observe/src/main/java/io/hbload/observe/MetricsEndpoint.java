package io.hbload.observe;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * {@code GET /metrics} in Prometheus' text format 0.0.4 (what every Prometheus 2.x scrapes), served
 * by the JDK's HttpServer on one daemon thread, so nothing else is pulled in and a scrape never
 * touches the engine: it reads the registry the reporter thread fills. Bound to loopback unless
 * told otherwise, since anyone who reaches it sees the run's tags (host names).
 */
final class MetricsEndpoint implements AutoCloseable {
  static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
  private final HttpServer server;

  MetricsEndpoint(PrometheusMeterRegistry registry, String bindAddress, int port)
      throws IOException {
    server = HttpServer.create(new InetSocketAddress(bindAddress, port), 8);
    server.createContext("/metrics", exchange -> serve(exchange, registry));
    server.setExecutor(
        null); // the server's own single dispatcher thread: scrapes are rare and small
    server.start();
  }

  /** The port actually bound (the one asked for, or a free one for 0). */
  int port() {
    return server.getAddress().getPort();
  }

  private static void serve(HttpExchange exchange, PrometheusMeterRegistry registry)
      throws IOException {
    try (exchange) {
      if (!exchange.getRequestMethod().equals("GET")
          && !exchange.getRequestMethod().equals("HEAD")) {
        exchange.sendResponseHeaders(405, -1);
        return;
      }
      byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
      if (exchange.getRequestMethod().equals("HEAD")) {
        exchange.sendResponseHeaders(200, -1);
        return;
      }
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
