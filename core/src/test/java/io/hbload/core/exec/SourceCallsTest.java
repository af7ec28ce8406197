package io.hbload.core.exec;

import static io.hbload.core.TestWorkloads.workloadFile;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.Hbload;
import io.hbload.core.binding.AsyncWorkerClient;
import io.hbload.core.binding.BindingContext;
import io.hbload.core.binding.BindingKind;
import io.hbload.core.binding.RunSession;
import io.hbload.core.binding.Status;
import io.hbload.core.binding.WorkerClient;
import io.hbload.core.measure.Measure;
import io.hbload.core.measure.Measures;
import io.hbload.core.result.RunResult;
import io.hbload.core.source.BlockingStep;
import io.hbload.core.source.OperationSlot;
import io.hbload.core.source.OperationSource;
import io.hbload.core.source.PhaseContext;
import io.hbload.core.source.PipelinedStep;
import io.hbload.core.source.Step;
import io.hbload.core.source.Workload;
import io.hbload.core.source.WorkloadType;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A workload of its own, as hbload pe's is, plugged in through the same interface as YCSB's
 * CoreWorkload: its own client types (with one call each, and none of YCSB's), typed steps that
 * make that call, under a measure it registers, some of them unmeasured (PE's --measureAfter), some
 * with no outcome yet (a batched call), some turns issuing nothing (PE's sample); on both loops.
 * The engine records what the source says, under the registered name, and each worker's own figures
 * are that worker's.
 */
@Timeout(60)
class SourceCallsTest {
  /** The workload's measures: core's and its own, as a PE run's are core's and INCREMENT. */
  static final Measures MEASURES = Measures.CORE.and("TEST-OWN-CALL", true);

  static final Measure OWN = MEASURES.named("TEST-OWN-CALL");

  private final ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(4);

  @AfterEach
  void stopPool() {
    pool.shutdownNow();
  }

  @Test
  void blockingWorkersRecordTheWorkloadsOwnCallsUnderItsMeasureAndPerWorker() {
    OwnWorkload own = new OwnWorkload();
    RunResult r = run(own).recordCount(1000).operationCount(3000).threads(3).run();
    assertRecordedAsTheSourceSays(r, own, 3);
    assertThat(own.batched.get()).as("some calls had no outcome yet").isPositive();
  }

  @Test
  void pipelinedWorkersRecordTheWorkloadsOwnCallsUnderItsMeasureAndPerWorker() {
    OwnWorkload own = new OwnWorkload();
    RunResult r =
        run(own)
            .recordCount(1000)
            .operationCount(3000)
            .threads(2)
            .property("hbload.inflight", "8")
            .run();
    assertRecordedAsTheSourceSays(r, own, 2);
    assertThat(own.completed.get())
        .as("every issued call seen completed once")
        .isEqualTo(own.issued.get());
    assertThat(own.maxOutstanding.get()).as("in-flight bound").isEqualTo(8);
  }

  /** The Java API's way to run a workload of one's own. */
  private static Hbload run(OwnWorkload own) {
    return workloadFile("c")
        .workload(
            own.kind,
            new WorkloadType() {
              @Override
              public Measures measures() {
                return MEASURES;
              }

              @Override
              public Workload<?, ?> open(BindingContext context) {
                return own;
              }
            });
  }

  private static void assertRecordedAsTheSourceSays(RunResult r, OwnWorkload own, int threads) {
    assertThat(own.turns.get()).as("one turn per operation of the quota").isEqualTo(3000);
    assertThat(own.issued.get()).as("every 5th turn issues nothing").isEqualTo(3000 - 3000 / 5);
    long measured = own.measured.get();
    assertThat(measured).isPositive().isLessThan(own.issued.get());
    assertThat(r.operations()).as("only what the source measures is counted").isEqualTo(measured);
    assertThat(r.op(OWN.reportName()).returns()).containsExactly(Map.entry("OK", measured));
    assertThat(r.measurements()).extracting(m -> m.name()).doesNotContain("READ");
    assertThat(r.workers())
        .extracting(RunResult.Worker::index)
        .containsExactly(
            java.util.stream.IntStream.range(0, threads).boxed().toArray(Integer[]::new));
    long sum = 0;
    for (RunResult.Worker w : r.workers()) {
      long mine = w.figure("measured");
      assertThat(mine).as("worker %d measured some", w.index()).isPositive();
      assertThat(w.service(OWN.reportName()).getTotalCount())
          .as("worker %d's own recorder", w.index())
          .isEqualTo(mine);
      assertThat(w.operations()).as("worker %d's operations", w.index()).isEqualTo(mine);
      assertThat(w.elapsedNanos()).isPositive();
      sum += mine;
    }
    assertThat(sum).isEqualTo(measured);
  }

  /** A blocking client with one call of its own: every 7th has no outcome yet (batched). */
  static final class OwnClient implements WorkerClient {
    Status own(long number) {
      return number % 7 == 0 ? null : Status.OK;
    }
  }

  /** An async client whose one call completes after 50-150 us on a pool, as an event loop would. */
  final class OwnAsyncClient implements AsyncWorkerClient {
    private final AtomicInteger outstanding = new AtomicInteger();
    private final AtomicInteger maxOutstanding;

    OwnAsyncClient(AtomicInteger maxOutstanding) {
      this.maxOutstanding = maxOutstanding;
    }

    void own(int slot, Completion done) {
      maxOutstanding.accumulateAndGet(outstanding.incrementAndGet(), Math::max);
      pool.schedule(
          () -> {
            outstanding.decrementAndGet();
            done.complete(slot, Status.OK);
          },
          ThreadLocalRandom.current().nextLong(50_000, 150_000),
          TimeUnit.NANOSECONDS);
    }
  }

  /** The workload: its clients, and sources whose one step is the clients' own call. */
  private final class OwnWorkload implements Workload<OwnClient, OwnAsyncClient> {
    final AtomicLong turns = new AtomicLong();
    final AtomicLong issued = new AtomicLong();
    final AtomicLong batched = new AtomicLong();
    final AtomicLong completed = new AtomicLong();
    final AtomicLong measured = new AtomicLong();
    final AtomicInteger maxOutstanding = new AtomicInteger();

    final BindingKind kind =
        new BindingKind() {
          @Override
          public String name() {
            return "test-own";
          }

          @Override
          public String description() {
            return "a test's workload with clients of its own";
          }

          @Override
          public boolean supportsAsync() {
            return true;
          }
        };

    private final RunSession session = new RunSession() {};

    @Override
    public RunSession session() {
      return session;
    }

    @Override
    public boolean async() {
      return false;
    }

    @Override
    public OwnClient newClient(int workerIndex) {
      return new OwnClient();
    }

    @Override
    public OwnAsyncClient newAsyncClient(int workerIndex) {
      return new OwnAsyncClient(maxOutstanding);
    }

    @Override
    public OperationSource<BlockingStep<OwnClient>> blocking(
        int workerIndex, PhaseContext phase, OwnClient client, SplittableRandom random) {
      OwnSource<BlockingStep<OwnClient>> source = new OwnSource<>(false);
      source.step =
          new BlockingStep<OwnClient>(OWN) {
            @Override
            public Status call(OwnClient c, OperationSlot<?> s) {
              issued.incrementAndGet();
              Status status = c.own(s.number);
              if (status == null) {
                batched.incrementAndGet();
              } else if (!s.unmeasured) {
                measured.incrementAndGet();
                source.mine++;
              }
              return status;
            }
          };
      return source;
    }

    @Override
    public OperationSource<PipelinedStep<OwnAsyncClient>> pipelined(
        int workerIndex, PhaseContext phase, OwnAsyncClient client, SplittableRandom random) {
      OwnSource<PipelinedStep<OwnAsyncClient>> source = new OwnSource<>(true);
      source.step =
          new PipelinedStep<OwnAsyncClient>(OWN) {
            @Override
            public void issue(
                OwnAsyncClient c, OperationSlot<?> s, AsyncWorkerClient.Completion done) {
              issued.incrementAndGet();
              c.own(s.index, done);
            }
          };
      return source;
    }

    /**
     * Every 5th turn issues nothing; of the issued, every 3rd is unmeasured and (blocking) every
     * 7th batched.
     */
    private final class OwnSource<S extends Step> implements OperationSource<S> {
      private final boolean async;
      S step;
      private long turn;
      private long n;
      long mine;

      OwnSource(boolean async) {
        this.async = async;
      }

      @Override
      public boolean load(OperationSlot<S> s) {
        return false;
      }

      @Override
      public boolean transaction(OperationSlot<S> s) {
        turns.incrementAndGet();
        if (++turn % 5 == 0) {
          return false;
        }
        n++;
        s.operation = OWN;
        s.step = step;
        s.unmeasured = n % 3 == 0;
        s.number = n;
        return true;
      }

      @Override
      public Next completed(OperationSlot<S> s, boolean finishing) {
        if (async) {
          completed.incrementAndGet();
          if (!s.unmeasured) {
            measured.incrementAndGet();
            mine++;
          }
        }
        return Next.DONE;
      }

      @Override
      public void retry(OperationSlot<S> s) {
        throw new IllegalStateException();
      }

      @Override
      public void release(OperationSlot<S> s) {}

      @Override
      public Map<String, Long> figures() {
        return Map.of("measured", mine);
      }
    }
  }
}
