package io.hbload.core.capacity;

import static io.hbload.core.TestWorkloads.workloadFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.config.Phase;
import io.hbload.core.config.ShardSpec;
import io.hbload.core.config.SpecException;
import io.hbload.core.spec.RunSpec;
import io.hbload.core.testing.ServiceQueueProvider;
import io.hbload.core.time.Clock;
import io.hbload.core.time.EventClock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two shards of one search, each a full {@link CapacitySearch} on its own thread as on its own
 * host, against one server of known capacity ({@link ServiceQueueProvider#shared}), deciding
 * through one exchange directory: together they must find the server's capacity, both report the
 * same curve, and a shard that is missing or stops must end the other with a clear error, never a
 * hang. The searches run on virtual time: both shards' threads, their engines' and the server's are
 * registered on one {@link EventClock}, and the exchange's polls of the directory wait on it, so
 * the shards step together as on one machine with no stalls; the timeout fails a deadlocked clock
 * instead of hanging.
 */
@Timeout(value = 60, threadMode = ThreadMode.SEPARATE_THREAD)
class ShardedCapacitySearchTest {
  @TempDir Path dir;

  private final EventClock clock = new EventClock();

  private final ExecutorService shards = Executors.newFixedThreadPool(2);

  @AfterEach
  void stopShards() {
    shards.shutdownNow();
  }

  private RunSpec spec(ServiceQueueProvider server, int shard, int inflight) {
    return workloadFile("c")
        .binding(server)
        .recordCount(1000)
        .threads(1)
        .seed(42)
        .property("hbload.inflight", Integer.toString(inflight))
        .property("hbload.shard", shard + "/2")
        .clock(clock)
        .spec(Phase.RUN);
  }

  /** One shard's search, with its messages. */
  private record Shard(CapacitySearch search, ByteArrayOutputStream out) {
    String said() {
      return out.toString(StandardCharsets.UTF_8);
    }
  }

  private Shard shard(
      ServiceQueueProvider server,
      int index,
      int inflight,
      Path exchange,
      Duration wait,
      String bound,
      CapacitySearch.Settings settings) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    return new Shard(
        new CapacitySearch(
            spec(server, index, inflight),
            LatencyBound.parse(bound),
            settings,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new ShardExchange(exchange, new ShardSpec(index, 2), wait, clock)),
        out);
  }

  /** The search on a thread of its own, as on a host of its own, taking part in the clock. */
  private Future<CapacityResult> start(CapacitySearch search, String name) {
    CompletableFuture<CapacityResult> result = new CompletableFuture<>();
    Thread t =
        clock.newThread(
            () -> {
              try {
                result.complete(search.run());
              } catch (Throwable e) {
                result.completeExceptionally(e);
              }
            },
            name);
    t.setDaemon(true);
    t.start();
    return result;
  }

  /** A shard's search on its thread. */
  private record Running(Shard shard, Future<CapacityResult> result) {}

  /** Shards 0/2 and 1/2 of one search, each on its own thread, waiting up to 60 s for the other. */
  private List<Running> startBoth(
      ServiceQueueProvider server, int inflight, Path exchange, CapacitySearch.Settings settings) {
    List<Running> both = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      Shard s = shard(server, i, inflight, exchange, Duration.ofSeconds(60), "p99<100ms", settings);
      both.add(new Running(s, start(s.search(), "shard-" + i)));
    }
    return both;
  }

  /**
   * As {@link CapacitySearchTest#findsTheKnownCapacityOfAServiceTimeQueue}, the load split over two
   * shards: each offers half of each step's rate to the one server thread (500 ops/s), and only the
   * merged histograms see the queue both build. Each shard alone would see half the rate it adds to
   * the queue; the rate found is the sum, within 10 % of 500, and identical on both shards, step by
   * step.
   */
  @Test
  void twoShardsFindTheCapacityOfOneServerTogether() throws Exception {
    ServiceQueueProvider server = ServiceQueueProvider.shared(1, 2_000_000L);
    CapacitySearch.Settings settings =
        new CapacitySearch.Settings(
            150, 2, 0.05, Duration.ofMillis(500), Duration.ofSeconds(2), 20);
    List<Running> both = startBoth(server, 2000, dir, settings);
    Shard s0 = both.get(0).shard();
    Shard s1 = both.get(1).shard();
    CapacityResult[] found = {
      both.get(0).result().get(1, TimeUnit.MINUTES), both.get(1).result().get(1, TimeUnit.MINUTES)
    };
    String text = "shard 0:\n" + s0.said() + "\nshard 1:\n" + s1.said() + "\n";
    CapacityResult a = found[0];
    CapacityResult b = found[1];
    System.out.println(text); // the curves, in the test's output, for whoever reads a CI log

    assertThat(a.generatorLimited()).as(text).isFalse();
    assertThat(a.capacityOpsPerSec())
        .as(text)
        .isBetween(0.9 * server.capacityOpsPerSec(), 1.1 * server.capacityOpsPerSec());
    assertThat(a.firstBrokenOpsPerSec()).as(text).isGreaterThan(a.sustainedOpsPerSec());
    // the same decisions on the same merged figures: the same curve, step by step, on both shards
    assertThat(b.capacityOpsPerSec()).as(text).isEqualTo(a.capacityOpsPerSec());
    assertThat(b.firstBrokenOpsPerSec()).as(text).isEqualTo(a.firstBrokenOpsPerSec());
    assertThat(b.table()).as(text).isEqualTo(a.table());
    assertThat(b.json()).isEqualTo(a.json()).contains("\"shards\": 2");
    // each step's operations are both shards', over the union of their windows: the achieved rate
    // is
    // the summed offer only when the shards' steps overlapped (one after the other would read half)
    assertThat(a.steps())
        .filteredOn(CapacityStep::held)
        .allSatisfy(
            s -> assertThat(s.achievedOpsPerSec()).isGreaterThan(0.9 * s.offeredOpsPerSec()));
    assertThat(text)
        .contains("waiting for the other shards to join", "[2 shards, the latest started ")
        .contains("holds the bound");
  }

  /**
   * Two slots per shard against 20 ms calls: each shard can offer about 100 ops/s, the server holds
   * 3,200. Offered 400 (200 a shard), operations wait for a slot on both: the merged step must name
   * a shard as the generator's limit, near the two shards' 200 ops/s, and report no server
   * capacity.
   */
  @Test
  void aShardThatCannotOfferItsShareIsTheGeneratorsLimit() throws Exception {
    ServiceQueueProvider server = ServiceQueueProvider.shared(64, 20_000_000L);
    CapacitySearch.Settings settings =
        new CapacitySearch.Settings(400, 2, 0.05, Duration.ofMillis(300), Duration.ofSeconds(1), 6);
    List<Running> both = startBoth(server, 2, dir, settings);
    CapacityResult a = both.get(0).result().get(3, TimeUnit.MINUTES);
    CapacityResult b = both.get(1).result().get(3, TimeUnit.MINUTES);
    String text = both.get(0).shard().said() + "\n" + both.get(1).shard().said();

    assertThat(a.generatorLimited()).as(text).isTrue();
    assertThat(a.generatorLimitOpsPerSec()).as(text).isBetween(120.0, 220.0);
    assertThat(a.summary()).as(text).contains("shard 0: ", "hbload.inflight slot busy");
    assertThat(b.table()).as(text).isEqualTo(a.table());
  }

  /**
   * Shard 1 never starts: shard 0 must end at its bounded wait with a line naming the missing
   * shard, not wait forever.
   */
  @Test
  void aMissingShardEndsTheOtherAtTheBoundedWait() {
    ServiceQueueProvider server = ServiceQueueProvider.shared(1, 2_000_000L);
    Shard s0 =
        shard(
            server,
            0,
            100,
            dir,
            Duration.ofSeconds(2),
            "p99<100ms",
            new CapacitySearch.Settings(
                100, 2, 0.05, Duration.ofMillis(200), Duration.ofSeconds(1), 10));
    clock.run(
        () ->
            assertThatThrownBy(() -> s0.search().run())
                .isInstanceOf(ShardExchangeException.class)
                .hasMessageContaining("shard(s) [1] of 2 wrote no join file in " + dir));
    assertThat(clock.elapsed())
        .as("the bounded wait of 2 s")
        .isBetween(Duration.ofSeconds(2), Duration.ofMillis(2500));
    // and it told any other shard it stopped
    assertThat(dir.resolve("stop-0.properties")).exists();
  }

  /**
   * Shard 1 is stopped (Ctrl-C) in its first step: shard 0, waiting for that step's files, must end
   * at once with a line naming shard 1, long before its wait (60 s) would end it; shard 1 still
   * returns its report, stopped.
   */
  @Test
  void aShardThatStopsEndsTheOthers() throws Exception {
    ServiceQueueProvider server = ServiceQueueProvider.shared(1, 2_000_000L);
    CapacitySearch.Settings settings =
        new CapacitySearch.Settings(
            100, 2, 0.05, Duration.ofMillis(200), Duration.ofSeconds(2), 10);
    // this thread polls and waits on the shards' clock, joined before they start: else their
    // waits alone would move it on
    clock.join();
    List<Running> both;
    long stopped;
    try {
      both = startBoth(server, 100, dir, settings);
      // once both joined, stop shard 1 within its first step
      while (!Files.exists(dir.resolve("join-0.properties"))
          || !Files.exists(dir.resolve("join-1.properties"))) {
        clock.sleep(Duration.ofMillis(20));
      }
      clock.sleep(Duration.ofMillis(1500));
      both.get(1).shard().search().requestStop("interrupted");
      stopped = clock.nanoTime();
    } finally {
      clock.leave();
    }
    Future<CapacityResult> r0 = both.get(0).result();
    Future<CapacityResult> r1 = both.get(1).result();

    CapacityResult one = r1.get(1, TimeUnit.MINUTES);
    assertThat(one.note()).isEqualTo("stopped before the search ended");
    CompletableFuture<Throwable> failure = new CompletableFuture<>();
    try {
      r0.get(1, TimeUnit.MINUTES);
    } catch (ExecutionException e) {
      failure.complete(e.getCause());
    }
    assertThat(failure.getNow(null))
        .isInstanceOf(ShardExchangeException.class)
        .hasMessage("find-max: shard 1/2 stopped: interrupted");
    // at once, on the clock the shards waited on: far from shard 0's 60 s wait
    assertThat(Duration.ofNanos(clock.nanoTime() - stopped)).isLessThan(Duration.ofSeconds(5));
  }

  /**
   * Files of an earlier search are found, not merged: this shard's own at the start is bad input; a
   * peer that joined longer ago than any shard waits ends the search.
   */
  @Test
  void refusesFilesOfAnEarlierSearch() throws Exception {
    Files.writeString(dir.resolve("step-3-1.properties"), "publishedEpochMillis=1\n");
    assertThatThrownBy(
            () ->
                new ShardExchange(dir, new ShardSpec(1, 2), Duration.ofSeconds(5), Clock.system()))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("holds shard 1/2's files of an earlier search (step-3-1.properties)");
    assertThatThrownBy(
            () ->
                new ShardExchange(
                    dir.resolve("none"),
                    new ShardSpec(0, 2),
                    Duration.ofSeconds(5),
                    Clock.system()))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("is not a directory");

    Files.writeString(
        dir.resolve("join-1.properties"), "joinedEpochMillis=1000\nfingerprint=same\n");
    ShardExchange zero =
        new ShardExchange(dir, new ShardSpec(0, 2), Duration.ofSeconds(5), Clock.system());
    assertThatThrownBy(() -> zero.join("same", () -> false))
        .isInstanceOf(ShardExchangeException.class)
        .hasMessageContaining(
            "shard 1/2 joined at 1970-01-01T00:00:01Z, longer ago than any shard");
  }

  /** Shards given different bounds are told so at the join, before any step. */
  @Test
  void shardsMustSearchAlike() {
    List<ShardExchange> both =
        List.of(
            new ShardExchange(dir, new ShardSpec(0, 2), Duration.ofSeconds(5), Clock.system()),
            new ShardExchange(dir, new ShardSpec(1, 2), Duration.ofSeconds(5), Clock.system()));
    CompletableFuture<Object> other =
        CompletableFuture.supplyAsync(() -> both.get(1).join("p99<5ms", () -> false), shards);
    assertThatThrownBy(() -> both.get(0).join("p99<10ms", () -> false))
        .isInstanceOf(ShardExchangeException.class)
        .hasMessageContaining("shard 1/2 searches 'p99<5ms', shard 0/2 'p99<10ms'");
    assertThat(other).failsWithin(Duration.ofSeconds(10));
  }
}
