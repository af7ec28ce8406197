package io.hbload.observe;

import static io.hbload.core.testing.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.Hbload;
import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingContext;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.binding.Fields;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.ScanSink;
import io.hbload.core.binding.Status;
import io.hbload.core.binding.Values;
import io.hbload.core.config.Phase;
import io.hbload.core.launch.Launcher;
import io.hbload.core.spec.RunSpec;
import io.hbload.core.testing.AsyncTestProvider;
import io.hbload.core.testing.OneCallAsyncBinding;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code hbload_inflight} as a scrape reads it while the engine runs: the pipelined engine's
 * outstanding count reaches its bound (threads x {@code hbload.inflight}) when a binding holds
 * every completion, and the blocking engine counts each worker inside a call; both drop to 0 when
 * the phase is over.
 */
@Timeout(60)
class InFlightGaugeTest {
  private static final RunTags TAGS = new RunTags("c", "test", 0, "testhost");
  private final PrintStream quiet =
      new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

  @Test
  void pipelinedWorkersShowTheirOutstandingOperationsUpToTheBound() throws Exception {
    Holding binding = new Holding();
    RunSpec spec =
        Hbload.workload("c")
            .binding(binding)
            .threads(2)
            .recordCount(1000)
            .operationCount(400)
            .property("hbload.inflight", "8")
            .spec(Phase.RUN);
    try (MetricsSession session =
        new MetricsSession(
            MetricsTarget.parse("prometheus:0"), "127.0.0.1", Duration.ZERO, TAGS, quiet)) {
      Launcher launcher = new Launcher(spec, quiet, null, List.of(session.listener()));
      session.runMeters().inFlight(launcher::inFlight);
      Future<Launcher.Outcome> run =
          java.util.concurrent.CompletableFuture.supplyAsync(() -> launch(launcher));
      try {
        // every completion held: each worker fills its 8 slots and waits
        assertThat(awaitGauge(session, 16))
            .as("gauge with 2 workers x 8 slots held")
            .isEqualTo(16.0);
        assertThat(binding.issued.get()).isEqualTo(16);
      } finally {
        binding.release();
      }
      Launcher.Outcome o = run.get(30, TimeUnit.SECONDS);
      assertThat(o.result().operations()).isEqualTo(400);
      assertThat(gauge(session)).as("after the phase").hasValue(0.0);
    }
  }

  @Test
  void blockingWorkersCountOneEachWhileInACall() throws Exception {
    Blocking binding = new Blocking();
    RunSpec spec =
        Hbload.workload("c")
            .binding(binding)
            .threads(3)
            .recordCount(1000)
            .operationCount(300)
            .spec(Phase.RUN);
    try (MetricsSession session =
        new MetricsSession(
            MetricsTarget.parse("prometheus:0"), "127.0.0.1", Duration.ZERO, TAGS, quiet)) {
      Launcher launcher = new Launcher(spec, quiet, null, List.of(session.listener()));
      session.runMeters().inFlight(launcher::inFlight);
      Future<Launcher.Outcome> run =
          java.util.concurrent.CompletableFuture.supplyAsync(() -> launch(launcher));
      try {
        assertThat(awaitGauge(session, 3)).as("3 workers each blocked in a read").isEqualTo(3.0);
      } finally {
        binding.gate.countDown();
      }
      assertThat(run.get(30, TimeUnit.SECONDS).result().operations()).isEqualTo(300);
      assertThat(gauge(session)).hasValue(0.0);
    }
  }

  private static Launcher.Outcome launch(Launcher l) {
    try {
      return l.launch();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Scrapes the endpoint until the gauge reads {@code expected} (at most 10 s); returns the value
   * read.
   */
  private static double awaitGauge(MetricsSession session, double expected) {
    return await(
            "hbload_inflight scraped at " + expected, Duration.ofSeconds(10), Duration.ofMillis(20))
        .until(() -> gauge(session).orElse(-1), v -> v == expected);
  }

  private static OptionalDouble gauge(MetricsSession session) throws Exception {
    String text =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + session.port() + "/metrics"))
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
    return ScrapeText.value(text, "hbload_inflight", Map.of("host", "testhost", "workload", "c"));
  }

  /**
   * Async: holds every completion until {@link #release}, then completes the held ones and later
   * calls at once.
   */
  private static final class Holding extends AsyncTestProvider {
    final AtomicInteger issued = new AtomicInteger();
    private final ConcurrentLinkedQueue<Runnable> held = new ConcurrentLinkedQueue<>();
    private volatile boolean released;

    void release() {
      released = true;
      for (Runnable r = held.poll(); r != null; r = held.poll()) {
        r.run();
      }
    }

    @Override
    public BindingSession open(BindingContext context) {
      return asyncOnly(
          workerIndex ->
              new OneCallAsyncBinding() {
                @Override
                protected void call(int slot, Completion done) {
                  issued.incrementAndGet();
                  if (released) {
                    done.complete(slot, Status.OK);
                    return;
                  }
                  held.add(() -> done.complete(slot, Status.OK));
                  if (released) {
                    release(); // released between the check and the add: nothing may stay held
                  }
                }
              });
    }
  }

  /** Blocking: every call waits for the gate. */
  private static final class Blocking implements BindingProvider {
    final CountDownLatch gate = new CountDownLatch(1);
    final AtomicLong calls = new AtomicLong();

    @Override
    public String name() {
      return "test";
    }

    @Override
    public String description() {
      return "in-flight test binding";
    }

    @Override
    public BindingSession open(BindingContext context) {
      return workerIndex ->
          new Binding() {
            private Status call() {
              calls.incrementAndGet();
              try {
                gate.await();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Status.ERROR;
              }
              return Status.OK;
            }

            @Override
            public Status read(String table, Key key, Fields fields, RowSink result) {
              return call();
            }

            @Override
            public Status scan(
                String table, Key startKey, int recordCount, Fields fields, ScanSink result) {
              return call();
            }

            @Override
            public Status update(String table, Key key, Values values) {
              return call();
            }

            @Override
            public Status insert(String table, Key key, Values values) {
              return call();
            }

            @Override
            public Status delete(String table, Key key) {
              return call();
            }
          };
    }
  }
}
