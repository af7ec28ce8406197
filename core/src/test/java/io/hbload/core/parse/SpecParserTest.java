package io.hbload.core.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.hbload.core.config.Distribution;
import io.hbload.core.config.LengthDistribution;
import io.hbload.core.config.MeasurementInterval;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertySources;
import io.hbload.core.config.RateSchedule;
import io.hbload.core.config.ShardSpec;
import io.hbload.core.config.SpecException;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.spec.RunSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SpecParserTest {
  @TempDir Path dir;

  private static RunSpec run(String... kv) {
    Map<String, String> p = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      p.put(kv[i], kv[i + 1]);
    }
    return SpecParser.parse(p, Phase.RUN);
  }

  @Test
  void defaultsAreYcsbCoreWorkloadDefaults() {
    RunSpec s = run();
    WorkloadSpec w = s.workload();
    assertThat(w.table()).isEqualTo("usertable");
    assertThat(w.fields().count()).isEqualTo(10);
    assertThat(w.fields().length()).isEqualTo(100);
    assertThat(w.fields().minLength()).isEqualTo(1);
    assertThat(w.fields().lengthDistribution()).isEqualTo(LengthDistribution.CONSTANT);
    assertThat(w.fields().readAll()).isTrue();
    assertThat(w.fields().writeAll()).isFalse();
    assertThat(w.mix().read()).isEqualTo(0.95);
    assertThat(w.mix().update()).isEqualTo(0.05);
    assertThat(w.mix().insert()).isZero();
    assertThat(w.keyChoice().distribution()).isEqualTo(Distribution.UNIFORM);
    assertThat(w.records().zeroPadding()).isEqualTo(1);
    assertThat(w.records().ordered()).isFalse();
    assertThat(w.scans().max()).isEqualTo(1000);
    assertThat(w.keyChoice().hotspotDataFraction()).isEqualTo(0.2);
    assertThat(w.keyChoice().hotspotOpnFraction()).isEqualTo(0.8);
    assertThat(w.keyChoice().exponentialPercentile()).isEqualTo(95);
    assertThat(w.keyChoice().exponentialFrac()).isEqualTo(0.8571428571);
    // recordcount 0 means "as many as an int holds", as in YCSB
    assertThat(w.records().count()).isEqualTo(Integer.MAX_VALUE);
    assertThat(s.execution().threads()).isEqualTo(1);
    assertThat(s.execution().statusIntervalSeconds()).isEqualTo(10);
    assertThat(s.outputs().percentiles()).containsExactly(95.0, 99.0);
    assertThat(s.execution().measurementInterval()).isEqualTo(MeasurementInterval.OP);
    assertThat(s.binding().name()).isEqualTo("basic");
  }

  @Test
  void maxexecutiontimeIsYcsbsSecondsOrADurationWithItsUnit() {
    assertThat(run("maxexecutiontime", "90").execution().maxExecutionTimeSeconds()).isEqualTo(90);
    assertThat(run("maxexecutiontime", "10m").execution().maxExecutionTimeSeconds()).isEqualTo(600);
    assertThat(run("maxexecutiontime", "2s").execution().maxExecutionTimeSeconds()).isEqualTo(2);
  }

  @Test
  void loadPhaseInsertsInsertcountDefaultingToRecordcountMinusInsertstart() {
    Map<String, String> p = Map.of("recordcount", "1000", "insertstart", "200");
    assertThat(SpecParser.parse(p, Phase.LOAD).execution().operations()).isEqualTo(800);
    Map<String, String> q =
        Map.of("recordcount", "1000", "insertstart", "200", "insertcount", "300");
    assertThat(SpecParser.parse(q, Phase.LOAD).execution().operations()).isEqualTo(300);
  }

  @Test
  void trailingWhitespaceIsTrimmedWhereYcsbCrashes() {
    RunSpec s = run("operationcount", "1000 ", "readallfields", "false ", "threadcount", " 2");
    assertThat(s.execution().operations()).isEqualTo(1000);
    assertThat(s.workload().fields().readAll()).isFalse();
    assertThat(s.execution().threads()).isEqualTo(2);
  }

  @Test
  void threadsAreCutToTheOperationCountWithYcsbsWarning() {
    RunSpec s = run("operationcount", "3", "threadcount", "8");
    assertThat(s.execution().threads()).isEqualTo(3);
    assertThat(s.provenance().notes()).anyMatch(n -> n.contains("threadcount is bigger"));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "recordcount|-5|property recordcount: -5 is below the minimum 0",
        "operationcount|abc|property operationcount: 'abc' is not a whole number",
        "requestdistribution|pareto|property requestdistribution: unknown distribution 'pareto'",
        "fieldlengthdistribution|gauss|property fieldlengthdistribution: unknown distribution 'gauss'",
        "threadcount|0|property threadcount: 0 is below the minimum 1",
        "readallfields|yes|property readallfields: expected true or false, got 'yes'",
        "measurement.interval|sometimes|property measurement.interval: expected op, intended or both",
        "hotspotdatafraction|1.5|property hotspotdatafraction: 1.5 must be in [0, 1]",
        "target|-1|property target: -1 must be >= 0",
        "insertorder|random|property insertorder: expected hashed or ordered",
        "exporter|x.Y|property exporter: unknown exporter 'x.Y'",
        "hdrhistogram.percentiles|95,abc|property hdrhistogram.percentiles",
        "workload|site.ycsb.workloads.RestWorkload|property workload: expected site.ycsb.workloads.CoreWorkload or mixgraph, got 'site.ycsb.workloads.RestWorkload'",
        "maxexecutiontime|1500ms|property maxexecutiontime: '1500ms' is not a whole number of seconds",
        "maxexecutiontime|ten|property maxexecutiontime: 'ten' is not a duration"
      })
  void badValuesNameTheirProperty(String key, String value, String message) {
    assertThatThrownBy(() -> run(key, value))
        .isInstanceOf(SpecException.class)
        .hasMessageStartingWith(message)
        .hasMessageNotContaining("\n");
  }

  @Test
  void proportionsSummingToZeroAreRejected() {
    assertThatThrownBy(() -> run("readproportion", "0", "updateproportion", "0"))
        .hasMessageContaining("property readproportion: the operation proportions");
  }

  @Test
  void insertRangeBeyondRecordcountIsRejected() {
    assertThatThrownBy(() -> run("recordcount", "100", "insertstart", "50", "insertcount", "60"))
        .hasMessage(
            "property insertcount: insertstart + insertcount (50 + 60) exceeds recordcount 100");
  }

  @Test
  void dataIntegrityNeedsConstantLengths() {
    assertThatThrownBy(() -> run("dataintegrity", "true", "fieldlengthdistribution", "uniform"))
        .hasMessageContaining("property dataintegrity");
  }

  @Test
  void everyProblemIsReportedAtOnce() {
    SpecException e =
        (SpecException)
            org.assertj.core.api.Assertions.catchThrowable(
                () -> run("recordcount", "x", "threadcount", "-1", "requestdistribution", "nope"));
    assertThat(e.problems()).hasSize(3);
    assertThat(e.getMessage()).contains("; ");
  }

  @Test
  void loadingZeroRecordsIsAnError() {
    assertThatThrownBy(() -> SpecParser.parse(Map.of(), Phase.LOAD))
        .hasMessageContaining("property recordcount");
  }

  @Test
  void filesMergeInOrderAndCommandLineWinsRegardlessOfPosition() throws IOException {
    Path a = Files.writeString(dir.resolve("a"), "recordcount=10\nfieldcount=3\nx=fromA\n");
    Path b = Files.writeString(dir.resolve("b"), "recordcount=20\nx=fromB\n");
    PropertySources sources = new PropertySources().set("fieldcount", "7").file(a).file(b);
    Map<String, String> merged = sources.merge();
    assertThat(merged)
        .containsEntry("recordcount", "20")
        .containsEntry("x", "fromB")
        .containsEntry("fieldcount", "7");
  }

  @Test
  void dashPSplitsAtTheFirstEqualsSign() {
    Map<String, String> m = new PropertySources().setPair("hbase.x=a=b").merge();
    assertThat(m).containsEntry("hbase.x", "a=b");
    assertThatThrownBy(() -> new PropertySources().setPair("novalue"))
        .isInstanceOf(SpecException.class)
        .hasMessage("-p novalue: expected name=value");
  }

  @Test
  void unknownBundledWorkloadAndMissingFileAreOneLineErrors() {
    assertThatThrownBy(() -> new PropertySources().bundled("z"))
        .hasMessageStartingWith("unknown workload 'z'");
    assertThatThrownBy(() -> new PropertySources().file(dir.resolve("missing")))
        .hasMessageEndingWith("missing: no such file");
  }

  @Test
  void builderMakesTheSameSpecAsProperties() {
    RunSpec built =
        new RunSpecBuilder()
            .recordCount(500)
            .operationCount(100)
            .threads(2)
            .target(50)
            .binding("memory")
            .build(Phase.RUN);
    RunSpec parsed =
        run(
            "recordcount",
            "500",
            "operationcount",
            "100",
            "threadcount",
            "2",
            "target",
            "50.0",
            "db",
            "memory");
    assertThat(built).isEqualTo(parsed);
  }

  /** A bad typed value is refused by the parser's own check, in the words a bad property gets. */
  @Test
  void builderRefusesABadValueAsTheParserRefusesItsProperty() {
    assertThatThrownBy(() -> new RunSpecBuilder().threads(0).target(-1).build(Phase.RUN))
        .isInstanceOf(SpecException.class)
        .hasMessage(catchThrowable(() -> run("threadcount", "0", "target", "-1.0")).getMessage());
  }

  /**
   * Typed settings reach the spec as they are; the properties record them once, as a script would
   * set them; the last setting of a key wins, typed or not.
   */
  @Test
  void builderSetsTypedValuesAndRecordsTheirProperties() {
    RunSpec spec =
        new RunSpecBuilder()
            .recordCount(10)
            .duration(Duration.ofMillis(1500))
            .target(40)
            .property("target", "60")
            .threads(3)
            .build(Phase.RUN);
    assertThat(spec.execution().maxExecutionTimeSeconds()).isEqualTo(2);
    assertThat(spec.execution().operations()).isZero();
    assertThat(spec.execution().runTargetOpsPerSec()).isEqualTo(60);
    assertThat(spec.execution().threads()).isEqualTo(3);
    assertThat(spec.provenance().properties())
        .containsEntry("maxexecutiontime", "2")
        .containsEntry("operationcount", "0")
        .containsEntry("target", "60")
        .containsEntry("threadcount", "3");
    assertThat(new RunSpecBuilder().property("target", "60").target(40).build(Phase.RUN))
        .extracting(s -> s.execution().runTargetOpsPerSec())
        .isEqualTo(40.0);
  }

  /**
   * {@code target} takes a schedule too: typed once here; a finite one sets the run's length (an
   * operation count gives way, with a note); the time scale divides its times; the objective is
   * typed with it; the Java builder's schedule reaches the spec as it is.
   */
  @Test
  void aTargetScheduleIsTypedOnceAndAFiniteOneSetsTheRunsLength() {
    RunSpec spec =
        run(
            "operationcount",
            "1000",
            "target",
            "ramp:100..5000/10m",
            "hbload.timescale",
            "10",
            "hbload.slo",
            "p99<10ms");
    assertThat(spec.execution().target()).isEqualTo(new RateSchedule.Ramp(100, 5000, 60));
    assertThat(spec.execution().scheduled()).isTrue();
    assertThat(spec.execution().operations()).as("the schedule sets the length").isZero();
    assertThat(spec.execution().runTargetOpsPerSec()).isEqualTo(5000);
    assertThat(spec.execution().slo().text()).isEqualTo("p99<10ms");
    assertThat(spec.provenance().notes())
        .contains(
            "target ramp:100..5000/60s: the phase runs the schedule's 60 s; operationcount 1000"
                + " gives way to it");
    RunSpec sine = run("operationcount", "1000", "target", "sine:mean=20,amp=10,period=1m");
    assertThat(sine.execution().operations())
        .as("a curve without end: the count ends it")
        .isEqualTo(1000);
    assertThat(run("target", "5000").execution().target()).isEqualTo(RateSchedule.constant(5000));
    assertThat(run("target", "5000").execution().scheduled()).isFalse();
    RateSchedule steps = new RateSchedule.Steps(List.of(new RateSchedule.Step(10, 1)));
    assertThat(new RunSpecBuilder().target(steps).build(Phase.RUN).execution().target())
        .isSameAs(steps);
    assertThat(new RunSpecBuilder().target(steps).properties()).containsEntry("target", "10@1s");
    assertThat(catchThrowable(() -> run("target", "ramp:0..10/1m", "hbload.slo", "p99<10")))
        .hasMessage(
            "property target: the ramp's first rate: the rate 0 must be above 0; property"
                + " hbload.slo: cannot read 'p99<10'; write e.g. p99<10ms, p99.9<50ms or"
                + " service.p50<800us (units us, ms, s)");
    assertThat(catchThrowable(() -> run("target", "100", "hbload.timescale", "24")))
        .hasMessage(
            "property hbload.timescale: a time scale needs a target schedule that changes over time");
  }

  /** The export, the JSON and the hlog named as one file, by one name or two: all said at once. */
  @Test
  void outputsNamedAsOneFileAreRefusedTogether() throws IOException {
    String same = dir.resolve("same.out").toString();
    String other = dir.resolve("sub/../same.out").toString();
    Files.createDirectories(dir.resolve("sub"));
    assertThatThrownBy(
            () -> run("exportfile", same, "hbload.json", other, "hbload.hlog", same, "db", "basic"))
        .isInstanceOfSatisfying(
            SpecException.class,
            e ->
                assertThat(e.problems())
                    .containsExactly(
                        "property hbload.json (--json): names the same file as exportfile, "
                            + other
                            + ": one would replace the other",
                        "property hbload.hlog (--hlog): names the same file as exportfile, "
                            + same
                            + ": one would replace the other",
                        "property hbload.hlog (--hlog): names the same file as hbload.json"
                            + " (--json), "
                            + same
                            + ": one would replace the other"));
    assertThat(Files.exists(dir.resolve("same.out"))).isFalse();
    RunSpec apart =
        run("exportfile", same, "hbload.json", same + ".json", "hbload.hlog", same + ".hlog");
    assertThat(apart.outputs().jsonFile()).hasFileName("same.out.json");
  }

  @Test
  void theBindingsOwnSettingsAreParsedInTheSamePassAndReportedWithTheEngines() {
    assertThatThrownBy(
            () ->
                run(
                    "db",
                    "basic",
                    "recordcount",
                    "-1",
                    "basicdb.simulatedelay",
                    "soon",
                    "basicdb.randomizedelay",
                    "maybe"))
        .isInstanceOfSatisfying(
            SpecException.class,
            e ->
                assertThat(e.problems())
                    .containsExactly(
                        "property recordcount: -1 is below the minimum 0",
                        "property basicdb.simulatedelay: 'soon' is not a number",
                        "property basicdb.randomizedelay: expected true or false, got 'maybe'"));
    assertThat(run("db", "basic", "basicdb.simulatedelay", "1.5").binding().settings())
        .hasToString("Settings[delayNanos=1500000, randomize=true]");
  }

  @Test
  void anUnknownBindingIsReportedWithTheOtherProblems() {
    assertThatThrownBy(() -> run("db", "nosuchdb", "operationcount", "x"))
        .isInstanceOfSatisfying(
            SpecException.class,
            e ->
                assertThat(e.problems())
                    .containsExactly(
                        "property operationcount: 'x' is not a whole number",
                        "property db: unknown binding 'nosuchdb' (available: basic, memory, or a class name)"));
  }

  @Test
  void errorTrackingSettingsAreTyped() {
    RunSpec s =
        run("reportlatencyforeacherror", "true", "latencytrackederrors", " NOT_FOUND, ,ERROR ");
    assertThat(s.outputs().reportLatencyForEachError()).isTrue();
    assertThat(s.outputs().latencyTrackedErrors()).containsExactly("NOT_FOUND", "ERROR");
  }

  @Test
  void theLoadBeforeARunIsDerivedFromTheParsedRun() {
    RunSpec r =
        run(
            "recordcount",
            "500",
            "insertstart",
            "100",
            "operationcount",
            "9000",
            "threadcount",
            "8",
            "target",
            "250",
            "maxexecutiontime",
            "1");
    RunSpec load = SpecParser.loadBefore(r);
    // the load puts every record in, whatever the run's time limit
    assertThat(r.execution().maxExecutionTimeSeconds()).isEqualTo(1);
    assertThat(load.execution().maxExecutionTimeSeconds()).isZero();
    assertThat(load.phase()).isEqualTo(Phase.LOAD);
    assertThat(load.execution().operations()).isEqualTo(400);
    assertThat(load.execution().threads()).isEqualTo(8);
    assertThat(load.execution().targetOpsPerSec())
        .isZero(); // the run's target paces the run, not filling the store
    assertThat(load.workload()).isEqualTo(r.workload());
    assertThat(load.binding().settings()).isSameAs(r.binding().settings());
    assertThat(
            SpecParser.loadBefore(run("recordcount", "3", "threadcount", "8"))
                .execution()
                .threads())
        .isEqualTo(3);
  }

  @Test
  void aShardLoadsItsSliceAndRunsItsShare() {
    RunSpec load =
        SpecParser.parse(
            Map.of(
                "recordcount",
                "1000",
                "insertstart",
                "100",
                "hbload.shard",
                "2/3",
                "threadcount",
                "4"),
            Phase.LOAD);
    assertThat(load.execution().shard()).isEqualTo(new ShardSpec(2, 3));
    assertThat(load.execution().operations()).isEqualTo(300);
    assertThat(load.workload().records().insertStart()).isEqualTo(700);
    assertThat(load.workload().records().insertCount()).isEqualTo(300);
    RunSpec run =
        run(
            "recordcount",
            "1000",
            "operationcount",
            "10",
            "target",
            "90",
            "hbload.shard",
            "0/3",
            "hbload.seed",
            "7");
    assertThat(run.execution().operations()).isEqualTo(4);
    assertThat(run.execution().targetOpsPerSec()).isEqualTo(30);
    assertThat(run.execution().runTargetOpsPerSec())
        .as("the run's target is kept whole; only the pacing takes this shard's share")
        .isEqualTo(90);
    assertThat(run.workload().records().insertCount())
        .as("a run reads the whole key space")
        .isEqualTo(1000);
    assertThat(run.execution().seed())
        .as("every shard draws from the run's seed, each its own operation numbers")
        .isEqualTo(7L);
    RunSpec fresh = run("hbload.shard", "1/2");
    assertThat(fresh.execution().seed()).isNotNull();
    assertThat(fresh.provenance().notes()).anyMatch(n -> n.startsWith("shard 1/2: seed "));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "2|property hbload.shard: expected I/N",
        "2/2|property hbload.shard: shard 2/2: I must be in 0..1",
        "0/0|property hbload.shard: shard 0/0",
        "a/b|property hbload.shard: expected I/N"
      })
  void badShardsAreReported(String shard, String message) {
    assertThatThrownBy(() -> run("hbload.shard", shard)).hasMessageContaining(message);
  }

  @Test
  void moreShardsThanWorkIsReported() {
    assertThatThrownBy(() -> run("operationcount", "2", "hbload.shard", "2/3"))
        .hasMessageContaining("property hbload.shard: shard 2/3 has none of the 2 operations");
    assertThatThrownBy(
            () -> SpecParser.parse(Map.of("recordcount", "1", "hbload.shard", "1/2"), Phase.LOAD))
        .hasMessageContaining("has none of the 1 records to load");
  }

  @Test
  void startAtTakesEpochMillisOrIso8601() {
    assertThat(run("hbload.startat", "1795000000000").execution().startAt().toEpochMilli())
        .isEqualTo(1795000000000L);
    assertThat(run("hbload.startat", "2026-11-22T18:00:00Z").execution().startAt())
        .isEqualTo(java.time.Instant.parse("2026-11-22T18:00:00Z"));
    assertThat(run("hbload.startat", "2026-11-22T19:00:00+01:00").execution().startAt())
        .isEqualTo(java.time.Instant.parse("2026-11-22T18:00:00Z"));
    assertThat(run().execution().startAt()).isNull();
    assertThatThrownBy(() -> run("hbload.startat", "tomorrow"))
        .hasMessageContaining("property hbload.startat");
  }

  @Test
  void aMissingFieldLengthHistogramIsFoundWhileParsing() {
    assertThatThrownBy(
            () ->
                run(
                    "fieldlengthdistribution",
                    "histogram",
                    "fieldlengthhistogram",
                    dir.resolve("nope.txt").toString()))
        .hasMessageContaining(
            "property fieldlengthhistogram: cannot read the field-length histogram file");
  }

  @Test
  void aMisspeltPropertyIsNamedWithTheClosestKnownOne() {
    RunSpec s = run("readproportoin", "1", "mongodb.url", "x", "recordcount", "10");
    assertThat(s.provenance().notes())
        .filteredOn(n -> n.startsWith("WARNING: properties read by neither"))
        .singleElement()
        .satisfies(
            n ->
                assertThat(n)
                    .contains("mongodb.url, readproportoin (did you mean " + "readproportion?)")
                    .contains("--strict"));
    // every property hbload reads is known: a clean run says nothing
    assertThat(run("readproportion", "1").provenance().notes())
        .noneMatch(n -> n.contains("read by neither"));
  }

  @Test
  void strictMakesAnUnknownPropertyBadInput() {
    assertThatThrownBy(() -> run("hbload.strict", "true", "fieldcont", "3", "hbload.warmpu", "1s"))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining(
            "property fieldcont: unknown: read by neither hbload nor the binding (did you mean "
                + "fieldcount?)")
        .hasMessageContaining("property hbload.warmpu: unknown");
  }

  @Test
  void theIntendedWarnFactorIsASettingOfItsOwn() {
    assertThat(run().outputs().intendedWarnFactor()).isEqualTo(2);
    assertThat(run("hbload.intendedwarnfactor", "5").outputs().intendedWarnFactor()).isEqualTo(5);
    assertThatThrownBy(() -> run("hbload.intendedwarnfactor", "0.5"))
        .isInstanceOf(SpecException.class)
        .hasMessageContaining("hbload.intendedwarnfactor");
  }
}
