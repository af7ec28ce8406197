package io.hbload.core.fault;

import static io.hbload.core.TestWorkloads.workloadFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingContext;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.binding.Status;
import io.hbload.core.config.FaultAction;
import io.hbload.core.config.SpecException;
import io.hbload.core.export.JsonResult;
import io.hbload.core.export.ReportRecord;
import io.hbload.core.export.YcsbReport;
import io.hbload.core.result.RunResult;
import io.hbload.core.testing.OneCallBinding;
import io.hbload.core.time.Clock;
import io.hbload.core.time.EventClock;
import java.io.IOException;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;

/**
 * A phase with faults, end to end on virtual time ({@link EventClock}): a store whose calls take 1
 * ms and that a {@code flush} stops serving for 3 s (as a region move stalls HBase's clients), at a
 * fixed rate, so the stall shows as latency from the intended start and as seconds without service
 * at known instants. The timeout fails a run whose clock deadlocked instead of hanging.
 */
@Timeout(value = 60, threadMode = ThreadMode.SEPARATE_THREAD)
class FaultPhaseTest {
  private final EventClock clock = new EventClock();

  @Test
  void aStallIsFoundWhereItWasAndAFailedFaultDoesNotStopTheLoad() {
    StallingStore store = new StallingStore(Duration.ofSeconds(3));
    RunResult r =
        clock.run(
            () ->
                workloadFile("c")
                    .binding(store)
                    .recordCount(1000)
                    .threads(4)
                    .target(200)
                    .duration(Duration.ofSeconds(20))
                    .faults("at 5s flush; at 12s split")
                    .clock(clock)
                    .run());
    assertThat(r.completed()).isTrue();
    assertThat(r.errorCount()).isZero();
    // the schedule held its rate around the stall: nothing was lost to it
    assertThat(r.operations()).isBetween(3990L, 4000L);

    FaultReport report = r.figure(FaultReport.class).orElseThrow();
    assertThat(report.target()).isEqualTo("the stalling store");
    assertThat(report.costs()).hasSize(2);
    FaultImpact.Cost stall = report.costs().get(0);
    assertThat(report.secondsIn(stall.fault().injectedEpochMillis())).isEqualTo(5.0);
    assertThat(report.secondsIn(stall.fault().endedEpochMillis())).isEqualTo(8.0);
    assertThat(stall.fault().detail()).isEqualTo("stalled for 3000 ms");
    assertThat(stall.baselineP99Nanos()).isLessThan(TimeUnit.MILLISECONDS.toNanos(2));
    assertThat(stall.worstLatencyNanos()).isGreaterThan(TimeUnit.MILLISECONDS.toNanos(2900));
    // 5 s to 8 s: nothing completes; the calls stalled at 5 s complete at 8 s exactly, where the
    // tick closing 7-8 s also runs, so they land in either second (same-instant wake-ups run in the
    // system's order)
    assertThat(stall.secondsWithoutService()).isBetween(2.0, 3.0);
    // the backlog clears in a few ms after 8 s; 8-9 s still holds its latency, from 9 s it is quiet
    assertThat(stall.recoveryMillis()).isEqualTo(4000L);

    FaultImpact.Cost failed = report.costs().get(1);
    assertThat(failed.fault().error()).isEqualTo("region busy");
    assertThat(failed.secondsWithoutService()).isZero();

    List<ReportRecord> lines = YcsbReport.records(r);
    assertThat(lines)
        .contains(
            new ReportRecord("FAULT", "Faults", 2L),
            new ReportRecord("FAULT", "1.Action", "flush (at 5s)"),
            new ReportRecord("FAULT", "1.InjectedAt(s)", 5.0),
            new ReportRecord("FAULT", "1.TimeToRecover(s)", 4.0),
            new ReportRecord("FAULT", "2.Result", "FAILED: region busy"));
    String json = JsonResult.render(r);
    assertThat(json)
        .contains("\"faults\": {\"target\": \"the stalling store\"")
        .contains("\"recoverySeconds\": 4.0, \"recovered\": true");
  }

  /**
   * A run that ends (its operation count done, at 2 s) before its fault at 5 s: the fault is named
   * as never fired, and the recovery gate cannot judge it (a gate over nothing would pass blind).
   */
  @Test
  void aFaultTheRunEndsBeforeIsNamedAndTheGateCannotJudgeIt() {
    RunResult r =
        clock.run(
            () ->
                workloadFile("c")
                    .binding(new StallingStore(Duration.ofSeconds(3)))
                    .recordCount(1000)
                    .threads(4)
                    .target(200)
                    .operationCount(400)
                    .faults("at 5s flush")
                    .failIfRecoveryExceeds(Duration.ofSeconds(30))
                    .clock(clock)
                    .run());
    assertThat(r.operations()).isEqualTo(400);
    FaultReport report = r.figure(FaultReport.class).orElseThrow();
    assertThat(report.costs()).isEmpty();
    assertThat(report.slowRecoveries()).isEmpty();
    assertThat(report.unjudgedRecoveries())
        .containsExactly(
            "fault at 5s flush could not be judged: it never fired (the run ended first)");
    assertThat(YcsbReport.records(r))
        .contains(
            new ReportRecord("FAULT", "Faults", 0L),
            new ReportRecord("FAULT", "NotFired", "at 5s flush (the run ended first)"));
    assertThat(JsonResult.render(r)).contains("\"notFired\": [\"at 5s flush\"]");
  }

  @Test
  void aFaultTheStoreCannotCarryOutIsBadInputBeforeAnyOperation() {
    StallingStore store = new StallingStore(Duration.ofSeconds(1));
    assertThatThrownBy(
            () ->
                clock.run(
                    () ->
                        workloadFile("c")
                            .binding(store)
                            .recordCount(100)
                            .duration(Duration.ofSeconds(5))
                            .faults("at 1s flush; at 2s restart-regionserver")
                            .clock(clock)
                            .run()))
        .isInstanceOf(SpecException.class)
        .hasMessage(
            "property hbload.faults: restart-regionserver cannot be carried out by the stalling"
                + " store (it can: flush, split); process faults need the in-process cluster (no"
                + " cluster configured) or, on a configured one, --fault-exec 'COMMAND {host}'");
    assertThat(store.calls.get()).isZero();
  }

  @Test
  void aBindingWithoutFaultsIsBadInput() {
    assertThatThrownBy(
            () ->
                workloadFile("c")
                    .binding("memory")
                    .recordCount(10)
                    .operationCount(10)
                    .faults("at 1s flush")
                    .run())
        .isInstanceOf(SpecException.class)
        .hasMessage(
            "property hbload.faults: the memory binding cannot carry out faults (hbase can)");
  }

  /**
   * A store of calls of exactly 1 ms on the run's clock; its fault target stalls every call for
   * {@code stall} on {@code flush} (returning when the stall ends) and fails {@code split}.
   */
  static final class StallingStore implements BindingProvider {
    final AtomicLong calls = new AtomicLong();
    private final long stallNanos;
    private volatile long stalledUntilNanos;

    StallingStore(Duration stall) {
      this.stallNanos = stall.toNanos();
    }

    @Override
    public String name() {
      return "stalling";
    }

    @Override
    public String description() {
      return "a store a fault stalls";
    }

    @Override
    public BindingSession open(BindingContext context) {
      Clock clock = context.execution().clock();
      return new BindingSession() {
        @Override
        public Binding newBinding(int workerIndex) {
          return new Call(clock);
        }

        @Override
        public FaultTarget faultTarget() {
          return new FaultTarget() {
            @Override
            public Set<FaultAction> supports() {
              return EnumSet.of(FaultAction.FLUSH, FaultAction.SPLIT);
            }

            @Override
            public String describe() {
              return "the stalling store";
            }

            @Override
            public String inject(FaultAction action) throws Exception {
              if (action == FaultAction.SPLIT) {
                throw new IOException("region busy");
              }
              stalledUntilNanos = clock.nanoTime() + stallNanos;
              clock.sleepNanos(stallNanos);
              return "stalled for " + TimeUnit.NANOSECONDS.toMillis(stallNanos) + " ms";
            }
          };
        }
      };
    }

    private final class Call extends OneCallBinding {
      private final Clock clock;

      Call(Clock clock) {
        this.clock = clock;
      }

      @Override
      protected Status call() {
        calls.incrementAndGet();
        try {
          clock.sleepNanos(TimeUnit.MILLISECONDS.toNanos(1));
          long now;
          while ((now = clock.nanoTime()) < stalledUntilNanos) {
            clock.sleepNanos(stalledUntilNanos - now);
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return Status.ERROR;
        }
        return Status.OK;
      }
    }
  }
}
