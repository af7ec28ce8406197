package io.hbload.core.exec;

import static io.hbload.core.measure.IntervalReads.intended;
import static io.hbload.core.measure.IntervalReads.returns;
import static io.hbload.core.measure.IntervalReads.service;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.Binding;
import io.hbload.core.binding.Status;
import io.hbload.core.config.Phase;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.measure.IntervalData;
import io.hbload.core.measure.LatencyNames;
import io.hbload.core.measure.Measure;
import io.hbload.core.measure.Measures;
import io.hbload.core.measure.WorkerRecorder;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.source.BlockingStep;
import io.hbload.core.source.OperationSlot;
import io.hbload.core.source.YcsbSteps;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What both loops record, from the times stamped in a slot: exact figures, no clock involved. A
 * call's service time is its start to its end; its latency as a user sees it runs from the
 * operation's intended start, or from its first start without a schedule; a composite operation has
 * every step recorded, its overall measure from its first start to its last end, and is counted
 * once.
 */
class StepRecorderTest {
  private static final YcsbSteps<BlockingStep<Binding>> STEPS = YcsbSteps.BLOCKING;
  private static final WorkloadSpec WORKLOAD =
      SpecParser.parse(Map.of("db", "basic"), Phase.RUN).workload();

  /** HdrHistogram's three significant digits: a recorded value reads back within 0.1 %. */
  private static org.assertj.core.data.Percentage digits() {
    return org.assertj.core.data.Percentage.withPercentage(0.1);
  }

  private final WorkerRecorder recorder =
      new WorkerRecorder(new LatencyNames(Measures.CORE, false, Set.of()), true);
  private final StepRecorder steps = new StepRecorder(recorder);
  private final OperationSlot<BlockingStep<Binding>> s = new OperationSlot<>(0, WORKLOAD);

  private void stamp(BlockingStep<Binding> step, long start, long end, Status status) {
    s.step = step;
    s.start = start;
    s.end = end;
    s.status = status;
  }

  @Test
  void aOneCallOperationIsRecordedUnderItsStepsMeasureAndCountedOnce() {
    s.intended = OperationSlot.UNSCHEDULED;
    stamp(STEPS.read(), 1_000, 3_000, Status.OK);
    steps.one(s);
    IntervalData d = recorder.swap();
    assertThat(d.operations()).isEqualTo(1);
    assertThat(service(d, Measure.READ).getTotalCount()).isEqualTo(1);
    assertThat(service(d, Measure.READ).getMaxValue()).isCloseTo(2_000L, digits());
    assertThat(intended(d, Measure.READ).getMaxValue())
        .as("without a schedule the actual start stands in")
        .isCloseTo(2_000L, digits());
    assertThat(returns(d, Measure.READ, Status.OK)).isEqualTo(1);
  }

  @Test
  void aLateStartCountsInIntendedLatencyOnly() {
    s.intended = 0;
    stamp(STEPS.update(), 50_000, 52_000, Status.OK);
    steps.one(s);
    IntervalData d = recorder.swap();
    assertThat(intended(d, Measure.UPDATE).getMaxValue()).isCloseTo(52_000L, digits());
    assertThat(service(d, Measure.UPDATE).getMaxValue()).isCloseTo(2_000L, digits());
  }

  @Test
  void aCompositeOperationRecordsEachStepItsOverallMeasureAndCountsOnce() {
    s.intended = OperationSlot.UNSCHEDULED;
    s.overall = Measure.READ_MODIFY_WRITE;
    s.firstStart = 1_000;
    stamp(STEPS.read(), 1_000, 3_000, Status.OK);
    steps.step(s);
    stamp(STEPS.verify(), 3_000, 3_010, Status.OK);
    steps.step(s);
    stamp(STEPS.update(), 3_010, 5_010, Status.OK);
    steps.step(s);
    steps.done(s);
    IntervalData d = recorder.swap();
    assertThat(d.operations()).isEqualTo(1);
    for (Measure m :
        new Measure[] {Measure.READ, Measure.VERIFY, Measure.UPDATE, Measure.READ_MODIFY_WRITE}) {
      assertThat(service(d, m).getTotalCount()).as(m.reportName()).isEqualTo(1);
    }
    assertThat(service(d, Measure.READ_MODIFY_WRITE).getMaxValue())
        .as("from the read's start to the update's end")
        .isCloseTo(4_010L, digits());
    assertThat(intended(d, Measure.UPDATE).getMaxValue())
        .as("the update's latency spans the operation from its first start")
        .isCloseTo(4_010L, digits());
    assertThat(service(d, Measure.UPDATE).getMaxValue()).isCloseTo(2_000L, digits());
  }

  @Test
  void outcomesAreCountedUnderTheirStatus() {
    s.intended = OperationSlot.UNSCHEDULED;
    stamp(STEPS.read(), 0, 10, Status.ERROR);
    steps.one(s);
    IntervalData d = recorder.swap();
    assertThat(returns(d, Measure.READ, Status.ERROR)).isEqualTo(1);
    assertThat(returns(d, Measure.READ, Status.OK)).isZero();
    assertThat(d.operations()).isEqualTo(1);
  }

  @Test
  void aCancelledStepIsCountedAsCancelledWithoutAnOperation() {
    stamp(STEPS.insert(), 0, 0, null);
    steps.cancelled(s);
    IntervalData d = recorder.swap();
    assertThat(returns(d, Measure.INSERT, AsyncBinding.CANCELLED)).isEqualTo(1);
    assertThat(d.operations()).isZero();
  }

  @Test
  void aCleanupIsTimedAsCleanupAndIsNoOperation() {
    steps.cleanup(2_000_000);
    IntervalData d = recorder.swap();
    assertThat(service(d, Measure.CLEANUP).getMaxValue())
        .isBetween(2_000_000L, 2_000_000L * 1001 / 1000);
    assertThat(d.operations()).isZero();
  }
}
