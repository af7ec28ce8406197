package io.hbload.hdfs.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbload.hdfs.coder.CoderBench;
import io.hbload.hdfs.coder.IsalLibrary;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The dfsio and coder-bench JSON: one pass a line, fixed decimals, escaping, and null for a figure
 * that is not finite.
 */
class JsonReportTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String TRICKY =
      "a \"quoted\" \\path\\ with\ttab, nl\n, \u0001 and \ud83d\ude00";

  private static RunResult pass(String phase, String target, double load1End) {
    return new RunResult(
        phase,
        "RS-3-2-1024k",
        "rs_java",
        target,
        Instant.parse("2026-11-24T10:00:00Z"),
        4,
        12_582_912L,
        2_000_000_000L,
        6.0,
        1.5,
        0.25,
        1.125,
        12_582_912L,
        0,
        0,
        0,
        0,
        1,
        0.5,
        load1End,
        Optional.empty());
  }

  @Test
  void onePassALineWithFieldNamesFixedDecimalsAndNullForNaN() throws Exception {
    String json =
        JsonReport.render(List.of(pass("write", "/bench", 0.75), pass("read", TRICKY, Double.NaN)));
    List<String> lines = json.lines().toList();
    assertThat(lines).hasSize(4);
    assertThat(lines.get(0)).isEqualTo("[");
    assertThat(lines.get(1))
        .startsWith(
            "  {\"phase\": \"write\", \"policy\": \"RS-3-2-1024k\", \"coder\": \"rs_java\", ")
        .contains(
            "\"files\": 4, \"bytes\": 12582912, \"wallNanos\": 2000000000, \"aggregateMiBps\": 6.0000, ")
        .endsWith("\"dataNodesDown\": 1, \"load1Start\": 0.5000, \"load1End\": 0.7500},");
    assertThat(lines.get(2)).endsWith("\"load1End\": null}");
    assertThat(lines.get(3)).isEqualTo("]");
    assertThat(json).endsWith("]\n");
    JsonNode read = MAPPER.readTree(json).get(1);
    assertThat(read.get("target").asText()).isEqualTo(TRICKY);
    assertThat(read.get("isal").asText()).isEqualTo(IsalLibrary.status());
    assertThat(read.get("cpuCores").decimalValue()).isEqualByComparingTo("1.125");
    assertThat(JsonReport.render(List.of())).isEqualTo("[]\n");
  }

  @Test
  void coderBenchIsOneObjectWithAResultALine() throws Exception {
    CoderBench.Report report =
        new CoderBench.Report(
            new CoderBench.Settings(6, 3, 65536, 1L << 26, 0.5),
            List.of(
                new CoderBench.Measurement("rs_java", "heap", "in cache", 1.23456, Double.NaN),
                new CoderBench.Measurement(TRICKY, "direct", "larger", 2, 3)),
            List.of(),
            true);
    String json = CoderBenchTable.json(report);
    List<String> lines = json.lines().toList();
    assertThat(lines.get(0))
        .startsWith(
            "{\"k\": 6, \"p\": 3, \"cellBytes\": 65536, \"workingSetBytes\": 67108864, "
                + "\"seconds\": 0.500, \"agree\": true, \"isal\": ")
        .endsWith("\"results\": [");
    assertThat(lines.get(1))
        .isEqualTo(
            "  {\"coder\": \"rs_java\", \"buffers\": \"heap\", \"workingSet\": \"in cache\", "
                + "\"encodeGBps\": 1.2346, \"decodeGBps\": null},");
    assertThat(lines).hasSize(4).last().isEqualTo("]}");
    assertThat(MAPPER.readTree(json).get("results").get(1).get("coder").asText()).isEqualTo(TRICKY);
  }
}
