package io.hbload.observe;

import io.hbload.core.testing.Waits;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.awaitility.core.ConditionTimeoutException;

/** A Prometheus server or a Pushgateway the test started, until its {@code /-/ready} says so. */
public final class ServerReady {
  private ServerReady() {}

  /**
   * Waits until {@code process} answers 200 on {@code base/-/ready}, at most {@code atMost}, asking
   * every 200 ms; fails at once, with its {@code log}, when it exits, and after the deadline with
   * the log as it was then.
   */
  public static void await(String what, String base, Process process, Path log, Duration atMost)
      throws IOException {
    HttpClient http = HttpClient.newHttpClient();
    HttpRequest ready = HttpRequest.newBuilder(URI.create(base + "/-/ready")).build();
    try {
      Waits.await(what + " ready on /-/ready", atMost, Duration.ofMillis(200))
          .failFast(Waits.alive(what, process, log))
          .ignoreExceptionsInstanceOf(IOException.class) // not listening yet
          .until(() -> http.send(ready, HttpResponse.BodyHandlers.ofString()).statusCode() == 200);
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(
          what + " not ready in " + atMost.toSeconds() + " s: " + Files.readString(log), e);
    }
  }
}
