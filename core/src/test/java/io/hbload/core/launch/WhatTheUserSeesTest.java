package io.hbload.core.launch;

import static io.hbload.core.TestWorkloads.workloadFile;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.Hbload;
import io.hbload.core.config.Phase;
import io.hbload.core.export.IntendedLatencyNote;
import io.hbload.core.result.RunResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a phase tells the user on stderr besides YCSB's lines: the corrected latency after a
 * throttled run and progress while work without status lines goes on, the engine's own load before
 * a run included.
 */
class WhatTheUserSeesTest {
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
        workloadFile("c")
            .binding("basic")
            .property("basicdb.simulatedelay", "2")
            .property("basicdb.randomizedelay", "false")
            .threads(1)
            .operationCount(600)
            .target(2000)
            .messages(messages)
            .run();
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
        workloadFile("a")
            .binding("basic")
            .property("basicdb.simulatedelay", "0")
            .threads(2)
            .operationCount(400)
            .target(400)
            .messages(messages)
            .run();
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
    workloadFile("c")
        .binding("basic")
        .property("basicdb.simulatedelay", "1")
        .property("basicdb.randomizedelay", "false")
        .property("status.interval", "0.2")
        .threads(1)
        .operationCount(500)
        .messages(messages)
        .run();
    List<String> progress = lines().stream().filter(l -> l.startsWith("hbload: run ")).toList();
    assertThat(progress).hasSizeGreaterThanOrEqualTo(2);
    // a line before the first operation completed (a loaded machine can start the worker late)
    // has no rate to estimate from, and says so; every other line but the last gives the time left
    String eta =
        "hbload: run [\\d,]+ of 500 operations \\(\\d+ %\\) in [\\d.]+ s, "
            + "[\\d,]+ ops/sec now, about [\\d.]+ s left";
    assertThat(progress.subList(0, progress.size() - 1))
        .allMatch(
            l ->
                l.matches(eta)
                    || l.matches(
                        "hbload: run 0 of 500 operations \\(0 %\\) in [\\d.]+ s, 0 ops/sec now,"
                            + " ETA unknown"));
    assertThat(progress).anyMatch(l -> l.matches(eta));
    assertThat(progress.get(progress.size() - 1)).contains(" 500 of 500 operations (100 %)");
  }

  @Test
  void theLoadBeforeARunShowsProgressAndIsNotPacedByTheRunsTarget() {
    // a table of its own: the memory store is shared by the JVM, and only an empty table is loaded
    // first
    RunResult r =
        workloadFile("c")
            .binding("memory")
            .property("table", "progress" + System.nanoTime())
            // enough small records that the load outlasts its first status interval on a quiet
            // machine too (50,000 loaded in 88 ms once, before the first progress line was due)
            .recordCount(400_000)
            .property("fieldcount", "1")
            .property("fieldlength", "8")
            .operationCount(50)
            .target(50)
            .property("status.interval", "0.1")
            .messages(messages)
            .run();
    assertThat(r.operations()).isEqualTo(50);
    List<String> all = lines();
    assertThat(all)
        .anyMatch(
            l ->
                l.contains(
                    "loading 400000 records (recordcount) before the run, as fast as it goes"
                        + " (the run's -target paces the run only)"));
    // at the run's 50 ops/sec the load would take 8000 s; unpaced it takes well under the test's
    // time
    assertThat(all)
        .anyMatch(
            l ->
                l.matches(
                    "hbload: load before the run 400,000 of 400,000 operations \\(100 %\\).*"));
    assertThat(all).anyMatch(l -> l.startsWith("hbload: loaded 400000 records"));
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
    h.run();
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
        .run();
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
    assertThat(samples).isGreaterThanOrEqualTo(4);
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
