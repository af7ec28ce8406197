package io.hbload.core.values;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.audit.WriteAudit;
import io.hbload.core.audit.WriteLog;
import io.hbload.core.binding.Binding;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.Status;
import io.hbload.core.config.Distribution;
import io.hbload.core.config.LengthDistribution;
import io.hbload.core.config.Phase;
import io.hbload.core.config.RateSchedule;
import io.hbload.core.config.RateScheduleParser;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.keys.KeyChooser;
import io.hbload.core.keys.KeyNames;
import io.hbload.core.keys.KeySpace;
import io.hbload.core.keys.ScanLengthChooser;
import io.hbload.core.keys.TestSpecs;
import io.hbload.core.measure.Measures;
import io.hbload.core.schedule.Pacer;
import io.hbload.core.schedule.RateCurve;
import io.hbload.core.source.BlockingStep;
import io.hbload.core.source.MixgraphSource;
import io.hbload.core.source.MixgraphSourceAccess;
import io.hbload.core.source.OperationSlot;
import io.hbload.core.source.PhaseContext;
import io.hbload.core.source.TraceSource;
import io.hbload.core.source.YcsbSteps;
import io.hbload.core.testing.TraceFiles;
import io.hbload.core.time.Clock;
import io.hbload.core.trace.ReplayTally;
import io.hbload.core.trace.TraceFormat;
import io.hbload.core.trace.TraceReader;
import io.hbload.core.trace.TraceSpec;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Steady-state operations allocate nothing: measured with the JVM's per-thread allocation counter
 * over 200k operations, after a warm-up that lets buffers reach their final size.
 */
class AllocationFreeTest {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  /** The counter itself may allocate a little; real per-op allocation would be megabytes. */
  private static final long SLACK_BYTES = 4096;

  private static long allocatedBy(Runnable op, int times) {
    for (int i = 0; i < 20_000; i++) {
      op.run();
    }
    long tid = Thread.currentThread().getId();
    long before = THREADS.getThreadAllocatedBytes(tid);
    for (int i = 0; i < times; i++) {
      op.run();
    }
    return THREADS.getThreadAllocatedBytes(tid) - before;
  }

  @Test
  void choosersAndKeyNamesDoNotAllocate() {
    Key key = new Key();
    long[] sink = new long[1];
    for (Distribution d : Distribution.values()) {
      TestSpecs s = TestSpecs.workloadA();
      s.requestDistribution = d;
      s.scanLengthDistribution = LengthDistribution.ZIPFIAN;
      KeySpace space = new KeySpace(s.build());
      KeyChooser chooser = space.newChooser(new SplittableRandom(1));
      ScanLengthChooser scans = space.newScanLengthChooser(new SplittableRandom(2));
      long bytes =
          allocatedBy(
              () -> {
                KeyNames.format(chooser.next(), false, 1, key);
                sink[0] += scans.next() + key.length();
              },
              200_000);
      assertThat(bytes).as("%s", d).isLessThan(SLACK_BYTES);
    }
    assertThat(sink[0]).isPositive();
  }

  @Test
  void valuesAndIntegrityChecksDoNotAllocate() {
    TestSpecs s = TestSpecs.defaults();
    s.fieldLengthDistribution = LengthDistribution.ZIPFIAN;
    WorkloadSpec random = s.build();
    RowValues values = new RowValues(random, new SplittableRandom(3));
    Key key = new Key();
    long[] n = new long[1];
    assertThat(
            allocatedBy(
                () -> {
                  KeyNames.format(n[0]++, false, 1, key);
                  values.all(key);
                  values.one(key, (int) (n[0] % 10));
                },
                200_000))
        .isLessThan(SLACK_BYTES);

    s.fieldLengthDistribution = LengthDistribution.CONSTANT;
    s.dataIntegrity = true;
    WorkloadSpec integrity = s.build();
    RowValues written = new RowValues(integrity, new SplittableRandom(4));
    IntegrityCheck check = new IntegrityCheck(integrity);
    FieldSelection all = FieldSelection.all(integrity);
    Status[] last = new Status[1];
    assertThat(
            allocatedBy(
                () -> {
                  KeyNames.format(n[0]++, false, 1, key);
                  written.all(key);
                  check.reset();
                  for (int i = 0; i < written.count(); i++) {
                    byte[] name = written.nameBytes(i);
                    check.field(
                        name,
                        0,
                        name.length,
                        written.array(i),
                        written.offset(i),
                        written.length(i));
                  }
                  last[0] = check.verify(key, all);
                },
                50_000))
        .isLessThan(SLACK_BYTES);
    assertThat(last[0]).isSameAs(Status.OK);
  }

  /**
   * The audit's hot path ({@code --verify}): a write's digest and its entry in the worker's log,
   * and the read-back's digest of a row. Nothing but the log's own chunks: none once they are there
   * (the log cleared as a benchmark does), and no more than 20 bytes a write while it grows.
   */
  @Test
  void auditRecordingAllocatesNothingButItsLog() {
    TestSpecs s = TestSpecs.defaults();
    WorkloadSpec spec = s.build();
    RowValues values = new RowValues(spec, new SplittableRandom(5));
    DigestSink sink = new DigestSink(spec);
    WriteAudit audit = new WriteAudit(Clock.system());
    WriteLog log = audit.newLog();
    Key key = new Key();
    long[] n = new long[1];
    int[] digest = new int[1];
    Runnable write =
        () -> {
          long k = n[0]++;
          KeyNames.format(k, false, 1, key);
          int field = (int) (k % 10);
          values.one(key, field);
          digest[0] ^= ValueDigest.of(values);
          log.write(k, 1 + field, digest[0], false, true, k, k + 1);
          sink.reset()
              .field(
                  values.nameBytes(0),
                  0,
                  values.nameBytes(0).length,
                  values.array(0),
                  values.offset(0),
                  values.length(0));
          digest[0] ^= sink.digest();
        };
    assertThat(
            allocatedBy(
                () -> {
                  write.run();
                  if ((n[0] & 0xFFFF) == 0) {
                    audit.clear();
                  }
                },
                200_000))
        .isLessThan(SLACK_BYTES);
    int writes = 200_000;
    audit.clear();
    long growing = allocatedBy(write, writes);
    assertThat(growing)
        .isLessThan((long) (writes + 20_000) * WriteLog.BYTES_PER_WRITE + SLACK_BYTES);
  }

  @Test
  void pacersOfEveryScheduleDoNotAllocate() {
    long[] sink = new long[1];
    for (String target :
        List.of(
            "5000",
            "1000@1s,2000@1s,4000@1s",
            "ramp:100..5000/10s",
            "sine:mean=2000,amp=1500,period=3s")) {
      RateSchedule schedule = RateScheduleParser.parse("target", target, 1);
      Pacer pacer =
          schedule.varies()
              ? new Pacer(RateCurve.of(schedule), 1, 4, 0, false, Clock.system())
              : new Pacer(schedule.peakOpsPerSec(), 0, 0, false, Clock.system());
      // next(): the intended start without waiting, as the pipelined loop asks for it
      long bytes = allocatedBy(() -> sink[0] += pacer.next(), 200_000);
      assertThat(bytes).as(target).isLessThan(SLACK_BYTES);
    }
    assertThat(sink[0]).isNotZero();
  }

  @Test
  void mixgraphOperationsDoNotAllocate() {
    MixgraphSource<BlockingStep<Binding>> source = MixgraphSourceAccess.source();
    OperationSlot<BlockingStep<Binding>> slot = MixgraphSourceAccess.slot();
    long[] n = new long[1];
    assertThat(
            allocatedBy(
                () -> {
                  slot.cycle = n[0]++;
                  source.transaction(slot);
                },
                200_000))
        .isLessThan(SLACK_BYTES);
  }

  /**
   * A replay's worker takes its records from the reader's batches, makes each one's key and value,
   * and records its send skew without allocating (the reader's own thread parses lines, which
   * does).
   */
  @Test
  void traceRecordsDoNotAllocateOnTheWorker(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    java.nio.file.Path file =
        TraceFiles.write(dir.resolve("t.csv"), TraceFiles.twitterTrace(1, 260_000, 5000));
    TraceSpec spec = TraceSpec.atRate(file, TraceFormat.TWITTER, 1e9, false);
    WorkloadSpec workload = TestSpecs.defaults().build();
    ReplayTally tally = new ReplayTally(spec);
    try (TraceReader reader = new TraceReader(spec, false, 1, tally).start()) {
      TraceSource<BlockingStep<Binding>> source =
          new TraceSource<>(
              YcsbSteps.BLOCKING,
              new PhaseContext(
                  Phase.RUN, workload, new KeySpace(workload), Clock.system(), 1, Measures.CORE),
              reader.feed(0),
              tally,
              TraceSource.values(workload, reader.feed(0), 1024));
      OperationSlot<BlockingStep<Binding>> slot = new OperationSlot<>(0, workload);
      long[] due = new long[1];
      assertThat(
              allocatedBy(
                  () -> {
                    due[0] += source.nextDueNanos();
                    if (!source.transaction(slot)) {
                      throw new AssertionError("the trace ran out");
                    }
                    slot.start = slot.intended + 1000;
                    source.completed(slot, false);
                  },
                  200_000))
          // here the worker outruns the reader (which parses each line), so it waits on the feed's
          // queue now and then, and a wait allocates the queue's node: at most once per batch of
          // 1,024 records (~200 batches: under 64 KiB), where one object per record would be MiBs
          .isLessThan(16 * SLACK_BYTES);
      assertThat(due[0]).isNotZero();
    }
  }
}
