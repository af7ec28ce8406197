package io.hbload.core.launch;

import static io.hbload.core.TestWorkloads.oneMillisecondCalls;
import static io.hbload.core.TestWorkloads.workloadFile;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.Hbload;
import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingContext;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.binding.builtin.BasicBindingProvider;
import io.hbload.core.config.BindingSettings;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyReader;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.export.IntendedLatencyNote;
import io.hbload.core.result.RunResult;
import io.hbload.core.time.EventClock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;

/**
 * What a phase tells the user on stderr besides YCSB's lines: the corrected latency after a
 * throttled run and progress while work without status lines goes on, the engine's own load before
 * a run included. The runs are on virtual time ({@link EventClock}): status and progress lines come
 * due at the same operations every time, so their number and figures are exact; the timeout fails a
 * deadlocked clock instead of hanging.
 */
@Timeout(value = 30, threadMode = ThreadMode.SEPARATE_THREAD)
class WhatTheUserSeesTest {
  private final EventClock clock = new EventClock();
  private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
  private final PrintStream messages = new PrintStream(captured, true, StandardCharsets.UTF_8);

  private List<String> lines() {
    return captured.toString(StandardCharsets.UTF_8).lines().toList();
  }

  @Test
  void anOverloadedThrottledRunWarnsThatServiceTimeHidesTheWait() {
    // one thread, 2 ms per call: at most ~500 ops/sec against a target of 2000, so callers on the
    // schedule wait
    // ever longer while each call still takes 2 ms
    RunResult r =
        clock.run(
            () ->
                workloadFile("c")
                    .binding("basic")
                    .property("basicdb.simulatedelay", "2")
                    .property("basicdb.randomizedelay", "false")
                    .threads(1)
                    .operationCount(600)
                    .target(2000)
                    .messages(messages)
                    .clock(clock)
                    .run());
    List<String> notes =
        lines().stream().filter(l -> l.contains("p99 from the intended start")).toList();
    assertThat(notes).hasSize(1);
    assertThat(notes.get(0))
        .startsWith("WARNING: [READ] p99 from the intended start ")
        .contains("service time ")
        .contains("ran behind its schedule")
        .contains("hbload.warmup");
    double intended = r.measurement("READ").orElseThrow().intendedPercentileMicros(99);
    double service = r.measurement("READ").orElseThrow().percentileMicros(99);
    assertThat(intended).isGreaterThan(IntendedLatencyNote.DEFAULT_WARN_FACTOR * service);
  }

  @Test
  void aThrottledRunWithinItsCapacityComparesWithoutInventingAWarning() {
    RunResult r =
        clock.run(
            () ->
                workloadFile("a")
                    .binding("basic")
                    .property("basicdb.simulatedelay", "0")
                    .threads(2)
                    .operationCount(400)
                    .target(400)
                    .messages(messages)
                    .clock(clock)
                    .run());
    List<String> notes = IntendedLatencyNote.lines(r, 1e9);
    assertThat(notes)
        .hasSize(2)
        .allMatch(l -> l.startsWith("[READ]") || l.startsWith("[UPDATE]"))
        .noneMatch(l -> l.contains("WARNING"));
    assertThat(lines()).anyMatch(l -> l.contains("[READ] p99 from the intended start"));
  }

  @Test
  void anUnthrottledRunPrintsNoComparison() {
    workloadFile("c").binding("basic").threads(1).operationCount(200).messages(messages).run();
    assertThat(lines()).noneMatch(l -> l.contains("intended start"));
  }

  @Test
  void aRunWithoutStatusLinesShowsProgress() {
    clock.run(
        () ->
            oneMillisecondCalls("c")
                .property("status.interval", "0.2")
                .threads(1)
                .operationCount(500)
                .messages(messages)
                .clock(clock)
                .run());
    List<String> progress = lines().stream().filter(l -> l.startsWith("hbload: run ")).toList();
    // 500 calls of 1 ms: a line at 0.2 s and at 0.4 s, each with the time left, and the last. The
    // call that ends as a line comes due may be counted in it or in the next: the worker and the
    // reporter wake at the same instant, in the order the system runs them
    assertThat(progress).hasSize(3);
    assertThat(progress.get(0))
        .matches(
            "hbload: run (199|200) of 500 operations \\(40 %\\) in 0\\.2 s, [\\d,]+ ops/sec now,"
                + " about 0\\.3 s left");
    assertThat(progress.get(1))
        .matches(
            "hbload: run (399|400) of 500 operations \\(80 %\\) in 0\\.4 s, [\\d,]+ ops/sec now,"
                + " about 0\\.1 s left");
    assertThat(progress.get(2)).contains(" 500 of 500 operations (100 %)");
  }

  /**
   * The basic binding behind a session that, as an empty memory store does, asks for the load
   * before a run: its calls of {@code basicdb.simulatedelay} wait on the run's clock, so the load
   * takes virtual time and its progress lines come due (the memory store's calls take none).
   */
  private static BindingProvider basicStartingEmpty() {
    BasicBindingProvider basic = new BasicBindingProvider();
    return new BindingProvider() {
      @Override
      public String name() {
        return "basic-empty";
      }

      @Override
      public String description() {
        return "basic, loading before a run";
      }

      @Override
      public BindingSettings settings(
          PropertyReader properties, WorkloadSpec workload, Phase phase) {
        return basic.settings(properties, workload, phase);
      }

      @Override
      public BindingSession open(BindingContext context) {
        BindingSession session = basic.open(context);
        return new BindingSession() {
          @Override
          public Binding newBinding(int workerIndex) throws BindingException {
            return session.newBinding(workerIndex);
          }

          @Override
          public boolean loadBeforeRun() {
            return true;
          }
        };
      }
    };
  }

  @Test
  void theLoadBeforeARunShowsProgressAndIsNotPacedByTheRunsTarget() {
    // 1,000 records at 1 ms a call: 1 s unpaced, 20 s at the run's 50 ops/sec
    RunResult r =
        clock.run(
            () ->
                workloadFile("c")
                    .binding(basicStartingEmpty())
                    .property("basicdb.simulatedelay", "1")
                    .property("basicdb.randomizedelay", "false")
                    .recordCount(1000)
                    .operationCount(50)
                    .target(50)
                    .property("status.interval", "0.1")
                    .messages(messages)
                    .clock(clock)
                    .run());
    assertThat(r.operations()).isEqualTo(50);
    List<String> all = lines();
    assertThat(all)
        .anyMatch(
            l ->
                l.contains(
                    "loading 1000 records (recordcount) before the run, as fast as it goes"
                        + " (the run's -target paces the run only)"));
    // a line at 0.1 s, with the call that ends then in it or not (see the progress test above)
    assertThat(all)
        .anyMatch(
            l ->
                l.matches(
                    "hbload: load before the run (99|100) of 1,000 operations \\(\\d+ %\\) in"
                        + " 0\\.1 s, [\\d,]+ ops/sec now, about 0\\.9 s left"))
        .anyMatch(
            l -> l.matches("hbload: load before the run 1,000 of 1,000 operations \\(100 %\\).*"))
        .anyMatch(l -> l.startsWith("hbload: loaded 1000 records in 1.0 s"));
    // the load's second, then the run's
    assertThat(clock.elapsed()).isBetween(Duration.ofMillis(1900), Duration.ofMillis(2200));
  }

  @Test
  void statusLinesOfAThrottledRunCarryTheIntendedFigures() {
    Hbload h =
        workloadFile("c")
            .binding("basic")
            .threads(1)
            .operationCount(200)
            .target(400)
            .property("status.interval", "0.1")
            .status(true)
            .messages(messages);
    assertThat(h.spec(Phase.RUN).throttled()).isTrue();
    clock.run(() -> h.clock(clock).run());
    List<String> status = lines().stream().filter(l -> l.contains(" sec: ")).toList();
    assertThat(status)
        .anyMatch(l -> l.contains("[READ: Count=") && l.contains("[Intended-READ: Count="));
    assertThat(status).noneMatch(l -> l.contains("est completion in 106751991167300 days"));
    assertThat(status).noneMatch(l -> l.contains("Intended-CLEANUP"));
  }

  @Test
  void theLogSamplesEverySecondWhileStatusLinesKeepTheirInterval(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path hlog = dir.resolve("r.hlog");
    clock.run(
        () ->
            workloadFile("c")
                .binding("basic")
                .property("basicdb.simulatedelay", "0")
                .threads(1)
                .operationCount(1400)
                .target(400)
                .property("status.interval", "2")
                .status(true)
                .hlog(hlog)
                .messages(messages)
                .clock(clock)
                .run());
    org.HdrHistogram.HistogramLogReader reader =
        new org.HdrHistogram.HistogramLogReader(hlog.toFile());
    int samples = 0;
    org.HdrHistogram.EncodableHistogram h;
    while ((h = reader.nextIntervalHistogram()) != null) {
      if ("READ.service".equals(h.getTag())) {
        samples++;
      }
    }
    // 3.5 s at 400 ops/sec: a sample each second (and the last part), not one per 2 s status
    // interval
    assertThat(samples).isEqualTo(4);
    List<String> status = lines().stream().filter(l -> l.contains(" sec: ")).toList();
    assertThat(status).hasSize(3); // at the start, at 2 s, at the end
    long counted = 0;
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("\\[READ: Count=(\\d+),")
            .matcher(String.join("\n", status));
    while (m.find()) {
      counted += Long.parseLong(m.group(1));
    }
    assertThat(counted).as("each status line sums the samples of its interval").isEqualTo(1400);
  }
}
