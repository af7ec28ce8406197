package io.hbload.core.exec;

import static io.hbload.core.TestWorkloads.oneMillisecondCalls;
import static io.hbload.core.TestWorkloads.workloadFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
import io.hbload.core.binding.builtin.MemoryStore;
import io.hbload.core.config.Phase;
import io.hbload.core.keys.KeyNames;
import io.hbload.core.measure.MeasurementTotals;
import io.hbload.core.result.RunResult;
import io.hbload.core.spec.RunSpec;
import io.hbload.core.testing.ClockScene;
import io.hbload.core.time.EventClock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;

/**
 * The engine against real in-process bindings: what a user checks after a run. The tests of
 * behaviour in time (pacing, latency from the intended start, maxexecutiontime, stops, the stop
 * grace) run on virtual time ({@link EventClock}: the engine's threads, and the bindings' waits, on
 * one clock), so they take milliseconds and land the same way every time; the timeout fails a run
 * whose clock deadlocked (a thread waiting on something the clock cannot see) instead of hanging.
 * The count-bounded runs on the memory store do not depend on time and keep the system clock.
 */
@Timeout(value = 30, threadMode = ThreadMode.SEPARATE_THREAD)
class EngineTest {
  private final EventClock clock = new EventClock();

  @BeforeEach
  void emptyStore() {
    MemoryStore.shared().clear();
  }

  @Test
  void loadThenRunOnMemoryWithDataIntegrityFindsEveryRowCorrect() {
    RunResult load =
        workloadFile("a").binding("memory").recordCount(2000).threads(2).dataIntegrity(true).load();
    assertThat(load.operations()).isEqualTo(2000);
    assertThat(load.op("INSERT").returns()).containsExactly(Map.entry("OK", 2000L));
    Map<String, Map<String, byte[]>> table = MemoryStore.shared().table("usertable");
    assertThat(table).hasSize(2000);
    for (long n = 0; n < 2000; n++) {
      Map<String, byte[]> row = table.get(KeyNames.name(n, false, 1));
      assertThat(row).as("row %d", n).isNotNull().hasSize(10);
      assertThat(row.get("field3")).hasSize(100);
    }

    RunResult run =
        workloadFile("f")
            .binding("memory")
            .recordCount(2000)
            .operationCount(5000)
            .threads(2)
            .dataIntegrity(true)
            .run();
    assertThat(run.operations()).isEqualTo(5000);
    assertThat(run.errorCount()).isZero();
    MeasurementTotals verify = run.op("VERIFY");
    assertThat(verify.returns()).containsOnlyKeys("OK");
    assertThat(verify.returns().get("OK")).isEqualTo(run.op("READ").returns().get("OK"));
    assertThat(run.op("READ-MODIFY-WRITE").count()).isPositive();
  }

  @Test
  void verificationCatchesCorruptedValues() {
    workloadFile("c").binding("memory").recordCount(200).dataIntegrity(true).load();
    MemoryStore.shared().table("usertable").values().forEach(row -> row.get("field0")[5] ^= 1);
    RunResult run =
        workloadFile("c")
            .binding("memory")
            .recordCount(200)
            .operationCount(1000)
            .dataIntegrity(true)
            .run();
    assertThat(run.op("VERIFY").returns()).containsEntry("UNEXPECTED_STATE", 1000L);
  }

  @Test
  void memoryRunStartsByLoadingWhenTheStoreIsEmpty() {
    ByteArrayOutputStream messages = new ByteArrayOutputStream();
    RunResult run =
        workloadFile("c")
            .binding("memory")
            .recordCount(300)
            .operationCount(600)
            .dataIntegrity(true)
            .messages(new PrintStream(messages, true, StandardCharsets.UTF_8))
            .run();
    assertThat(messages.toString(StandardCharsets.UTF_8))
        .contains("starts empty: loading 300 records");
    assertThat(run.op("READ").returns()).containsExactly(Map.entry("OK", 600L));
    assertThat(MemoryStore.shared().size("usertable")).isEqualTo(300);
  }

  @Test
  void workloadDInsertsGrowTheKeySpaceAndReadsFindThem() {
    workloadFile("d").binding("memory").recordCount(1000).load();
    RunResult run =
        workloadFile("d")
            .binding("memory")
            .recordCount(1000)
            .operationCount(20000)
            .threads(2)
            .run();
    long inserts = run.op("INSERT").returns().get("OK");
    assertThat(inserts).isPositive();
    assertThat(MemoryStore.shared().size("usertable")).isEqualTo(1000 + inserts);
    // latest favours new keys: every read must find its row (no read above the acknowledged limit)
    assertThat(run.op("READ").returns()).containsOnlyKeys("OK");
  }

  @Test
  void scansAndDeletesRun() {
    workloadFile("e").binding("memory").recordCount(500).load();
    RunResult e = workloadFile("e").binding("memory").recordCount(500).operationCount(2000).run();
    assertThat(e.op("SCAN").returns().get("OK")).isPositive();
    int before = MemoryStore.shared().size("usertable");
    RunResult del =
        workloadFile("c")
            .binding("memory")
            .recordCount(500)
            .operationCount(300)
            .property("readproportion", "0")
            .property("hbload.deleteproportion", "1")
            .property("requestdistribution", "sequential")
            .run();
    assertThat(del.op("DELETE").returns().get("OK")).isEqualTo(300);
    assertThat(MemoryStore.shared().size("usertable")).isEqualTo(before - 300);
  }

  @Test
  void targetRateIsHeldAndIntendedLatencyIsAtLeastServiceTime() {
    // 2 ms per call, 400 ops/s over 2 threads: each thread has 5 ms per op, so the schedule is met
    RunResult r =
        clock.run(
            () ->
                workloadFile("a")
                    .binding("basic")
                    .property("basicdb.simulatedelay", "2")
                    .property("basicdb.randomizedelay", "false")
                    .operationCount(2000)
                    .threads(2)
                    .target(400)
                    .clock(clock)
                    .run());
    assertThat(r.throughputOpsPerSec()).isCloseTo(400, within(400 * 0.01));
    assertThat(clock.elapsed()).isBetween(Duration.ofMillis(4990), Duration.ofMillis(5100));
    for (String op : new String[] {"READ", "UPDATE"}) {
      MeasurementTotals m = r.op(op);
      assertThat(m.intendedPercentileMicros(99)).isGreaterThanOrEqualTo(m.percentileMicros(99));
      assertThat(m.intended().getMean()).isGreaterThanOrEqualTo(m.service().getMean());
      // on virtual time a call takes its 2 ms, no more (no scheduler oversleeps)
      assertThat(m.percentileMicros(50)).isBetween(1990L, 2100L);
    }
  }

  @Test
  void aScheduleThatCannotBeMetShowsUpInIntendedLatencyOnly() {
    // 5 ms calls on one thread cannot do 400 ops/s: the backlog grows, and latency from the
    // intended
    // start grows with it while service time stays at 5 ms (what coordinated omission would hide)
    RunResult r =
        clock.run(
            () ->
                workloadFile("c")
                    .binding("basic")
                    .property("basicdb.simulatedelay", "5")
                    .property("basicdb.randomizedelay", "false")
                    .operationCount(200)
                    .threads(1)
                    .target(400)
                    .clock(clock)
                    .run());
    MeasurementTotals read = r.op("READ");
    // by the 200th call the backlog is ~200 x (5 - 2.5) ms = 500 ms; a call itself stays at 5 ms
    assertThat(read.percentileMicros(50)).isBetween(4_990L, 5_100L);
    assertThat(read.intendedPercentileMicros(99))
        .isGreaterThan(250_000)
        .isGreaterThan(4 * read.percentileMicros(99));
  }

  @Test
  void failedCallsAreTimedUnderFailedAndCountedUnderTheBaseName() {
    RunResult r =
        workloadFile("a").binding(new FailingUpdates()).operationCount(2000).threads(2).run();
    MeasurementTotals update = r.op("UPDATE");
    assertThat(update.count()).isZero();
    assertThat(update.returns()).containsOnlyKeys("ERROR");
    MeasurementTotals failed = r.op("UPDATE-FAILED");
    assertThat(failed.count()).isEqualTo(update.returns().get("ERROR"));
    assertThat(r.errorCount()).isEqualTo(failed.count());
    assertThat(r.op("READ").returns()).containsOnlyKeys("OK");
  }

  @Test
  void maxExecutionTimeEndsAnUnboundedRun() {
    // calls of 1 ms: on virtual time only waits move the clock, and a run of instant calls would
    // never see its second pass
    RunResult r =
        clock.run(
            () ->
                oneMillisecondCalls("c")
                    .duration(Duration.ofSeconds(1))
                    .threads(2)
                    .clock(clock)
                    .run());
    assertThat(clock.elapsed()).isBetween(Duration.ofSeconds(1), Duration.ofMillis(1100));
    // two workers, a call a millisecond each, for the second: about 2,000
    assertThat(r.operations()).isBetween(1900L, 2010L);
    assertThat(r.completed()).isTrue();
  }

  @Test
  void aStopRequestStillReturnsWhatWasDone() throws Exception {
    RunSpec spec =
        oneMillisecondCalls("c")
            .operationCount(0)
            .property("maxexecutiontime", "0")
            .threads(2)
            .clock(clock)
            .spec(Phase.RUN);
    Runner runner =
        new Runner(
            spec, new PrintStream(java.io.OutputStream.nullOutputStream()), new RunListener() {});
    // Ctrl-C's stop, from another thread 300 ms into a run that would never end by itself; started
    // once this thread is on the clock, which would otherwise move on the stopper's sleep alone
    Thread stopper =
        clock.newThread(
            () -> {
              try {
                clock.sleep(Duration.ofMillis(300));
              } catch (InterruptedException e) {
                return;
              }
              runner.requestStop("interrupted");
            },
            "stopper");
    RunResult r =
        clock.run(
            () -> {
              stopper.start();
              try {
                return runner.run();
              } catch (io.hbload.core.binding.BindingException e) {
                throw new IllegalStateException(e);
              }
            });
    assertThat(r.stopReason()).isEqualTo("interrupted");
    // two workers, 1 ms a call, stopped after 300 ms: what was done is about 600 calls
    assertThat(r.operations()).isBetween(550L, 610L);
    assertThat(r.op("READ").returns().get("OK")).isEqualTo(r.operations());
  }

  @Test
  void aBindingThatThrowsFailsThePhaseButKeepsResults() {
    AtomicLong calls = new AtomicLong();
    BindingProvider throwing =
        provider(
            worker ->
                new FailingUpdates.Ok() {
                  @Override
                  public Status read(String table, Key key, Fields fields, RowSink result) {
                    if (calls.incrementAndGet() > 100) {
                      throw new IllegalStateException("boom");
                    }
                    return Status.OK;
                  }
                });
    RunResult r = workloadFile("c").binding(throwing).operationCount(1000).run();
    assertThat(r.stopReason()).contains("boom");
    assertThat(r.operations()).isEqualTo(100);
  }

  @Test
  void theLoadBeforeARunIsTheSessionsSignalAndItsHooksSeeOnlyTheRequestedPhase() {
    java.util.List<String> hooks = new java.util.concurrent.CopyOnWriteArrayList<>();
    AtomicLong inserts = new AtomicLong();
    BindingSession empty =
        new BindingSession() {
          @Override
          public Binding newBinding(int workerIndex) {
            return new FailingUpdates.Ok() {
              @Override
              public Status insert(String table, Key key, Values values) {
                inserts.incrementAndGet();
                return Status.OK;
              }
            };
          }

          @Override
          public boolean loadBeforeRun() {
            return true;
          }

          @Override
          public void runStarting(Phase phase) {
            hooks.add("starting " + phase);
          }

          @Override
          public java.util.List<io.hbload.core.binding.ReportLine> runFinished(Phase phase) {
            hooks.add("finished " + phase);
            return java.util.List.of();
          }
        };
    RunResult r =
        workloadFile("c").binding(provider(empty)).recordCount(250).operationCount(400).run();
    assertThat(inserts.get()).as("the engine loaded first").isEqualTo(250);
    assertThat(r.operations()).isEqualTo(400);
    assertThat(hooks).containsExactly("starting RUN", "finished RUN");
  }

  @Test
  void theJavaApiWritesJsonAndHlogAsTheCliDoes(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path json = dir.resolve("r.json");
    java.nio.file.Path hlog = dir.resolve("r.hlog");
    RunResult r =
        workloadFile("a")
            .binding("memory")
            .recordCount(100)
            .operationCount(300)
            .json(json)
            .hlog(hlog)
            .run();
    assertThat(java.nio.file.Files.readString(json))
        .startsWith("{")
        .contains("\"READ\"")
        .containsPattern("\"operations\":\\s*" + r.operations());
    try (java.io.InputStream in = java.nio.file.Files.newInputStream(hlog)) {
      org.HdrHistogram.HistogramLogReader reader = new org.HdrHistogram.HistogramLogReader(in);
      long reads = 0;
      for (org.HdrHistogram.EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
        if ("READ.service".equals(h.getTag())) {
          reads += ((org.HdrHistogram.Histogram) h).getTotalCount();
        }
      }
      assertThat(reads).isEqualTo(r.op("READ").count());
    }
  }

  @Test
  void anErrorThrownByABindingFailsThePhaseAndKeepsItsResults() {
    for (Error thrown :
        new Error[] {new AssertionError("assert"), new NoClassDefFoundError("io/missing/Codec")}) {
      AtomicLong calls = new AtomicLong();
      BindingProvider throwing =
          provider(
              worker ->
                  new FailingUpdates.Ok() {
                    @Override
                    public Status read(String table, Key key, Fields fields, RowSink result) {
                      if (calls.incrementAndGet() > 100) {
                        throw thrown;
                      }
                      return Status.OK;
                    }
                  });
      RunResult r = workloadFile("c").binding(throwing).operationCount(1000).run();
      assertThat(r.completed()).as("%s", thrown).isFalse();
      assertThat(r.stopReason()).contains(thrown.getClass().getSimpleName());
      assertThat(r.operations()).isEqualTo(100);
    }
  }

  @Test
  void aLoadCutShortByMaxExecutionTimeIsNotComplete() {
    RunResult r =
        clock.run(
            () ->
                workloadFile("a")
                    .binding("basic")
                    .recordCount(1_000_000)
                    .property("basicdb.simulatedelay", "2")
                    .property("basicdb.randomizedelay", "false")
                    .property("maxexecutiontime", "1")
                    .clock(clock)
                    .load());
    assertThat(r.completed()).isFalse();
    assertThat(r.stopReason())
        .contains("before the load finished")
        .contains("of 1000000 records inserted");
    RunResult run =
        clock.run(
            () ->
                oneMillisecondCalls("a")
                    .recordCount(1000)
                    .duration(Duration.ofSeconds(1))
                    .clock(clock)
                    .run());
    assertThat(run.completed()).as("a time-boxed run completes").isTrue();
    assertThat(clock.elapsed())
        .as("the load's second, then the run's")
        .isBetween(Duration.ofSeconds(2), Duration.ofMillis(2200));
  }

  @Test
  void interruptingTheThreadThatRunsAPhaseStopsItAndReturnsWhatWasDone() throws Exception {
    java.util.concurrent.atomic.AtomicReference<RunResult> result =
        new java.util.concurrent.atomic.AtomicReference<>();
    Thread runner =
        clock.newThread(
            () ->
                result.set(
                    workloadFile("c")
                        .binding("basic")
                        .recordCount(1000)
                        .property("basicdb.simulatedelay", "1")
                        .duration(Duration.ofSeconds(60))
                        .clock(clock)
                        .run()),
            "runner");
    // 1.5 s into the run, while its workers are busy
    long interruptedAt =
        ClockScene.startThenAfter(
            clock,
            runner,
            Duration.ofMillis(1500),
            () -> {
              runner.interrupt();
              return clock.nanoTime();
            });
    // real time from here: the test thread has left the clock, which moves with the run's threads
    runner.join(10_000);
    assertThat(runner.isAlive()).as("the run returned after the interrupt").isFalse();
    assertThat(Duration.ofNanos(clock.nanoTime() - interruptedAt))
        .as("the run stopped after the calls under way, not at its 60 s")
        .isLessThan(Duration.ofMillis(100));
    assertThat(result.get().stopReason()).isEqualTo("interrupted");
    assertThat(result.get().operations()).isPositive();
  }

  @Test
  void aBindingCallThatNeverReturnsIsCutOffAfterTheGraceAndTheStuckWorkerIsNamed()
      throws Exception {
    java.util.concurrent.CountDownLatch never = new java.util.concurrent.CountDownLatch(1);
    AtomicLong reads = new AtomicLong();
    BindingProvider hanging =
        provider(
            worker ->
                new FailingUpdates.Ok() {
                  @Override
                  public Status read(String table, Key key, Fields fields, RowSink result) {
                    if (worker == 1 && reads.incrementAndGet() > 50) {
                      // a call that ignores interrupts as well, like a client stuck in native I/O;
                      // it waits on the run's clock (so that time goes on around it), and returns
                      // only when the test has ended
                      while (never.getCount() > 0) {
                        try {
                          clock.await(never, Duration.ofHours(1).toNanos());
                        } catch (InterruptedException ignored) {
                          // keep hanging
                        }
                      }
                      return Status.OK;
                    }
                    try {
                      clock.sleep(Duration.ofMillis(1)); // a call takes time, on the clock
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                    }
                    return Status.OK;
                  }
                });
    // the time is read before this thread leaves the clock: after, the abandoned worker alone on
    // it moves it on by its hour-long waits
    Duration[] took = new Duration[1];
    RunResult r;
    try {
      r =
          clock.run(
              () -> {
                RunResult done =
                    workloadFile("c")
                        .binding(hanging)
                        .threads(2)
                        .recordCount(100)
                        .property("hbload.stopgrace", "1")
                        .duration(Duration.ofSeconds(1))
                        .clock(clock)
                        .run();
                took[0] = clock.elapsed();
                return done;
              });
    } finally {
      never.countDown(); // the abandoned worker's call returns, and its thread ends
    }
    assertThat(took[0])
        .as("maxexecutiontime plus the grace, not forever")
        .isBetween(Duration.ofSeconds(2), Duration.ofMillis(2100));
    assertThat(r.completed()).isFalse();
    assertThat(r.stopReason())
        .startsWith("1 of 2 workers still in a binding call 1 s after the stop")
        .contains("maxexecutiontime of 1 s reached")
        .contains("hbload-worker-1 in ")
        .contains(".read;")
        .doesNotContain("hbload-worker-0");
    // every call that returned is counted: worker 0's and worker 1's first 50
    assertThat(r.operations()).isGreaterThan(50).isEqualTo(r.op("READ").count());
  }

  static BindingProvider provider(BindingSession session) {
    return new BindingProvider() {
      @Override
      public String name() {
        return "test";
      }

      @Override
      public String description() {
        return "test";
      }

      @Override
      public BindingSession open(BindingContext context) {
        return session;
      }
    };
  }

  /** Reads succeed, updates fail: the routing YCSB's DBWrapper does. */
  static final class FailingUpdates implements BindingProvider {
    @Override
    public String name() {
      return "failing-updates";
    }

    @Override
    public String description() {
      return "test";
    }

    @Override
    public BindingSession open(BindingContext context) {
      return worker ->
          new Ok() {
            @Override
            public Status update(String table, Key key, Values values) {
              return Status.ERROR;
            }
          };
    }

    static class Ok implements Binding {
      @Override
      public Status read(String table, Key key, Fields fields, RowSink result) {
        return Status.OK;
      }

      @Override
      public Status scan(
          String table, Key startKey, int recordCount, Fields fields, ScanSink result) {
        return Status.OK;
      }

      @Override
      public Status update(String table, Key key, Values values) {
        return Status.OK;
      }

      @Override
      public Status insert(String table, Key key, Values values) {
        return Status.OK;
      }

      @Override
      public Status delete(String table, Key key) {
        return Status.OK;
      }
    }
  }
}
