package io.hbload.core.capacity;

import static io.hbload.core.TestWorkloads.workloadFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hbload.core.config.Phase;
import io.hbload.core.spec.RunSpec;
import io.hbload.core.testing.ServiceQueueProvider;
import io.hbload.core.time.EventClock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;

/**
 * The search against a server of known capacity ({@link ServiceQueueProvider}): it must find that
 * capacity, and it must say so when the client, not the server, is what cannot go faster. All but
 * one search run on virtual time ({@link EventClock}); the timeout fails a deadlocked clock instead
 * of hanging (the real-time search takes about 25 s).
 */
@Timeout(value = 120, threadMode = ThreadMode.SEPARATE_THREAD)
class CapacitySearchTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final PrintStream messages = new PrintStream(out, true, StandardCharsets.UTF_8);

  /** Virtual time for the searches that run on it: the engine's threads and the server's. */
  private final EventClock clock = new EventClock();

  private RunSpec virtual(RunSpec spec) {
    return spec.withExecution(spec.execution().toBuilder().clock(clock).build());
  }

  /** Runs the search with this test's thread taking part in the virtual time. */
  private CapacityResult onVirtualTime(CapacitySearch search) throws Exception {
    clock.join();
    try {
      return search.run();
    } finally {
      clock.leave();
    }
  }

  private static RunSpec spec(ServiceQueueProvider server, int inflight) {
    return workloadFile("c")
        .binding(server)
        .recordCount(1000)
        .threads(1)
        .property("hbload.inflight", Integer.toString(inflight))
        .spec(Phase.RUN);
  }

  /**
   * The same server on virtual time ({@link EventClock}: the engine, its workers and the server's
   * thread all wait on it, so a 6 s step costs what its operations cost to run): nothing stalls
   * there, so a tight bound is safe and the search must bracket 500 ops/s closely at the first
   * attempt. Offered 1 % over capacity, the queue grows by 5 ops/s, 60 ms of work by the end of a 6
   * s step, which breaks p99<20ms; at capacity it never grows.
   */
  @Test
  void findsTheKnownCapacityOnVirtualTime() throws Exception {
    ServiceQueueProvider server = new ServiceQueueProvider(1, 2_000_000L);
    CapacitySearch search =
        new CapacitySearch(
            virtual(spec(server, 2000)),
            LatencyBound.parse("p99<20ms"),
            new CapacitySearch.Settings(
                150, 2, 0.01, Duration.ofSeconds(1), Duration.ofSeconds(5), 40),
            messages);

    CapacityResult r = onVirtualTime(search);
    String text = out.toString(StandardCharsets.UTF_8);

    assertThat(r.generatorLimited()).as(text).isFalse();
    assertThat(r.sustainedOpsPerSec()).as(text).isBetween(0.98 * 500, 500.0 * 1.02);
    assertThat(r.firstBrokenOpsPerSec()).as(text).isBetween(500.0, 1.03 * 500);
    // no stall on virtual time: every step at or below capacity held, every one more than 1 % above
    // broke. Within 1 % over, the queue grows by under 5 ops/s, 10-60 ms of work by the end of the
    // step against the bound's 20: such a step breaks or holds by where its last operations fall
    // (seen: 501.6 ops/s broke at p99 21.5 ms, its repeat held at 19.5 ms)
    assertThat(r.steps())
        .as(text)
        .filteredOn(s -> s.offeredOpsPerSec() <= 500)
        .allSatisfy(s -> assertThat(s.held()).isTrue());
    assertThat(r.steps())
        .as(text)
        .filteredOn(s -> s.offeredOpsPerSec() > 505)
        .allSatisfy(s -> assertThat(s.held()).isFalse());
    // each step ran its warm-up and measured time on the clock, one after the other
    assertThat(clock.elapsed()).isGreaterThanOrEqualTo(Duration.ofSeconds(6L * r.steps().size()));
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
    // On the system clock on purpose: the one search here that runs as a user's does, with real
    // threads scheduled by a real (and busy) machine, which virtual time cannot show.
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
    CapacityResult r = findMaxOnVirtualTime(server, 400);

    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(r.generatorLimited()).as(text).isTrue();
    // two calls of 20 ms at a time: 100 ops/s, exactly, on virtual time
    assertThat(r.generatorLimitOpsPerSec()).as(text).isBetween(95.0, 105.0);
    assertThat(r.capacityOpsPerSec()).isNaN();
    assertThat(r.summary())
        .contains(
            "generator limit: the client, not the server, was the limit at",
            "hbload.inflight slot busy",
            "the bound holds on service time",
            "last rate that held: none");
    assertThat(text).contains("the client, not the server, was the limit");
    assertThat(r.json()).contains("\"limitedBy\": \"generator\"", "\"sustainedOpsPerSec\": null");
  }

  /**
   * A server that stops for 40 ms before every 400th call, offered 200 ops/s with 4 slots: the 8
   * operations due during the stall fill the slots and about 4 wait for one, about 1 % of the
   * step's 400 measured. Their intended latency holds the wait and still holds {@code p99<1s}: the
   * client cost the step nothing, so it is a step that held, not the generator's limit; the step
   * says how many operations waited. The run's {@code operationcount} is said to be ignored.
   */
  @Test
  void aFewSlotWaitsInAStepThatHeldAreNotTheGeneratorsLimit() throws Exception {
    ServiceQueueProvider server = ServiceQueueProvider.pausing(1_000_000L, 400, 40_000_000L);
    CapacityResult r =
        onVirtualTime(
            new CapacitySearch(
                virtual(spec(server, 4)),
                LatencyBound.parse("p99<1s"),
                new CapacitySearch.Settings(
                    200, 2, 0.05, Duration.ofMillis(300), Duration.ofSeconds(2), 1),
                messages));

    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(r.generatorLimited()).as(text).isFalse();
    assertThat(r.steps()).as(text).hasSize(1);
    assertThat(r.steps().get(0).held()).as(text).isTrue();
    assertThat(r.sustainedOpsPerSec()).as(text).isEqualTo(200);
    assertThat(r.steps().get(0).slotWaitedOperations()).as(text).isBetween(1L, 40L);
    assertThat(text)
        .containsPattern("\\d+ of \\d+ operations \\(\\d+\\.\\d+ %\\) waited for a slot")
        .contains("operationcount 1000 is ignored");
    assertThat(r.json()).contains("\"slotWaitedOperations\"", "\"slotWaitedShare\"");
  }

  /**
   * The same stall for 60 ms with 8 slots against {@code p99<20ms}: about 12 operations come due
   * during it, 8 go out (and wait 26-60 ms in the server's queue), 4 wait for a slot. The step
   * breaks the bound, but on service time too: the server's own stall broke it, not the client's
   * slots. The step counts as broken (and its repeat confirms it), not as the generator's limit.
   */
  @Test
  void aStepTheServerBrokeIsBrokenWhateverFewSlotWaitsItHad() throws Exception {
    ServiceQueueProvider server = ServiceQueueProvider.pausing(1_000_000L, 400, 60_000_000L);
    CapacityResult r =
        onVirtualTime(
            new CapacitySearch(
                virtual(spec(server, 8)),
                LatencyBound.parse("p99<20ms"),
                new CapacitySearch.Settings(
                    200, 2, 0.05, Duration.ofMillis(300), Duration.ofSeconds(2), 2),
                messages));

    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(r.generatorLimited()).as(text).isFalse();
    assertThat(r.steps()).as(text).hasSize(2);
    assertThat(r.steps()).as(text).noneMatch(CapacityStep::held);
    assertThat(r.steps()).as(text).allMatch(s -> s.generatorLimit() == null);
    assertThat(r.firstBrokenOpsPerSec()).as(text).isEqualTo(200);
    assertThat(r.steps()).as(text).anyMatch(s -> s.slotWaitedOperations() > 0);
  }

  /**
   * The rule for slot waits, case by case: they are the generator's limit only in a step that broke
   * the bound, whose service time holds it, and when at least the bound's tail of the operations
   * waited (1 % for p99).
   */
  @Test
  void slotWaitsAreTheGeneratorsLimitOnlyWhenTheyBrokeTheBound() {
    double p99 = LatencyBound.parse("p99<10ms").intendedTailFraction();
    assertThat(p99).isCloseTo(0.01, within(1e-12));
    assertThat(LatencyBound.parse("p99.9<10ms,p50<1ms").intendedTailFraction())
        .isCloseTo(0.001, within(1e-12));
    assertThat(LatencyBound.parse("service.p99<10ms").intendedTailFraction()).isEqualTo(1);
    // held: the waits are in the figures that held
    assertThat(CapacitySearch.generatorLimit(50_000, 60_000, p99, true, true, 100, 100, 0.1))
        .isNull();
    // broke on service time too: the server broke it
    assertThat(CapacitySearch.generatorLimit(50_000, 60_000, p99, false, false, 100, 100, 0.1))
        .isNull();
    // 1 in 60,000 (and 0.5 %) cannot fill p99's 1 %
    assertThat(CapacitySearch.generatorLimit(1, 60_000, p99, false, true, 100, 100, 0.1)).isNull();
    assertThat(CapacitySearch.generatorLimit(300, 60_000, p99, false, true, 100, 100, 0.1))
        .isNull();
    assertThat(CapacitySearch.generatorLimit(600, 60_000, p99, false, true, 100, 100, 0.1))
        .isEqualTo(
            "600 of 60,000 operations (1.00 %) waited for a slot (every hbload.inflight slot"
                + " busy), and the bound holds on service time: the wait for a slot broke it");
  }

  /**
   * Without a starting rate, a short unthrottled probe measures what the client gets (about 100
   * ops/s with two 20 ms calls in flight) and the search starts at half of it; doubling from there
   * reaches the client's limit.
   */
  @Test
  void startsFromHalfOfAnUnthrottledProbe() throws Exception {
    ServiceQueueProvider server = new ServiceQueueProvider(64, 20_000_000L);
    CapacityResult r = findMaxOnVirtualTime(server, 0);

    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(text).contains("unthrottled probe achieved");
    assertThat(r.steps().get(0).offeredOpsPerSec()).as(text).isBetween(48.0, 51.0);
    assertThat(r.generatorLimited()).as(text).isTrue();
  }

  /**
   * A search through the Java API on this test's virtual clock, as an embedding test would: one
   * worker with 2 operations in flight against {@code server}, from {@code startRate} ops/s (0:
   * from half of an unthrottled probe), bound p99<100ms.
   */
  private CapacityResult findMaxOnVirtualTime(ServiceQueueProvider server, int startRate) {
    return clock.run(
        () ->
            workloadFile("c")
                .binding(server)
                .recordCount(1000)
                .threads(1)
                .property("hbload.inflight", "2")
                .messages(messages)
                .clock(clock)
                .findMax(
                    "p99<100ms",
                    new CapacitySearch.Settings(
                        startRate, 2, 0.05, Duration.ofMillis(300), Duration.ofSeconds(1), 10)));
  }
}
