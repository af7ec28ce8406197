package io.hbload.core.merge;

import static io.hbload.core.TestWorkloads.workloadFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.binding.BindingContext;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.config.Phase;
import io.hbload.core.config.SpecException;
import io.hbload.core.exec.StatusSnapshot;
import io.hbload.core.export.HlogWriter;
import io.hbload.core.measure.IntervalView;
import io.hbload.core.measure.MeasurementTotals;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.result.ClientInfo;
import io.hbload.core.result.RunResult;
import io.hbload.core.spec.RunSpec;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HlogMergeTest {
  @TempDir Path dir;

  private static Histogram histogram() {
    Histogram h = new Histogram(3);
    h.setAutoResize(true);
    return h;
  }

  private static Map<String, String> props(String... kv) {
    Map<String, String> p =
        new LinkedHashMap<>(
            Map.of(
                "db",
                "basic",
                "recordcount",
                "1000",
                "operationcount",
                "9000",
                "readproportion",
                "1",
                "updateproportion",
                "0",
                "status.interval",
                "1"));
    for (int i = 0; i < kv.length; i += 2) {
      p.put(kv[i], kv[i + 1]);
    }
    return p;
  }

  /**
   * A shard's log written by the real {@link HlogWriter}, with latencies drawn here so that the
   * test knows every value: three intervals of READ calls, service and intended.
   */
  private Path shardLog(
      int shard,
      int shards,
      long start,
      SplittableRandom random,
      Histogram allService,
      Histogram allIntended,
      Map<String, String> extraProps) {
    Map<String, String> p = props("hbload.shard", shard + "/" + shards);
    p.putAll(extraProps);
    // several calls in flight need a binding with an async interface, as the run that wrote such a
    // log had
    RunSpec spec =
        p.containsKey("hbload.inflight")
            ? SpecParser.parse(p, Phase.RUN, ASYNC_BINDING)
            : SpecParser.parse(p, Phase.RUN);
    Path file = dir.resolve("shard" + shard + ".hlog");
    Histogram totalService = histogram();
    Histogram totalIntended = histogram();
    long ops = 0;
    try (HlogWriter w = new HlogWriter(file)) {
      w.phaseStarting(spec, start);
      for (int i = 0; i < 3; i++) {
        Histogram service = histogram();
        Histogram intended = histogram();
        int n = 500 + random.nextInt(1000);
        for (int k = 0; k < n; k++) {
          long s = 50_000 + (long) (random.nextDouble() * random.nextDouble() * 40_000_000);
          service.recordValue(s);
          intended.recordValue(s + random.nextInt(2_000_000));
        }
        totalService.add(service);
        totalIntended.add(intended);
        ops += n;
        long t0 = start + i * 1000L;
        IntervalView view =
            new IntervalView(
                t0, t0 + 1000, n, List.of(new IntervalView.Latency("READ", service, intended)));
        w.interval(
            spec, new StatusSnapshot(t0 + 1000, (i + 1) * 1000L, ops, ops - n, 1000, 0, view));
      }
      allService.add(totalService);
      allIntended.add(totalIntended);
      RunResult result =
          RunResult.ofTotals(
              spec,
              start,
              3000,
              ops,
              List.of(
                  new MeasurementTotals("READ", totalService, totalIntended, Map.of("OK", ops))),
              List.of(new RunResult.GcTotals("G1 Young Generation", 2, 10)),
              List.of(),
              null,
              new ClientInfo(spec.execution().shard(), "host" + shard, null, 0));
      w.phaseFinished(result);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return file;
  }

  private static void assertSameValues(Histogram actual, Histogram expected) {
    assertThat(actual.getTotalCount()).isEqualTo(expected.getTotalCount());
    for (HistogramIterationValue v : expected.recordedValues()) {
      assertThat(actual.getCountAtValue(v.getValueIteratedTo()))
          .isEqualTo(v.getCountAtValueIteratedTo());
    }
    for (double p : new double[] {50, 90, 99, 99.9, 99.999, 100}) {
      assertThat(actual.getValueAtPercentile(p)).isEqualTo(expected.getValueAtPercentile(p));
    }
  }

  @Test
  void mergingKLogsEqualsOneHistogramFedEveryValue() {
    SplittableRandom random = new SplittableRandom(1);
    Histogram allService = histogram();
    Histogram allIntended = histogram();
    List<Path> logs = new ArrayList<>();
    long start = 1_795_000_000_000L;
    for (int shard = 0; shard < 4; shard++) {
      logs.add(shardLog(shard, 4, start + shard * 200L, random, allService, allIntended, Map.of()));
    }
    MergedRun merged = HlogMerge.merge(logs);
    RunResult r = merged.result();
    assertSameValues(r.op("READ").service(), allService);
    assertSameValues(r.op("READ").intended(), allIntended);
    assertThat(r.operations()).isEqualTo(allService.getTotalCount());
    assertThat(r.op("READ").returns()).containsExactly(Map.entry("OK", allService.getTotalCount()));
    assertThat(r.startEpochMillis()).isEqualTo(start);
    assertThat(r.runtimeMillis()).as("union of the windows").isEqualTo(3 * 200 + 3000);
    assertThat(r.spec().execution().operations())
        .as("the whole run's operationcount")
        .isEqualTo(9000);
    assertThat(r.gc()).containsExactly(new RunResult.GcTotals("G1 Young Generation", 8, 40));
    assertThat(merged.partial()).isFalse();
    assertThat(r.completed()).isTrue();
    // the series, merged by wall-clock interval: 4 shards' 3 intervals, started 200 ms apart, fall
    // into 3 buckets
    long perInterval =
        merged.intervals().values().stream()
            .mapToLong(m -> m.get("READ.service").getTotalCount())
            .sum();
    assertThat(perInterval).isEqualTo(allService.getTotalCount());
    assertThat(merged.intervals()).hasSize(3);
  }

  @Test
  void aMissingShardMakesAPartialRun() {
    SplittableRandom random = new SplittableRandom(2);
    Path s0 = shardLog(0, 3, 1_795_000_000_000L, random, histogram(), histogram(), Map.of());
    Path s2 = shardLog(2, 3, 1_795_000_000_000L, random, histogram(), histogram(), Map.of());
    MergedRun merged = HlogMerge.merge(List.of(s0, s2));
    assertThat(merged.partial()).isTrue();
    assertThat(merged.missingShards()).containsExactly(1);
    assertThat(merged.result().stopReason()).startsWith("partial: shard(s) [1] of 3 missing");
  }

  @Test
  void realShardRunsMergeToTheirSum() {
    List<Path> logs = new ArrayList<>();
    List<RunResult> shards = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      Path hlog = dir.resolve("run" + i + ".hlog");
      shards.add(
          workloadFile("a")
              .binding("basic")
              .recordCount(1000)
              .operationCount(3001)
              .threads(2)
              .property("hbload.shard", i + "/3")
              .seed(99)
              .hlog(hlog)
              .run());
      logs.add(hlog);
    }
    assertThat(shards.stream().mapToLong(RunResult::operations))
        .containsExactly(1001L, 1000L, 1000L);
    RunResult merged = HlogMerge.merge(logs).result();
    assertThat(merged.operations()).isEqualTo(3001);
    for (String op : List.of("READ", "UPDATE")) {
      Histogram sum = histogram();
      long ok = 0;
      for (RunResult s : shards) {
        sum.add(s.op(op).service());
        ok += s.op(op).returns().get("OK");
      }
      assertSameValues(merged.op(op).service(), sum);
      assertThat(merged.op(op).returns()).containsEntry("OK", ok);
    }
    long okTotal = merged.op("READ").returns().get("OK") + merged.op("UPDATE").returns().get("OK");
    assertThat(okTotal).isEqualTo(3001);
  }

  /**
   * Stands in for a binding whose sessions keep several calls in flight (hbase, PE's async
   * commands).
   */
  private static final BindingProvider ASYNC_BINDING =
      new BindingProvider() {
        @Override
        public String name() {
          return "basic";
        }

        @Override
        public String description() {
          return "an async binding";
        }

        @Override
        public boolean supportsAsync() {
          return true;
        }

        @Override
        public BindingSession open(BindingContext context) {
          throw new UnsupportedOperationException("only its spec is parsed here");
        }
      };

  @Test
  void aRunWithSeveralOperationsInFlightMerges() {
    // was bad input (hbload.inflight: binding 'finished' has no async interface): the merge's
    // stand-in for the
    // finished run's binding refused the inflight its logs recorded, so no pipelined run merged
    // (mapreduce pe's async
    // commands, mapreduce run or hbload merge with hbload.inflight above 1)
    SplittableRandom random = new SplittableRandom(11);
    long start = 1_795_000_000_000L;
    Histogram allService = histogram();
    Histogram allIntended = histogram();
    List<Path> logs = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      logs.add(
          shardLog(i, 2, start, random, allService, allIntended, Map.of("hbload.inflight", "8")));
    }
    RunResult merged = HlogMerge.merge(logs).result();
    assertThat(merged.spec().execution().inflight()).isEqualTo(8);
    assertThat(merged.spec().execution().shard().sharded()).isFalse();
    assertSameValues(merged.op("READ").service(), allService);
    assertSameValues(merged.op("READ").intended(), allIntended);
  }

  @Test
  void inputsThatCannotBeOneRunAreBadInput() throws Exception {
    SplittableRandom random = new SplittableRandom(3);
    long start = 1_795_000_000_000L;
    Path s0 = shardLog(0, 2, start, random, histogram(), histogram(), Map.of());
    Files.move(s0, dir.resolve("a0.hlog"));
    Path a0 = dir.resolve("a0.hlog");
    Path other =
        shardLog(1, 2, start, random, histogram(), histogram(), Map.of("recordcount", "2000"));
    assertThatThrownBy(() -> HlogMerge.merge(List.of(a0, other)))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("not the same run as")
        .hasMessageContaining("recordcount is '2000', not '1000'");
    assertThatThrownBy(() -> HlogMerge.merge(List.of(a0, a0)))
        .hasMessageContaining("shard 0/2 is given twice");
    Path threeShards = shardLog(1, 3, start, random, histogram(), histogram(), Map.of());
    assertThatThrownBy(() -> HlogMerge.merge(List.of(a0, threeShards)))
        .hasMessageContaining("is not one of 2 shards");

    Path text = Files.writeString(dir.resolve("notes.hlog"), "hello\n");
    assertThatThrownBy(() -> HlogMerge.merge(List.of(text)))
        .hasMessageContaining("not an hbload hlog");
    Path plain = dir.resolve("plain.hlog");
    try (PrintStream out = new PrintStream(plain.toFile())) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputLogFormatVersion();
      Histogram h = histogram();
      h.recordValue(1000);
      w.outputIntervalHistogram(h);
    }
    assertThatThrownBy(() -> HlogMerge.merge(List.of(plain)))
        .hasMessageContaining("not an hbload hlog");
    List<String> lines = new ArrayList<>(Files.readAllLines(a0));
    lines.removeIf(l -> l.startsWith("#hbload-meta end="));
    Path cut = Files.write(dir.resolve("cut.hlog"), lines);
    assertThatThrownBy(() -> HlogMerge.merge(List.of(cut))).hasMessageContaining("incomplete");
    List<String> micros = new ArrayList<>(Files.readAllLines(a0));
    micros.replaceAll(l -> l.startsWith("#UNITS:") ? "#UNITS: microseconds" : l);
    Path us = Files.write(dir.resolve("us.hlog"), micros);
    assertThatThrownBy(() -> HlogMerge.merge(List.of(us)))
        .hasMessageContaining("not in nanoseconds");
    assertThatThrownBy(() -> HlogMerge.merge(List.of(dir.resolve("nope.hlog"))))
        .hasMessageContaining("cannot read");
    assertThatThrownBy(() -> HlogMerge.merge(List.of())).hasMessageContaining("nothing to merge");
  }

  /**
   * A log hbload wrote, then damaged as disks, editors and copies damage files: each is bad input
   * at its line.
   */
  @Test
  void damagedLogsAreBadInputNamingTheLine() throws Exception {
    SplittableRandom random = new SplittableRandom(5);
    long start = 1_795_000_000_000L;
    Path good = shardLog(0, 1, start, random, histogram(), histogram(), Map.of());
    assertThat(HlogMerge.merge(List.of(good)).result().operations()).isPositive();
    List<String> lines = Files.readAllLines(good);
    int first = firstInterval(lines);

    // HdrHistogram's reader skips what it cannot parse: this once merged into 0 operations and NaN
    // averages
    assertBad(
        damaged(lines, first, l -> l.replaceFirst(",[0-9.]+,", ",abc,")),
        "line " + (first + 1) + ": interval start 'abc' is not a number");
    assertBad(
        damaged(lines, first, l -> l.replaceFirst(",[0-9.]+,", ",-5.000,")), "is out of range");
    assertBad(
        damaged(lines, first, l -> l.replaceFirst(",[0-9.]+,", ",99999999.000,")),
        "long after the run ended");
    // the compressed body zeroed behind an intact header, and a payload that is not Base64 at all
    assertBad(
        damaged(
            lines,
            first,
            l -> {
              int body = l.indexOf("HISTF") + 24;
              return l.substring(0, body) + "A".repeat(l.length() - body);
            }),
        "line " + (first + 1) + ": the histogram does not decode");
    assertBad(
        damaged(lines, first, l -> l.substring(0, l.length() - 8) + "!!!!!!!!"), "does not decode");
    assertBad(
        damaged(lines, first, l -> "READ.service,0.000,1.000,1.000,HISTFAAAA"),
        "not an hbload interval line");
    int ok = indexOf(lines, "#hbload-meta return.READ.OK=");
    assertBad(
        damaged(lines, ok, l -> "#hbload-meta return.READ.OK=lots"),
        "'return.READ.OK' is not a count");
    assertBad(
        damaged(lines, ok, l -> "#hbload-meta return.READ.OK=1"), "latencies but 1 Return counts");
    List<String> noLatencies = new ArrayList<>(lines);
    noLatencies.removeIf(l -> l.startsWith("Tag=READ"));
    assertBad(
        Files.write(dir.resolve("nolatency.hlog"), noLatencies), "no latency of it is in the log");
    int runtime = indexOf(lines, "#hbload-meta runtimeMillis=");
    assertBad(
        damaged(lines, runtime, l -> "#hbload-meta runtimeMillis=-3000"),
        "'runtimeMillis' is negative");

    // not text at all, or text without end
    Path zeros = Files.write(dir.resolve("zeros.hlog"), new byte[4096]);
    assertBad(zeros, "line 1: a NUL character: a binary file");
    Path endless = Files.writeString(dir.resolve("endless.hlog"), "#".repeat(3 << 20));
    assertBad(endless, "line 1: longer than 1048576 characters");
    byte[] latin1 =
        "#hbload-meta host=m\u00fcnchen\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    Path notUtf8 = Files.write(dir.resolve("latin1.hlog"), latin1);
    assertBad(notUtf8, "line 1: not UTF-8 text");
    Path devZero = Path.of("/dev/zero");
    if (Files.isReadable(devZero)) {
      assertBad(devZero, "a NUL character");
    }
  }

  @Test
  void shardsGivenDifferentSeedsAreNotOneRun() {
    SplittableRandom random = new SplittableRandom(6);
    long start = 1_795_000_000_000L;
    Path s0 = shardLog(0, 2, start, random, histogram(), histogram(), Map.of("hbload.seed", "42"));
    Path s1 = shardLog(1, 2, start, random, histogram(), histogram(), Map.of("hbload.seed", "43"));
    assertThatThrownBy(() -> HlogMerge.merge(List.of(s0, s1)))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("hbload.seed is '43', not '42'");
    Path same =
        shardLog(1, 2, start, random, histogram(), histogram(), Map.of("hbload.seed", "42"));
    assertThat(HlogMerge.merge(List.of(s0, same)).partial()).isFalse();
  }

  private static int firstInterval(List<String> lines) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith("Tag=READ.service,")) {
        return i;
      }
    }
    throw new AssertionError("no interval line");
  }

  private static int indexOf(List<String> lines, String prefix) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(prefix)) {
        return i;
      }
    }
    throw new AssertionError("no line " + prefix);
  }

  private Path damaged(
      List<String> lines, int index, java.util.function.UnaryOperator<String> damage)
      throws java.io.IOException {
    List<String> copy = new ArrayList<>(lines);
    copy.set(index, damage.apply(copy.get(index)));
    return Files.write(Files.createTempFile(dir, "damaged", ".hlog"), copy);
  }

  private static void assertBad(Path log, String message) {
    assertThatThrownBy(() -> HlogMerge.merge(List.of(log)))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining(log.toString())
        .hasMessageContaining(message);
  }
}
