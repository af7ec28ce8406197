package io.hbload.observe;

import io.hbload.core.exec.RunListener;
import io.hbload.core.exec.StatusSnapshot;
import io.hbload.core.result.RunResult;
import io.hbload.core.spec.RunSpec;
import io.micrometer.core.instrument.Tags;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * One command's metrics, from {@code --metrics} to the end: the registry, the scrape endpoint or
 * the pusher, the listener the engine calls, and the end (final push, or the endpoint kept serving
 * for {@code --metrics-linger} so that a scrape after a short run still sees the final values).
 * Opened before the run, closed after the report.
 *
 * <p>Pushes happen on one daemon thread, never on the reporter's: a slow gateway skips a push (the
 * next one carries the same counters, which only grow) instead of delaying the status line.
 */
public final class MetricsSession implements AutoCloseable {
  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final RunTags tags;
  private final LatencyBuckets latency;
  private final RunMeters runMeters;
  private final MetricsEndpoint endpoint;
  private final Pushgateway pushgateway;
  private final ExecutorService pusher;
  private final Duration linger;
  private final PrintStream messages;
  private Future<?> pending;

  /**
   * Starts serving (or checks nothing yet for a push: the first push says whether the gateway is
   * there).
   *
   * @throws IOException when the endpoint cannot bind its address and port
   */
  public MetricsSession(
      MetricsTarget target, String bindAddress, Duration linger, RunTags tags, PrintStream messages)
      throws IOException {
    this.tags = tags;
    this.linger = linger;
    this.messages = messages;
    this.latency = new LatencyBuckets();
    registry.getPrometheusRegistry().register(latency);
    this.runMeters = new RunMeters(registry, tags, latency);
    if (target.kind() == MetricsTarget.Kind.PROMETHEUS) {
      endpoint = new MetricsEndpoint(registry, bindAddress, target.port());
      pushgateway = null;
      pusher = null;
      messages.println(
          "hbload: metrics at http://"
              + hostForUrl(bindAddress)
              + ":"
              + endpoint.port()
              + "/metrics");
    } else {
      endpoint = null;
      pushgateway = new Pushgateway(registry, target.pushgateway(), tags);
      pusher =
          Executors.newSingleThreadExecutor(
              r -> {
                Thread t = new Thread(r, "hbload-metrics-push");
                t.setDaemon(true);
                return t;
              });
      messages.println("hbload: pushing metrics to " + pushgateway.groupUri());
    }
  }

  /**
   * The listener to hand the engine: the run's meters, then a push when pushing. Every call reaches
   * the meters through {@link RunListener#all}, so none is dropped on the way (the server figures
   * were, when this listener forwarded only the calls it named).
   */
  public RunListener listener() {
    RunListener push =
        new RunListener() {
          @Override
          public void interval(RunSpec spec, StatusSnapshot snapshot) {
            pushSoon();
          }

          @Override
          public void phaseFinished(RunResult result) {
            pushSoon();
          }
        };
    return RunListener.all(List.of(runMeters, push));
  }

  /**
   * The listener for one step of a command that runs many phases into this session ({@code suite}):
   * its meters carry {@code stepTags} (see {@link RunMeters#step}).
   */
  public RunListener listener(Tags stepTags) {
    RunListener step =
        new RunListener() {
          @Override
          public void phaseStarting(RunSpec spec, long startEpochMillis) {
            runMeters.step(stepTags);
          }
        };
    return RunListener.all(List.of(step, listener()));
  }

  /** The run's meters, for the engine's in-flight count ({@link RunMeters#inFlight}). */
  public RunMeters runMeters() {
    return runMeters;
  }

  /** The registry, for other meters of the command (dfsio's). */
  public PrometheusMeterRegistry registry() {
    return registry;
  }

  public RunTags tags() {
    return tags;
  }

  /**
   * The Pushgateway group this session pushes to (its grouping key is the path), empty when
   * serving.
   */
  public Optional<URI> pushUri() {
    return pushgateway == null ? Optional.empty() : Optional.of(pushgateway.groupUri());
  }

  /** The port the endpoint serves on, -1 when pushing. */
  public int port() {
    return endpoint == null ? -1 : endpoint.port();
  }

  private void pushSoon() {
    if (pusher == null || (pending != null && !pending.isDone())) {
      return;
    }
    pending =
        pusher.submit(
            () -> {
              try {
                pushgateway.push();
              } catch (IOException e) {
                messages.println("hbload: metrics push failed: " + e.getMessage());
              }
            });
  }

  /**
   * Publishes the final values: a last push, or the endpoint kept up for the linger, then stops.
   */
  @Override
  public void close() {
    if (pusher != null) {
      pusher.shutdown();
      try {
        pusher.awaitTermination(15, TimeUnit.SECONDS);
        pushgateway.push();
      } catch (IOException e) {
        messages.println("hbload: final metrics push failed: " + e.getMessage());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return;
    }
    if (!linger.isZero()) {
      messages.println(
          "hbload: serving the final metrics for "
              + linger.toSeconds()
              + " s more (--metrics-linger)");
      try {
        Thread.sleep(linger.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt(); // Ctrl-C during the linger: stop serving now
      }
    }
    endpoint.close();
  }

  private static String hostForUrl(String address) {
    return address.contains(":") ? "[" + address + "]" : address;
  }
}
