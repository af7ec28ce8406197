package io.hbload.core.exec;

import static io.hbload.core.TestWorkloads.workloadFile;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingContext;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.binding.Status;
import io.hbload.core.config.Phase;
import io.hbload.core.measure.Measure;
import io.hbload.core.result.RunResult;
import io.hbload.core.source.OperationSlot;
import io.hbload.core.source.OperationSource;
import io.hbload.core.source.OperationSources;
import io.hbload.core.testing.AsyncTestProvider;
import io.hbload.core.testing.OneCallAsyncBinding;
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
 * A session with a workload of its own, as hbload pe's: its sources' steps are calls on its
 * bindings' own methods (which the binding SPI lacks), under a measure it registers, some of them
 * unmeasured (PE's --measureAfter), some with no outcome yet (a batched call), some turns issuing
 * nothing (PE's sample); on both loops. The engine records what the source says, under the
 * registered name, and each worker's own figures are that worker's.
 */
@Timeout(60)
class SourceCallsTest {
  /** Not one of core's measures: registered by the source, as PE registers INCREMENT. */
  static final Measure OWN = Measure.register("TEST-OWN-CALL", true);

  private final ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(4);

  @AfterEach
  void stopPool() {
    pool.shutdownNow();
  }

  @Test
  void blockingWorkersRecordTheSourcesOwnCallsUnderItsMeasureAndPerWorker() {
    OwnWorkload provider = new OwnWorkload();
    RunResult r =
        workloadFile("c").binding(provider).recordCount(1000).operationCount(3000).threads(3).run();
    assertRecordedAsTheSourceSays(r, provider, 3);
    assertThat(provider.batched.get()).as("some calls had no outcome yet").isPositive();
  }

  @Test
  void pipelinedWorkersRecordTheSourcesOwnCallsUnderItsMeasureAndPerWorker() {
    OwnWorkload provider = new OwnWorkload();
    RunResult r =
        workloadFile("c")
            .binding(provider)
            .recordCount(1000)
            .operationCount(3000)
            .threads(2)
            .property("hbload.inflight", "8")
            .run();
    assertRecordedAsTheSourceSays(r, provider, 2);
    assertThat(provider.completed.get())
        .as("every issued call seen completed once")
        .isEqualTo(provider.issued.get());
    assertThat(provider.maxOutstanding.get()).as("in-flight bound").isEqualTo(8);
  }

  @Test
  void aRegisteredMeasureIsOneNameWithItsOwnOrdinalAfterCoresOnes() {
    assertThat(Measure.register("TEST-OWN-CALL", true)).isSameAs(OWN);
    assertThat(Measure.named("TEST-OWN-CALL")).isSameAs(OWN);
    assertThat(OWN.ordinal()).isGreaterThan(Measure.CLEANUP.ordinal()).isLessThan(Measure.COUNT);
    assertThat(Measure.of(OWN.ordinal())).isSameAs(OWN);
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> Measure.register("TEST-OWN-CALL", false))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static void assertRecordedAsTheSourceSays(
      RunResult r, OwnWorkload provider, int threads) {
    assertThat(provider.turns.get()).as("one turn per operation of the quota").isEqualTo(3000);
    assertThat(provider.issued.get())
        .as("every 5th turn issues nothing")
        .isEqualTo(3000 - 3000 / 5);
    long measured = provider.measured.get();
    assertThat(measured).isPositive().isLessThan(provider.issued.get());
    assertThat(r.operations()).as("only what the source measures is counted").isEqualTo(measured);
    assertThat(r.op(OWN.reportName()).returns()).containsExactly(Map.entry("OK", measured));
    assertThat(r.measurements()).extracting(m -> m.name()).doesNotContain("READ");
    assertThat(r.workers())
        .extracting(RunResult.Worker::index)
        .containsExactly(
            java.util.stream.IntStream.range(0, threads).boxed().toArray(Integer[]::new));
    long sum = 0;
    for (RunResult.Worker w : r.workers()) {
      long own = w.figure("measured");
      assertThat(own).as("worker %d measured some", w.index()).isPositive();
      assertThat(w.service(OWN.reportName()).getTotalCount())
          .as("worker %d's own recorder", w.index())
          .isEqualTo(own);
      assertThat(w.operations()).as("worker %d's operations", w.index()).isEqualTo(own);
      assertThat(w.elapsedNanos()).isPositive();
      sum += own;
    }
    assertThat(sum).isEqualTo(measured);
  }

  /** A session whose workers run {@link OwnSource}s on bindings with one call of their own. */
  private final class OwnWorkload extends AsyncTestProvider {
    final AtomicLong turns = new AtomicLong();
    final AtomicLong issued = new AtomicLong();
    final AtomicLong batched = new AtomicLong();
    final AtomicLong completed = new AtomicLong();
    final AtomicLong measured = new AtomicLong();
    final AtomicInteger maxOutstanding = new AtomicInteger();

    @Override
    public BindingSession open(BindingContext context) {
      return new Session();
    }

    private final class Session implements BindingSession, OperationSources {
      @Override
      public Binding newBinding(int workerIndex) {
        return new OwnBinding();
      }

      @Override
      public AsyncBinding newAsyncBinding(int workerIndex) {
        return new OwnAsyncBinding();
      }

      @Override
      public OperationSource blocking(
          int workerIndex, Phase phase, Binding binding, SplittableRandom random) {
        return new OwnSource((OwnBinding) binding, null);
      }

      @Override
      public OperationSource pipelined(
          int workerIndex, Phase phase, AsyncBinding binding, SplittableRandom random) {
        return new OwnSource(null, (OwnAsyncBinding) binding);
      }
    }

    /**
     * Every 5th turn issues nothing; of the issued, every 3rd is unmeasured and (blocking) every
     * 7th batched.
     */
    private final class OwnSource implements OperationSource {
      private final OwnBinding binding;
      private final OwnAsyncBinding async;
      private long turn;
      private long n;
      private long mine;

      OwnSource(OwnBinding binding, OwnAsyncBinding async) {
        this.binding = binding;
        this.async = async;
      }

      @Override
      public boolean load(OperationSlot s) {
        return false;
      }

      @Override
      public boolean transaction(OperationSlot s) {
        turns.incrementAndGet();
        if (++turn % 5 == 0) {
          return false;
        }
        n++;
        s.operation = OWN;
        s.step = OWN;
        s.sourceCall = true;
        s.unmeasured = n % 3 == 0;
        s.number = n;
        return true;
      }

      @Override
      public Status call(OperationSlot s) {
        issued.incrementAndGet();
        Status status = binding.own(s.number);
        if (status == null) {
          batched.incrementAndGet();
        } else if (!s.unmeasured) {
          measured.incrementAndGet();
          mine++;
        }
        return status;
      }

      @Override
      public void call(OperationSlot s, AsyncBinding.Completion done) {
        issued.incrementAndGet();
        async.own(s.index, done);
      }

      @Override
      public Next completed(OperationSlot s, boolean finishing) {
        if (async != null) {
          completed.incrementAndGet();
          if (!s.unmeasured) {
            measured.incrementAndGet();
            mine++;
          }
        }
        return Next.DONE;
      }

      @Override
      public void retry(OperationSlot s) {
        throw new IllegalStateException();
      }

      @Override
      public void release(OperationSlot s) {}

      @Override
      public Map<String, Long> figures() {
        return Map.of("measured", mine);
      }
    }

    /** A binding with a call the SPI has no method for (its YCSB calls are never made here). */
    private final class OwnBinding extends EngineTest.FailingUpdates.Ok {
      Status own(long number) {
        return number % 7 == 0 ? null : Status.OK;
      }
    }

    /**
     * Its own call completes after 50-150 us on the pool, as an HBase client's event loop would.
     */
    private final class OwnAsyncBinding extends OneCallAsyncBinding {
      private final AtomicInteger outstanding = new AtomicInteger();

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

      @Override
      protected void call(int slot, Completion done) {
        done.complete(slot, Status.NOT_IMPLEMENTED);
      }
    }
  }
}
