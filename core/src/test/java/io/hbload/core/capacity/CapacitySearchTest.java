package io.hbload.core.capacity;

import static io.hbload.core.TestWorkloads.workloadFile;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.config.Phase;
import io.hbload.core.spec.RunSpec;
import io.hbload.core.testing.ServiceQueueProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The search against a server of known capacity ({@link ServiceQueueProvider}): it must find that
 * capacity, and it must say so when the client, not the server, is what cannot go faster.
 */
class CapacitySearchTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final PrintStream messages = new PrintStream(out, true, StandardCharsets.UTF_8);

  private static RunSpec spec(ServiceQueueProvider server, int inflight) {
    return workloadFile("c")
        .binding(server)
        .recordCount(1000)
        .threads(1)
        .property("hbload.inflight", Integer.toString(inflight))
        .spec(Phase.RUN);
  }

  /**
   * One server thread at 2 ms a call holds 500 ops/s; above it the queue, and latency from the
   * intended start, grow for as long as the step lasts: offered 5 % over, the queue holds 5 % of
   * the rate times the step's 2.5 s, which is 125 ms of work, so p99<100ms breaks just above 500.
   * The bound's margin is in time, not in the 10 % claim: on a shared 2-core machine running
   * builds, threads stall for up to ~100 ms (measured: p99 of 60-200 ms at 45-60 % load with
   * p99<20ms), which a 20 ms bound reads as the server's limit far below it. The generator has
   * slots to spare (2000 in flight against at most ~1000 queued in the largest step) and the search
   * must land within 10 % of 500.
   */
  @Test
  void findsTheKnownCapacityOfAServiceTimeQueue() throws Exception {
    // Up to three searches: a stall of this shared machine (a CI build beside it) can break one
    // step far below the
    // capacity, which a repeat confirms when the stall lasts; a search that is wrong misses on
    // every attempt.
    ServiceQueueProvider server = null;
    CapacityResult found = null;
    String said = "";
    for (int attempt = 1; attempt <= 3; attempt++) {
      out.reset();
      server = new ServiceQueueProvider(1, 2_000_000L);
      CapacitySearch search =
          new CapacitySearch(
              spec(server, 2000),
              LatencyBound.parse("p99<100ms"),
              new CapacitySearch.Settings(
                  150, 2, 0.05, Duration.ofMillis(500), Duration.ofSeconds(2), 20),
              messages);
      found = search.run();
      said = "attempt " + attempt + ":\n" + out.toString(StandardCharsets.UTF_8);
      double rate = found.capacityOpsPerSec();
      if (!found.generatorLimited()
          && rate >= 0.9 * server.capacityOpsPerSec()
          && rate <= 1.1 * server.capacityOpsPerSec()) {
        break;
      }
    }
    CapacityResult r = found;
    String text = said;

    assertThat(r.generatorLimited()).as(text).isFalse();
    assertThat(r.capacityOpsPerSec())
        .as(text)
        .isBetween(0.9 * server.capacityOpsPerSec(), 1.1 * server.capacityOpsPerSec());
    assertThat(r.firstBrokenOpsPerSec()).as(text).isGreaterThan(r.sustainedOpsPerSec());
    assertThat(r.uncertainty()).as(text).isLessThanOrEqualTo(0.05);
    // every broken rate that counted was confirmed by a repeat that also broke
    assertThat(r.steps())
        .as(text)
        .filteredOn(s -> !s.held() && !s.repeat())
        .allSatisfy(
            first -> assertThat(r.steps().get(r.steps().indexOf(first) + 1).repeat()).isTrue());
    assertThat(r.steps().get(r.steps().size() - 1).offeredOpsPerSec())
        .isIn(r.sustainedOpsPerSec(), r.firstBrokenOpsPerSec());
    // below capacity the generator kept its schedule; the curve rises past the knee, which is near
    // capacity
    assertThat(r.steps())
        .filteredOn(CapacityStep::held)
        .allSatisfy(
            s -> assertThat(s.achievedOpsPerSec()).isGreaterThan(0.9 * s.offeredOpsPerSec()));
    assertThat(r.kneeOpsPerSec()).as(text).isGreaterThan(0.5 * server.capacityOpsPerSec());
    assertThat(text).contains("offered", "holds the bound", "(confirmed)");
    assertThat(r.json())
        .contains(
            "\"findMax\"",
            "\"limitedBy\": \"server\"",
            "\"shards\": 1",
            "\"steps\"",
            "\"intendedMicros\"",
            "\"confirmedBroken\": true");
  }

  /**
   * Two operations in flight against a server that serves 20 ms calls 64 at a time: the server
   * holds 3,200 ops/s, the client at most 100. Offered 400, operations wait for a slot: the result
   * must name the generator as the limit near 100 ops/s, and report no server capacity.
   */
  @Test
  void saysTheGeneratorIsTheLimitWhenTheClientCannotOfferTheRate() throws Exception {
    ServiceQueueProvider server = new ServiceQueueProvider(64, 20_000_000L);
    // through the Java API, as an embedding test would
    CapacityResult r =
        workloadFile("c")
            .binding(server)
            .recordCount(1000)
            .threads(1)
            .property("hbload.inflight", "2")
            .messages(messages)
            .findMax(
                "p99<100ms",
                new CapacitySearch.Settings(
                    400, 2, 0.05, Duration.ofMillis(300), Duration.ofSeconds(1), 10));

    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(r.generatorLimited()).as(text).isTrue();
    assertThat(r.generatorLimitOpsPerSec()).as(text).isBetween(60.0, 110.0);
    assertThat(r.capacityOpsPerSec()).isNaN();
    assertThat(r.summary())
        .contains("the generator, not the server, is the limit at", "hbload.inflight slot busy");
    assertThat(text).contains("the generator, not the server, is the limit");
    assertThat(r.json()).contains("\"limitedBy\": \"generator\"", "\"sustainedOpsPerSec\": null");
  }

  /**
   * Without a starting rate, a short unthrottled probe measures what the client gets (about 100
   * ops/s with two 20 ms calls in flight) and the search starts at half of it; doubling from there
   * reaches the client's limit.
   */
  @Test
  void startsFromHalfOfAnUnthrottledProbe() throws Exception {
    ServiceQueueProvider server = new ServiceQueueProvider(64, 20_000_000L);
    CapacityResult r =
        workloadFile("c")
            .binding(server)
            .recordCount(1000)
            .threads(1)
            .property("hbload.inflight", "2")
            .messages(messages)
            .findMax(
                "p99<100ms",
                new CapacitySearch.Settings(
                    0, 2, 0.05, Duration.ofMillis(300), Duration.ofSeconds(1), 10));

    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(text).contains("unthrottled probe achieved");
    assertThat(r.steps().get(0).offeredOpsPerSec()).as(text).isBetween(35.0, 55.0);
    assertThat(r.generatorLimited()).as(text).isTrue();
  }
}
