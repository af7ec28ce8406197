package io.hbload.observe;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A real Pushgateway for a test class (Debian's prometheus-pushgateway, on 127.0.0.1 and a free
 * port): started, ready when its {@code /-/ready} says so, and stopped with the class. A test where
 * the package is not installed is skipped with that reason.
 */
public final class PushgatewayServer implements AutoCloseable {
  private static final Path BINARY = Path.of("/usr/bin/prometheus-pushgateway");
  private final HttpClient http = HttpClient.newHttpClient();
  private final Process process;
  private final String base;
  private final Path log;
  private final Path data;

  private PushgatewayServer(Process process, String base, Path log, Path data) {
    this.process = process;
    this.base = base;
    this.log = log;
    this.data = data;
  }

  /**
   * Whether Debian's prometheus-pushgateway is installed, for a test that uses a gateway for only
   * part of it.
   */
  public static boolean installed() {
    return Files.isExecutable(BINARY);
  }

  /**
   * Starts one and waits (up to 20 s) until it is ready; skips the caller's tests when it is not
   * installed.
   */
  public static PushgatewayServer start() throws Exception {
    assumeTrue(installed(), "Debian's prometheus-pushgateway package is not installed");
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    Path log = Files.createTempFile("pushgateway", ".log");
    // Debian's build persists to /var/lib/prometheus/pushgateway.data by default and loads it at
    // start: without a
    // file of its own, a gateway serves the series an earlier test pushed, and a test of pushes
    // passes with none
    Path data = Files.createTempFile("pushgateway", ".data");
    Files.delete(data);
    Process p =
        new ProcessBuilder(
                BINARY.toString(),
                "--web.listen-address=127.0.0.1:" + port,
                "--persistence.file=" + data)
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    PushgatewayServer server = new PushgatewayServer(p, "http://127.0.0.1:" + port, log, data);
    try {
      ServerReady.await("the Pushgateway", server.base, p, log, Duration.ofSeconds(20));
      return server;
    } catch (Exception | Error notReady) {
      server.close();
      throw notReady;
    }
  }

  /** Its base URL, as {@code --metrics pushgateway:URL} takes it. */
  public String base() {
    return base;
  }

  /** Every series it holds, in Prometheus text format. */
  public String scrape() throws Exception {
    return get("/metrics").body();
  }

  /** Its groups with their labels and last push, as JSON ({@code /api/v1/metrics}). */
  public String groups() throws Exception {
    return get("/api/v1/metrics").body();
  }

  /** Deletes every group. */
  public void wipe() throws Exception {
    http.send(
        HttpRequest.newBuilder(URI.create(base + "/api/v1/admin/wipe"))
            .PUT(HttpRequest.BodyPublishers.noBody())
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create(base + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Override
  public void close() throws InterruptedException, IOException {
    process.destroy();
    process.waitFor();
    Files.deleteIfExists(data); // written at shutdown
  }
}
