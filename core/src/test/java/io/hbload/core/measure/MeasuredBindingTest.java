package io.hbload.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.Fields;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.ScanSink;
import io.hbload.core.binding.Status;
import io.hbload.core.binding.Values;
import io.hbload.core.time.Clock;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class MeasuredBindingTest {
  private static final long CALL_NANOS = TimeUnit.MILLISECONDS.toNanos(2);
  private final Key key = new Key().set("user1");

  /**
   * A store that takes at least 2 ms per call, answers reads with {@code readStatus}, and fails its
   * cleanup.
   */
  private static final class SlowStore implements Binding {
    Status readStatus = Status.OK;

    private static Status slow(Status s) {
      long until = System.nanoTime() + CALL_NANOS;
      while (System.nanoTime() < until) {
        LockSupport.parkNanos(until - System.nanoTime());
      }
      return s;
    }

    @Override
    public Status read(String table, Key key, Fields fields, RowSink result) {
      return slow(readStatus);
    }

    @Override
    public Status scan(
        String table, Key startKey, int recordCount, Fields fields, ScanSink result) {
      return slow(Status.OK);
    }

    @Override
    public Status update(String table, Key key, Values values) {
      return slow(Status.OK);
    }

    @Override
    public Status insert(String table, Key key, Values values) {
      return slow(Status.OK);
    }

    @Override
    public Status delete(String table, Key key) {
      return slow(Status.OK);
    }

    @Override
    public void cleanup() throws BindingException {
      slow(Status.OK);
      throw new BindingException("flush failed");
    }
  }

  private static Histogram service(IntervalData d, Measure m) {
    return d.service[LatencyNames.okSlot(m)];
  }

  private static Histogram intended(IntervalData d, Measure m) {
    return d.intended[LatencyNames.okSlot(m)];
  }

  @Test
  void aSingleCallIsTimedRecordedUnderItsMeasureAndCountedOnce() {
    WorkerRecorder recorder = new WorkerRecorder(new LatencyNames(false, Set.of()), false);
    MeasuredBinding measured = new MeasuredBinding(new SlowStore(), recorder, Clock.system());
    measured.begin(MeasuredBinding.UNSCHEDULED);
    assertThat(measured.read("t", key, null, RowSink.IGNORE)).isSameAs(Status.OK);
    IntervalData d = recorder.swap();
    assertThat(d.operations()).isEqualTo(1);
    assertThat(service(d, Measure.READ).getTotalCount()).isEqualTo(1);
    assertThat(service(d, Measure.READ).getMinValue())
        .isGreaterThanOrEqualTo(CALL_NANOS * 999 / 1000);
    assertThat(d.returns[Measure.READ.ordinal() * Status.MAX_IDS + Status.OK.id()]).isEqualTo(1);
    assertThat(intended(d, Measure.READ))
        .as("unthrottled: intended equals service, not recorded twice")
        .isNull();
  }

  @Test
  void aLateStartCountsInIntendedLatencyOnly() {
    WorkerRecorder recorder = new WorkerRecorder(new LatencyNames(false, Set.of()), true);
    MeasuredBinding measured = new MeasuredBinding(new SlowStore(), recorder, Clock.system());
    long lateBy = TimeUnit.MILLISECONDS.toNanos(50);
    measured.begin(System.nanoTime() - lateBy);
    measured.update("t", key, null);
    IntervalData d = recorder.swap();
    assertThat(intended(d, Measure.UPDATE).getMinValue())
        .isGreaterThanOrEqualTo(lateBy + CALL_NANOS * 999 / 1000);
    assertThat(service(d, Measure.UPDATE).getMaxValue()).isLessThan(lateBy);
  }

  @Test
  void aCompositeOperationRecordsEachStepAndCountsOnce() {
    WorkerRecorder recorder = new WorkerRecorder(new LatencyNames(false, Set.of()), true);
    MeasuredBinding measured = new MeasuredBinding(new SlowStore(), recorder, Clock.system());
    long intendedStart = System.nanoTime();
    measured.beginComposite(intendedStart);
    measured.read("t", key, null, RowSink.IGNORE);
    long verifyStart = System.nanoTime();
    measured.record(Measure.VERIFY, Status.OK, verifyStart, verifyStart + 1000);
    measured.update("t", key, null);
    measured.endComposite(Measure.READ_MODIFY_WRITE);
    IntervalData d = recorder.swap();
    assertThat(d.operations()).isEqualTo(1);
    for (Measure m :
        new Measure[] {Measure.READ, Measure.VERIFY, Measure.UPDATE, Measure.READ_MODIFY_WRITE}) {
      assertThat(service(d, m).getTotalCount()).as(m.reportName()).isEqualTo(1);
    }
    assertThat(service(d, Measure.READ_MODIFY_WRITE).getMinValue())
        .as("from the read's start to the update's end")
        .isGreaterThanOrEqualTo(2 * CALL_NANOS * 999 / 1000);
    assertThat(intended(d, Measure.UPDATE).getMinValue())
        .as("the update's intended latency spans the operation")
        .isGreaterThanOrEqualTo(2 * CALL_NANOS * 999 / 1000);
  }

  @Test
  void outcomesAreCountedUnderTheirStatus() {
    WorkerRecorder recorder = new WorkerRecorder(new LatencyNames(false, Set.of()), false);
    SlowStore store = new SlowStore();
    store.readStatus = Status.ERROR;
    MeasuredBinding measured = new MeasuredBinding(store, recorder, Clock.system());
    measured.begin(MeasuredBinding.UNSCHEDULED);
    assertThat(measured.read("t", key, null, RowSink.IGNORE)).isSameAs(Status.ERROR);
    IntervalData d = recorder.swap();
    assertThat(d.returns[Measure.READ.ordinal() * Status.MAX_IDS + Status.ERROR.id()]).isEqualTo(1);
    assertThat(d.operations()).isEqualTo(1);
  }

  @Test
  void aFailedCleanupIsStillTimedAsCleanup() {
    WorkerRecorder recorder = new WorkerRecorder(new LatencyNames(false, Set.of()), false);
    MeasuredBinding measured = new MeasuredBinding(new SlowStore(), recorder, Clock.system());
    assertThatThrownBy(measured::cleanup)
        .isInstanceOf(BindingException.class)
        .hasMessage("flush failed");
    IntervalData d = recorder.swap();
    assertThat(service(d, Measure.CLEANUP).getMinValue())
        .isGreaterThanOrEqualTo(CALL_NANOS * 999 / 1000);
    assertThat(d.operations()).isZero();
  }
}
