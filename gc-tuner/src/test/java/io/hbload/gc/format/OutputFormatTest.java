package io.hbload.gc.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.export.Json;
import io.hbload.gc.TuningInput;
import io.hbload.gc.TuningResult;
import io.hbload.gc.tune.GcTuner;
import java.util.List;
import org.junit.jupiter.api.Test;

class OutputFormatTest {
  private final TuningResult r32 =
      GcTuner.tune(TuningInput.builder().heap("32g").cpus(40).jdk(17).build());

  @Test
  void optsIsOneLine() {
    String out = OutputFormat.OPTS.render(r32, false);
    assertThat(out).endsWith("\n").startsWith("-XX:+UseG1GC -Xms32g -Xmx32g");
    assertThat(out.strip()).doesNotContain("\n");
  }

  @Test
  void hbaseEnvKeepsTheExistingValue() {
    String out = OutputFormat.HBASE_ENV.render(r32, false);
    assertThat(out)
        .startsWith("export HBASE_REGIONSERVER_OPTS=\"$HBASE_REGIONSERVER_OPTS -XX:+UseG1GC")
        .endsWith("\"\n");
    assertThat(out.strip().lines()).hasSize(1);
  }

  @Test
  void jvmOptionsIsOneFlagALine() {
    List<String> lines = OutputFormat.JVM_OPTIONS.render(r32, false).lines().toList();
    assertThat(lines).isEqualTo(r32.optionTexts());
    TuningResult r8 = GcTuner.tune(TuningInput.builder().heap("32g").cpus(40).jdk(8).build());
    assertThat(OutputFormat.JVM_OPTIONS.render(r8, false)).startsWith("# JDK 8 has no @argfiles");
  }

  @Test
  void explainAddsCommentedReasonsWithSources() {
    String out = OutputFormat.HBASE_ENV.render(r32, true);
    List<String> comments = out.lines().filter(l -> l.startsWith("#")).toList();
    assertThat(comments)
        .anyMatch(l -> l.startsWith("# parallel-gc-threads: ParallelGCThreads=28"))
        .anyMatch(l -> l.contains("source: Kaczmarek 2014 step 3"))
        .anyMatch(l -> l.startsWith("# warning: heap 32g is above the compressed-oops limit"));
    assertThat(out.lines().filter(l -> !l.startsWith("#")))
        .singleElement()
        .asString()
        .startsWith("export ");
  }

  @Test
  void jsonCarriesOptionsInputsDerivedAndReasons() {
    String json = OutputFormat.JSON.render(r32, false);
    assertThat(json)
        .contains(
            "\"jdk\": 17",
            "\"heap\": \"32g\"",
            "\"cpus\": 40",
            "\"parallelGCThreads\": 28",
            "\"concGCThreads\": 7",
            "\"g1NewSizePercent\": 3",
            "\"regionSize\": \"16m\"",
            "\"-XX:G1NewSizePercent=3\"",
            "\"explanations\"",
            "\"source\"",
            "\"warnings\"",
            "\"maxDirectMemorySize\": null");
    // balanced braces/brackets and no raw control characters inside strings
    assertThat(json.chars().filter(c -> c == '{').count())
        .isEqualTo(json.chars().filter(c -> c == '}').count());
    assertThat(json.chars().filter(c -> c == '[').count())
        .isEqualTo(json.chars().filter(c -> c == ']').count());
  }

  @Test
  void jsonEscapesAndKeepsItsLayout() {
    String json =
        Json.write(
            Json.Layout.INDENTED,
            g -> {
              g.writeStartObject();
              g.writeArrayFieldStart("a\"b");
              g.writeString("x\\y\n");
              g.writeNumber(1);
              g.writeBoolean(true);
              g.writeEndArray();
              Json.finiteOrNull(g, "nan", Double.NaN);
              Json.finiteOrNull(g, "inf", Double.NEGATIVE_INFINITY);
              g.writeStringField("ctl", "\u0001\t\u001f \ud83d\ude00");
              g.writeObjectFieldStart("empty");
              g.writeEndObject();
              g.writeArrayFieldStart("none");
              g.writeEndArray();
              g.writeEndObject();
            });
    assertThat(json)
        .isEqualTo(
            "{\n  \"a\\\"b\": [\n    \"x\\\\y\\n\",\n    1,\n    true\n  ],\n  \"nan\": null,\n"
                + "  \"inf\": null,\n  \"ctl\": \"\\u0001\\t\\u001F \ud83d\ude00\",\n  \"empty\": {},\n  \"none\": []\n}");
  }

  @Test
  void jsonOfAResultKeepsTheLayoutScriptsRead() {
    TuningResult small = GcTuner.tune(TuningInput.builder().heap("8g").cpus(8).jdk(17).build());
    String json = OutputFormat.JSON.render(small, false);
    assertThat(json)
        .startsWith(
            "{\n  \"jdk\": 17,\n  \"heap\": \"8g\",\n  \"cpus\": 8,\n  \"options\": [\n    \"")
        .endsWith("\n}\n")
        .contains("\n  \"inputs\": {\n    \"heap\": \"8g\",\n", "\n  \"warnings\": [");
  }

  @Test
  void formatNames() {
    assertThat(OutputFormat.fromCliName("hbase-env")).isEqualTo(OutputFormat.HBASE_ENV);
    assertThat(OutputFormat.fromCliName("JSON")).isEqualTo(OutputFormat.JSON);
    assertThatThrownBy(() -> OutputFormat.fromCliName("yaml"))
        .hasMessageContaining("unknown format 'yaml'");
  }
}
