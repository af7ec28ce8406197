package io.hbload.core.exec;

import static io.hbload.core.TestWorkloads.workloadFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.binding.Binding;
import io.hbload.core.binding.Fields;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.ReportLine;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.Status;
import io.hbload.core.config.Phase;
import io.hbload.core.config.SpecException;
import io.hbload.core.export.ReportWriter;
import io.hbload.core.export.YcsbReport;
import io.hbload.core.measure.MeasurementTotals;
import io.hbload.core.merge.HlogMerge;
import io.hbload.core.result.RunResult;
import io.hbload.core.time.EventClock;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbload.warmup}: the phase runs its workload, and everything done before the boundary is
 * counted apart and in none of the figures. The counts are exact whatever the timing:
 * operationcount bounds warm-up plus measured operations, so measured = operationcount - warm-up,
 * to the operation. The runs that depend on time (a paced schedule, a stalled start,
 * maxexecutiontime) run on virtual time ({@link EventClock}), where the boundary falls at the same
 * operation every time; the timeout fails a deadlocked clock instead of hanging.
 */
@Timeout(value = 30, threadMode = ThreadMode.SEPARATE_THREAD)
class WarmupTest {
  @TempDir Path dir;

  private final EventClock clock = new EventClock();

  @Test
  void aRunWithWarmupReportsExactlyThePostWarmupOperations() throws Exception {
    Path json = dir.resolve("w.json");
    Path hlog = dir.resolve("w.hlog");
    // 3000 operations at 1500 ops/s: about 2 s, of which the first 0.5 s is warm-up
    RunResult r =
        clock.run(
            () ->
                workloadFile("a")
                    .binding("basic")
                    .operationCount(3000)
                    .threads(2)
                    .target(1500)
                    .property("hbload.warmup", "500ms")
                    .property("status.interval", "0.2")
                    .json(json)
                    .hlog(hlog)
                    .clock(clock)
                    .run());
    long warmup = warmupOperations(r);
    assertThat(warmup).isPositive();
    assertThat(r.operations()).isPositive().isEqualTo(3000 - warmup);
    // every figure holds the measured operations only
    long read = r.op("READ").count();
    long update = r.op("UPDATE").count();
    assertThat(read + update).isEqualTo(r.operations());
    assertThat(r.op("READ").returns().get("OK") + r.op("UPDATE").returns().get("OK"))
        .isEqualTo(r.operations());
    // the warm-up's 0.5 s is not in RunTime: the 2 s the 3000 operations took, less it
    assertThat(r.runtimeMillis()).isBetween(1450L, 1550L);

    ByteArrayOutputStream text = new ByteArrayOutputStream();
    ReportWriter.write(
        YcsbReport.records(r),
        r.spec().outputs().format(),
        new PrintStream(text, true, StandardCharsets.UTF_8));
    String report = text.toString(StandardCharsets.UTF_8);
    assertThat(report)
        .contains(
            "[READ], Operations, " + read + "\n",
            "[UPDATE], Operations, " + update + "\n",
            "[WARMUP], Operations, " + warmup + "\n");
    // YCSB's own lines come first, unchanged; hbload's WARMUP lines after them
    assertThat(report.indexOf("[WARMUP]")).isGreaterThan(report.indexOf("[UPDATE], Return=OK"));

    String doc = Files.readString(json);
    assertThat(doc)
        .containsPattern("\"operations\":\\s*" + r.operations() + ",")
        .containsPattern("\"warmup\":\\s*\\{\\s*\"operations\":\\s*" + warmup);

    Map<String, Long> byTag = tagCounts(hlog);
    assertThat(byTag.get("READ.service")).isEqualTo(read);
    assertThat(byTag.get("UPDATE.service")).isEqualTo(update);
    assertThat(byTag.get("WARMUP.READ.service") + byTag.get("WARMUP.UPDATE.service"))
        .isEqualTo(warmup);
    RunResult merged = HlogMerge.merge(List.of(hlog)).result();
    assertThat(merged.operations()).isEqualTo(r.operations());
    assertThat(merged.op("READ").count()).isEqualTo(read);
  }

  /**
   * A cold start that puts the -target schedule behind (the first 0.8 s of reads take 200 ms each,
   * as a cold cache or a JIT-less client would) leaves a backlog that takes seconds to work off at
   * the spare rate. The warm-up is there to keep such a start out of the figures: the schedule
   * starts again at its end, so the measured intended latency is the steady state's (before, it
   * carried the backlog: intended p99 of hundreds of ms).
   */
  @Test
  void theTargetScheduleStartsAgainAfterTheWarmupSoTheColdStartsBacklogIsNotMeasured() {
    long stallUntil = 800_000_000L; // the run starts at the clock's zero
    Binding coldThenFast =
        new EngineTest.FailingUpdates.Ok() {
          @Override
          public Status read(String table, Key key, Fields fields, RowSink result) {
            try {
              clock.sleepNanos(clock.nanoTime() < stallUntil ? 200_000_000L : 300_000L);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            return Status.OK;
          }
        };
    RunResult r =
        clock.run(
            () ->
                workloadFile("c")
                    .binding(EngineTest.provider(worker -> coldThenFast))
                    .threads(1)
                    .target(1000)
                    .property("operationcount", "0")
                    .property("hbload.warmup", "1s")
                    .duration(Duration.ofSeconds(2))
                    .property("measurement.interval", "both")
                    .clock(clock)
                    .run());
    MeasurementTotals read = r.op("READ");
    assertThat(read.count()).as("the measured part kept the rate").isBetween(1990L, 2010L);
    // a call of 0.3 ms every 1 ms: on schedule, each starts when it was due
    assertThat(read.intendedPercentileMicros(99))
        .as("intended p99 (service p99 %d us)", read.percentileMicros(99))
        .isLessThan(2 * read.percentileMicros(99));
  }

  @Test
  void aPhaseThatEndsDuringItsWarmupMeasuresNothing() {
    RunResult r =
        workloadFile("c")
            .binding("basic")
            .operationCount(200)
            .threads(1)
            .property("hbload.warmup", "30s")
            .run();
    assertThat(warmupOperations(r)).isEqualTo(200);
    assertThat(r.operations()).isZero();
    assertThat(r.measurements()).isEmpty();
  }

  @Test
  void maxExecutionTimeCountsFromTheEndOfTheWarmup() {
    RunResult r =
        clock.run(
            () ->
                workloadFile("c")
                    .binding("basic")
                    .threads(1)
                    .target(200)
                    .operationCount(0)
                    .property("maxexecutiontime", "1")
                    .property("hbload.warmup", "1s")
                    .clock(clock)
                    .run());
    // the phase lasts the warm-up's second and then the measured one, at 200 ops/s in each
    assertThat(clock.elapsed()).isBetween(Duration.ofSeconds(2), Duration.ofMillis(2100));
    assertThat(warmupOperations(r)).isBetween(195L, 205L);
    assertThat(r.operations()).isBetween(195L, 205L);
    assertThat(r.runtimeMillis()).isBetween(990L, 1100L);
  }

  @Test
  void aWarmupThatIsNotADurationIsBadInput() {
    assertThatThrownBy(
            () ->
                workloadFile("c")
                    .binding("basic")
                    .property("hbload.warmup", "soon")
                    .spec(Phase.RUN))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("hbload.warmup: 'soon' is not a duration");
    assertThat(
            workloadFile("c")
                .binding("basic")
                .property("hbload.warmup", "1.5m")
                .spec(Phase.RUN)
                .execution()
                .warmup())
        .hasSeconds(90);
  }

  static long warmupOperations(RunResult r) {
    return r.extra().stream()
        .filter(l -> l.metric().equals("WARMUP") && l.measurement().equals("Operations"))
        .map(ReportLine::value)
        .mapToLong(v -> ((Number) v).longValue())
        .findFirst()
        .orElseThrow();
  }

  private static Map<String, Long> tagCounts(Path hlog) throws Exception {
    Map<String, Long> out = new HashMap<>();
    try (InputStream in = Files.newInputStream(hlog)) {
      HistogramLogReader reader = new HistogramLogReader(in);
      for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
        out.merge(h.getTag(), ((Histogram) h).getTotalCount(), Long::sum);
      }
    }
    return out;
  }
}
