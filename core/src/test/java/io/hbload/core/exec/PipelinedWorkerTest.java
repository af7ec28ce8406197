package io.hbload.core.exec;

import static io.hbload.core.TestWorkloads.workloadFile;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingContext;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.binding.Fields;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.ScanSink;
import io.hbload.core.binding.Status;
import io.hbload.core.binding.Values;
import io.hbload.core.binding.builtin.MemoryBindingProvider;
import io.hbload.core.binding.builtin.MemoryStore;
import io.hbload.core.config.Phase;
import io.hbload.core.config.SpecException;
import io.hbload.core.measure.MeasurementTotals;
import io.hbload.core.result.RunResult;
import io.hbload.core.source.Workload;
import io.hbload.core.testing.AsyncTestProvider;
import io.hbload.core.testing.ClockScene;
import io.hbload.core.testing.ClockTimer;
import io.hbload.core.testing.OneCallAsyncBinding;
import io.hbload.core.time.EventClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;

/**
 * The pipelined worker against async bindings whose completions come from another thread pool, as
 * an HBase client's event loops deliver them: counts exact, the in-flight bound kept, the open-loop
 * schedule kept and its misses charged to intended latency, outstanding operations cancelled and
 * counted at the end. The delayed completions come from a {@link ClockTimer} on the run's clock;
 * the tests of the schedule, slot waits, the drain and a stop run on virtual time ({@link
 * EventClock}), where a 20 ms call takes 20 ms exactly; the count tests, which do not depend on
 * time, race real threads. The timeout fails a deadlocked clock instead of hanging.
 */
@Timeout(value = 30, threadMode = ThreadMode.SEPARATE_THREAD)
class PipelinedWorkerTest {
  private final ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(4);
  private final EventClock clock = new EventClock();

  @BeforeEach
  void emptyStore() {
    MemoryStore.shared().clear();
  }

  @AfterEach
  void stopPool() {
    pool.shutdownNow();
  }

  @Test
  void closedLoopCountsEveryOperationExactlyAndKeepsTheBound() {
    // completions after 0-300 us on the timer's thread racing the 2 workers; every 7th call fails
    Delayed binding = new Delayed(() -> ThreadLocalRandom.current().nextLong(300_000), 7);
    RunResult r =
        workloadFile("a")
            .binding(binding)
            .recordCount(1000)
            .operationCount(40_000)
            .threads(2)
            .property("hbload.inflight", "16")
            .run();
    assertThat(r.operations()).isEqualTo(40_000);
    assertThat(binding.issued.get()).isEqualTo(40_000);
    long returns = returns(r, "READ") + returns(r, "UPDATE");
    assertThat(returns).as("every call has its outcome counted").isEqualTo(40_000);
    assertThat(r.errorCount())
        .as("errors counted exactly")
        .isEqualTo(binding.failed.get())
        .isPositive();
    assertThat(r.op("READ").count() + r.op("UPDATE").count()).isEqualTo(40_000 - r.errorCount());
    assertThat(binding.maxOutstandingPerWorker.get()).as("in-flight bound").isEqualTo(16);
  }

  @Test
  void openLoopIssuesOnScheduleWhileEarlierOperationsAreOutstanding() {
    // 20 ms per operation: one blocking worker would do 50 ops/s; 32 in flight keep the 400 ops/s
    // schedule
    Delayed binding = new Delayed(() -> 20_000_000L, 0);
    RunResult r =
        clock.run(
            () ->
                workloadFile("c")
                    .binding(binding)
                    .recordCount(1000)
                    .operationCount(800)
                    .threads(1)
                    .target(400)
                    .property("hbload.inflight", "32")
                    .clock(clock)
                    .run());
    assertThat(r.operations()).isEqualTo(800);
    assertThat(r.throughputOpsPerSec()).isBetween(390.0, 410.0);
    MeasurementTotals read = r.op("READ");
    assertThat(read.percentileMicros(99)).isBetween(19_900L, 20_100L);
    assertThat(read.intendedPercentileMicros(99))
        .as("intended p99 within 2x of service p99")
        .isLessThan(2 * read.percentileMicros(99));
    assertThat(binding.maxOutstandingPerWorker.get()).isLessThanOrEqualTo(32).isGreaterThan(4);
    assertThat(r.extra())
        .as("the bound never held the schedule back: no OPEN-LOOP lines")
        .noneMatch(l -> l.metric().equals("OPEN-LOOP"));
  }

  /**
   * The same on the pipelined path: 4 in flight, calls of 200 ms for the first 0.8 s (the schedule
   * falls ~0.6 s behind), then 1 ms; at 1200 ops/s the spare rate would take seconds to work the
   * backlog off. The warm-up ends at 1 s and the schedule starts again there, so the measured
   * intended latency is the steady state's.
   */
  @Test
  void theScheduleStartsAgainAfterTheWarmup() {
    long stallUntil = 800_000_000L; // the run starts at the clock's zero
    Delayed binding =
        new Delayed(() -> clock.nanoTime() < stallUntil ? 200_000_000L : 1_000_000L, 0);
    RunResult r =
        clock.run(
            () ->
                workloadFile("c")
                    .binding(binding)
                    .recordCount(1000)
                    .threads(1)
                    .target(1200)
                    .property("operationcount", "0")
                    .property("hbload.warmup", "1s")
                    .duration(Duration.ofSeconds(2))
                    .property("hbload.inflight", "4")
                    .clock(clock)
                    .run());
    MeasurementTotals read = r.op("READ");
    assertThat(read.count()).as("the measured part kept the rate").isBetween(2390L, 2410L);
    // calls of 1 ms, one due every 0.83 ms, 4 in flight: each starts when it was due
    assertThat(read.intendedPercentileMicros(99))
        .as("intended p99 (service p99 %d us)", read.percentileMicros(99))
        .isLessThan(2 * read.percentileMicros(99));
  }

  @Test
  void waitingForAFreeSlotCountsInIntendedLatencyNotInService() {
    // 4 in flight at 10 ms each serve 400 ops/s; the schedule asks for 800: it falls behind by 0.5
    // s over 400 ops
    Delayed binding = new Delayed(() -> 10_000_000L, 0);
    RunResult r =
        clock.run(
            () ->
                workloadFile("c")
                    .binding(binding)
                    .recordCount(1000)
                    .operationCount(400)
                    .threads(1)
                    .target(800)
                    .property("hbload.inflight", "4")
                    .clock(clock)
                    .run());
    MeasurementTotals read = r.op("READ");
    assertThat(binding.maxOutstandingPerWorker.get()).isEqualTo(4);
    assertThat(read.percentileMicros(99)).as("service p99").isBetween(9_900L, 10_100L);
    assertThat(read.intendedPercentileMicros(99))
        .as("intended p99: the growing backlog")
        .isGreaterThan(300_000L);
    // and the report says the bound held the schedule back: after the first 4, every operation
    // waited for a slot,
    // so the waits span nearly all of the ~1 s the 400 operations took
    assertThat(line(r, "SlotWaits"))
        .as("operations that came due with every slot busy")
        .isBetween(100L, 400L);
    assertThat(line(r, "SlotWaitTime(ms)"))
        .as("time a due operation waited for a slot")
        .isBetween(700L, (long) r.runtimeMillis() + 50);
  }

  private static long line(RunResult r, String measurement) {
    return r.extra().stream()
        .filter(l -> l.metric().equals("OPEN-LOOP") && l.measurement().equals(measurement))
        .mapToLong(l -> ((Number) l.value()).longValue())
        .findFirst()
        .orElse(-1);
  }

  @Test
  void operationsStillOutstandingAtTheEndAreCancelledAndCounted() {
    // every 50th call never completes: the worker stops after 1 s, waits the 300 ms drain, cancels
    // those
    Delayed binding = new Delayed(() -> 100_000L, 0);
    binding.hangEvery = 50;
    binding.drainNanos = 300_000_000L;
    RunResult r =
        clock.run(
            () ->
                workloadFile("a")
                    .binding(binding)
                    .recordCount(1000)
                    .threads(2)
                    .duration(Duration.ofSeconds(1))
                    .property("hbload.inflight", "64")
                    .clock(clock)
                    .run());
    // the second, then the 300 ms drain, and no longer
    assertThat(clock.elapsed()).isBetween(Duration.ofMillis(1300), Duration.ofMillis(1400));
    long cancelled = cancelled(r, "READ") + cancelled(r, "UPDATE");
    assertThat(cancelled)
        .as("hung calls counted as CANCELLED")
        .isEqualTo(binding.hung.get())
        .isPositive();
    assertThat(r.operations() + cancelled)
        .as("issued = completed + errors + cancelled")
        .isEqualTo(binding.issued.get());
    assertThat(returns(r, "READ") + returns(r, "UPDATE")).isEqualTo(binding.issued.get());
  }

  @Test
  void stopRequestMidRunDrainsAndReturnsTheResult() throws Exception {
    Delayed binding = new Delayed(() -> 2_000_000L, 0);
    var spec =
        workloadFile("c")
            .binding(binding)
            .recordCount(1000)
            .threads(2)
            .property("hbload.inflight", "8")
            .property("operationcount", "0")
            .property("maxexecutiontime", "0")
            .clock(clock)
            .spec(Phase.RUN);
    MemoryStore.shared().clear();
    Workload<?, ?> workload = spec.binding().open(spec.bindingContext(System.err));
    PhaseRun run = new PhaseRun(spec, workload, RunListener.all(List.of()), System.err, true);
    var future = new java.util.concurrent.CompletableFuture<RunResult>();
    Thread phase = clock.newThread(() -> future.complete(run.execute()), "phase");
    // the stop from another thread, 500 ms into a phase that would not end by itself
    ClockScene.startThenAfter(
        clock,
        phase,
        Duration.ofMillis(500),
        () -> {
          run.requestStop("interrupted");
          return null;
        });
    RunResult r = future.get(10, TimeUnit.SECONDS);
    workload.session().close();
    // 2 workers x 8 calls of 2 ms in flight, for 500 ms: about 4,000
    assertThat(r.operations()).isBetween(3900L, 4020L);
    assertThat(r.operations() + cancelled(r, "READ")).isEqualTo(binding.issued.get());
  }

  @Test
  void readsVerifiedAcrossThreadsAndEveryOperationTypeRecorded() {
    // the memory store behind an async face: sinks filled and completions made on pool threads
    MemoryBacked binding = new MemoryBacked();
    RunResult load =
        workloadFile("a")
            .binding(binding)
            .recordCount(2000)
            .threads(2)
            .dataIntegrity(true)
            .property("hbload.inflight", "16")
            .load();
    assertThat(load.op("INSERT").returns()).containsExactly(java.util.Map.entry("OK", 2000L));
    assertThat(MemoryStore.shared().size("usertable")).isEqualTo(2000);
    RunResult run =
        workloadFile("f")
            .binding(binding)
            .recordCount(2000)
            .operationCount(6000)
            .threads(2)
            .dataIntegrity(true)
            .property("hbload.inflight", "16")
            .run();
    assertThat(run.operations()).isEqualTo(6000);
    assertThat(run.errorCount()).isZero();
    assertThat(run.op("VERIFY").returns()).containsOnlyKeys("OK");
    assertThat(run.op("VERIFY").returns().get("OK")).isEqualTo(run.op("READ").returns().get("OK"));
    assertThat(
            run.op("READ-MODIFY-WRITE").count() + run.op("READ").count() - run.op("UPDATE").count())
        .as("reads = plain reads + the reads of read-modify-writes")
        .isEqualTo(6000);

    MemoryStore.shared().table("usertable").values().forEach(row -> row.get("field0")[5] ^= 1);
    RunResult corrupt =
        workloadFile("c")
            .binding(binding)
            .recordCount(2000)
            .operationCount(1000)
            .threads(2)
            .dataIntegrity(true)
            .property("hbload.inflight", "16")
            .run();
    assertThat(corrupt.op("VERIFY").returns()).containsEntry("UNEXPECTED_STATE", 1000L);

    RunResult mixed =
        workloadFile("a")
            .binding(binding)
            .recordCount(2000)
            .operationCount(4000)
            .threads(2)
            .property("insertproportion", "0.1")
            .property("scanproportion", "0.1")
            .property("hbload.deleteproportion", "0.1")
            .property("hbload.inflight", "16")
            .run();
    assertThat(mixed.operations()).isEqualTo(4000);
    for (String op : List.of("READ", "UPDATE", "INSERT", "SCAN", "DELETE")) {
      assertThat(mixed.op(op).count()).as(op).isPositive();
    }
  }

  @Test
  void theSameSeedDrawsTheSameOperationsOnBothLoops() {
    // one operation source for both loops: with a seed, the blocking loop on the memory store and
    // the pipelined loop
    // on its async face draw the same operations. Left out, as their draws depend on timing on the
    // pipelined loop:
    // read-modify-write (its update is drawn when its read completes, after later operations'
    // draws) and inserts
    // (a key drawn above the acknowledged inserts is drawn again, and acknowledgements come with
    // completions).
    List<String> ops = List.of("READ", "UPDATE", "SCAN", "DELETE");
    List<Long> blocking = new ArrayList<>();
    RunResult b =
        workloadFile("a")
            .binding("memory")
            .recordCount(2000)
            .operationCount(6000)
            .threads(2)
            .seed(42)
            .property("scanproportion", "0.1")
            .property("hbload.deleteproportion", "0.1")
            .run();
    for (String op : ops) {
      blocking.add(returns(b, op));
    }
    MemoryStore.shared().clear();
    List<Long> pipelined = new ArrayList<>();
    RunResult p =
        workloadFile("a")
            .binding(new MemoryBacked())
            .recordCount(2000)
            .operationCount(6000)
            .threads(2)
            .seed(42)
            .property("scanproportion", "0.1")
            .property("hbload.deleteproportion", "0.1")
            .property("hbload.inflight", "16")
            .run();
    for (String op : ops) {
      pipelined.add(returns(p, op));
    }
    assertThat(b.operations()).isEqualTo(6000);
    assertThat(p.operations()).isEqualTo(6000);
    assertThat(blocking).as("calls per operation type, blocking").allMatch(n -> n > 0);
    assertThat(pipelined).as("calls per operation type, pipelined vs blocking").isEqualTo(blocking);
  }

  @Test
  void aBindingWithoutAnAsyncInterfaceIsRefusedAtSpecTime() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                workloadFile("a")
                    .binding("memory")
                    .property("hbload.inflight", "8")
                    .spec(Phase.RUN))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("hbload.inflight");
  }

  private static long returns(RunResult r, String op) {
    return r.op(op).returns().values().stream().mapToLong(Long::longValue).sum();
  }

  private static long cancelled(RunResult r, String op) {
    return r.measurement(op).map(m -> m.returns().getOrDefault("CANCELLED", 0L)).orElse(0L);
  }

  /**
   * Completes every call after a delay on the pool; optionally fails every n-th (ERROR) or never
   * completes it. Tracks how many calls each worker has outstanding.
   */
  private final class Delayed extends AsyncTestProvider {
    final AtomicLong issued = new AtomicLong();
    final AtomicLong failed = new AtomicLong();
    final AtomicLong hung = new AtomicLong();
    final AtomicInteger maxOutstandingPerWorker = new AtomicInteger();
    final LongSupplier delayNanos;
    final int failEvery;
    int hangEvery;
    long drainNanos = 5_000_000_000L;

    Delayed(LongSupplier delayNanos, int failEvery) {
      this.delayNanos = delayNanos;
      this.failEvery = failEvery;
    }

    @Override
    public BindingSession open(BindingContext context) {
      ClockTimer timer = new ClockTimer(context.execution().clock(), "delayed-completions");
      return asyncOnly(workerIndex -> new Calls(timer), timer::close);
    }

    private final class Calls extends OneCallAsyncBinding {
      private final AtomicInteger outstanding = new AtomicInteger();
      private final ClockTimer timer;
      private long n;

      Calls(ClockTimer timer) {
        this.timer = timer;
      }

      @Override
      protected void call(int slot, Completion done) {
        long number = ++n;
        issued.incrementAndGet();
        maxOutstandingPerWorker.accumulateAndGet(outstanding.incrementAndGet(), Math::max);
        if (hangEvery > 0 && number % hangEvery == 0) {
          hung.incrementAndGet();
          return;
        }
        Status status = Status.OK;
        if (failEvery > 0 && number % failEvery == 0) {
          failed.incrementAndGet();
          status = Status.ERROR;
        }
        Status s = status;
        timer.schedule(
            () -> {
              outstanding.decrementAndGet();
              done.complete(slot, s);
            },
            delayNanos.getAsLong());
      }

      @Override
      public long drainTimeoutNanos() {
        return drainNanos;
      }
    }
  }

  /**
   * The memory binding behind an async face: the call runs on the worker (the arguments are valid
   * only then), the returned fields are copied, and the sink is filled and the completion made on a
   * pool thread.
   */
  private final class MemoryBacked extends AsyncTestProvider {
    @Override
    public BindingSession open(BindingContext context) {
      BindingSession memory = new MemoryBindingProvider().open(context);
      return new BindingSession() {
        @Override
        public Binding newBinding(int workerIndex) throws BindingException {
          throw new BindingException("async only");
        }

        @Override
        public boolean loadBeforeRun() {
          return memory.loadBeforeRun();
        }

        @Override
        public AsyncBinding newAsyncBinding(int workerIndex) throws BindingException {
          Binding b = memory.newBinding(workerIndex);
          return new AsyncBinding() {
            @Override
            public void read(
                String table, Key key, Fields fields, RowSink result, int slot, Completion done) {
              List<Object[]> got = new ArrayList<>();
              Status s =
                  b.read(
                      table,
                      key,
                      fields,
                      new RowSink() {
                        @Override
                        public boolean wanted() {
                          return result.wanted();
                        }

                        @Override
                        public void field(
                            byte[] name, int no, int nl, byte[] value, int vo, int vl) {
                          got.add(
                              new Object[] {
                                java.util.Arrays.copyOfRange(name, no, no + nl),
                                java.util.Arrays.copyOfRange(value, vo, vo + vl)
                              });
                        }
                      });
              pool.execute(
                  () -> {
                    for (Object[] f : got) {
                      byte[] name = (byte[]) f[0];
                      byte[] value = (byte[]) f[1];
                      result.field(name, 0, name.length, value, 0, value.length);
                    }
                    done.complete(slot, s);
                  });
            }

            @Override
            public void scan(
                String table,
                Key startKey,
                int recordCount,
                Fields fields,
                ScanSink result,
                int slot,
                Completion done) {
              Status s = b.scan(table, startKey, recordCount, fields, ScanSink.IGNORE);
              pool.execute(() -> done.complete(slot, s));
            }

            @Override
            public void update(String table, Key key, Values values, int slot, Completion done) {
              Status s = b.update(table, key, values);
              pool.execute(() -> done.complete(slot, s));
            }

            @Override
            public void insert(String table, Key key, Values values, int slot, Completion done) {
              Status s = b.insert(table, key, values);
              pool.execute(() -> done.complete(slot, s));
            }

            @Override
            public void delete(String table, Key key, int slot, Completion done) {
              Status s = b.delete(table, key);
              pool.execute(() -> done.complete(slot, s));
            }
          };
        }
      };
    }
  }
}
