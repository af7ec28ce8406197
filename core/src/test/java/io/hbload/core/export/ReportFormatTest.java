package io.hbload.core.export;

import static io.hbload.core.TestWorkloads.oneMillisecondCalls;
import static io.hbload.core.TestWorkloads.workloadFile;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbload.core.config.Phase;
import io.hbload.core.config.ReportFormat;
import io.hbload.core.exec.RunListener;
import io.hbload.core.exec.Runner;
import io.hbload.core.exec.StatusSnapshot;
import io.hbload.core.result.RunResult;
import io.hbload.core.spec.RunSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter;
import site.ycsb.measurements.exporter.JSONMeasurementsExporter;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/** The report, status line, JSON and HdrHistogram log, checked against YCSB 0.17.0's shapes. */
class ReportFormatTest {
  @TempDir Path dir;

  static List<String> text(RunResult r, ReportFormat exporter) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ReportWriter.write(
        YcsbReport.records(r), exporter, new PrintStream(out, true, StandardCharsets.UTF_8));
    return out.toString(StandardCharsets.UTF_8).lines().toList();
  }

  static final String NUM = "-?\\d+";
  static final String DBL = "(-?\\d+\\.\\d+(E-?\\d+)?|NaN|Infinity)";

  @Test
  void workloadAReportMatchesYcsbLineByLine() {
    RunResult r = workloadFile("a").binding("basic").threads(2).operationCount(3000).run();
    List<String> lines = text(r, ReportFormat.TEXT);
    List<String> expected =
        new ArrayList<>(
            List.of(
                "\\[OVERALL\\], RunTime\\(ms\\), " + NUM,
                "\\[OVERALL\\], Throughput\\(ops/sec\\), " + DBL,
                "\\[TOTAL_GCS_G1_Young_Generation\\], Count, " + NUM,
                "\\[TOTAL_GC_TIME_G1_Young_Generation\\], Time\\(ms\\), " + NUM,
                "\\[TOTAL_GC_TIME_%_G1_Young_Generation\\], Time\\(%\\), " + DBL,
                "\\[TOTAL_GCS_G1_Old_Generation\\], Count, " + NUM,
                "\\[TOTAL_GC_TIME_G1_Old_Generation\\], Time\\(ms\\), " + NUM,
                "\\[TOTAL_GC_TIME_%_G1_Old_Generation\\], Time\\(%\\), " + DBL,
                "\\[TOTAL_GCs\\], Count, " + NUM,
                "\\[TOTAL_GC_TIME\\], Time\\(ms\\), " + NUM,
                "\\[TOTAL_GC_TIME_%\\], Time\\(%\\), " + DBL));
    for (String op : List.of("READ", "CLEANUP", "UPDATE")) {
      expected.add("\\[" + op + "\\], Operations, " + NUM);
      expected.add("\\[" + op + "\\], AverageLatency\\(us\\), " + DBL);
      expected.add("\\[" + op + "\\], MinLatency\\(us\\), " + NUM);
      expected.add("\\[" + op + "\\], MaxLatency\\(us\\), " + NUM);
      expected.add("\\[" + op + "\\], 95thPercentileLatency\\(us\\), " + NUM);
      expected.add("\\[" + op + "\\], 99thPercentileLatency\\(us\\), " + NUM);
      if (!op.equals("CLEANUP")) {
        expected.add("\\[" + op + "\\], Return=OK, " + NUM);
      }
    }
    expected.add("\\[OVERALL\\], LongestCall\\(ms\\), " + DBL);
    assertThat(lines).hasSameSizeAs(expected);
    for (int i = 0; i < lines.size(); i++) {
      assertThat(lines.get(i)).as("line %d", i + 1).matches(expected.get(i));
    }
    assertThat(lines).contains("[CLEANUP], Operations, 2");
    long reads = Long.parseLong(value(lines, "[READ], Return=OK"));
    long updates = Long.parseLong(value(lines, "[UPDATE], Return=OK"));
    assertThat(reads + updates).isEqualTo(3000);
  }

  static String value(List<String> lines, String prefix) {
    return lines.stream()
        .filter(l -> l.startsWith(prefix + ", "))
        .findFirst()
        .orElseThrow()
        .substring(prefix.length() + 2);
  }

  @Test
  void measurementOrderIsYcsbsForEveryWorkload() {
    assertThat(names(workloadFile("f").binding("basic").operationCount(500).run()))
        .containsExactly("READ", "READ-MODIFY-WRITE", "CLEANUP", "UPDATE");
    assertThat(names(workloadFile("e").binding("basic").operationCount(500).run()))
        .containsExactly("CLEANUP", "INSERT", "SCAN");
    assertThat(names(workloadFile("d").binding("basic").operationCount(500).run()))
        .containsExactly("READ", "CLEANUP", "INSERT");
    assertThat(names(workloadFile("a").binding("basic").recordCount(100).load()))
        .containsExactly("CLEANUP", "INSERT");
  }

  static List<String> names(RunResult r) {
    return text(r, ReportFormat.TEXT).stream()
        .filter(l -> l.endsWith("") && l.contains("], Operations, "))
        .map(l -> l.substring(1, l.indexOf(']')))
        .toList();
  }

  @Test
  void intervalBothAddsIntendedBlocksWithoutReturnLines() {
    RunResult r =
        workloadFile("a")
            .binding("basic")
            .property("basicdb.simulatedelay", "1")
            .operationCount(400)
            .threads(2)
            .target(400)
            .property("measurement.interval", "both")
            .property("hdrhistogram.percentiles", "50,99.9")
            .run();
    List<String> lines = text(r, ReportFormat.TEXT);
    assertThat(lines)
        .anyMatch(l -> l.matches("\\[Intended-READ\\], 99\\.9PercentileLatency\\(us\\), \\d+"));
    assertThat(lines).anyMatch(l -> l.matches("\\[READ\\], 50thPercentileLatency\\(us\\), \\d+"));
    assertThat(lines).noneMatch(l -> l.startsWith("[Intended-") && l.contains("Return="));
    int lastPlain =
        lines.lastIndexOf(
            lines.stream()
                .filter(l -> l.startsWith("[UPDATE], Return="))
                .findFirst()
                .orElseThrow());
    int firstIntended =
        lines.indexOf(
            lines.stream().filter(l -> l.startsWith("[Intended-")).findFirst().orElseThrow());
    assertThat(firstIntended).isGreaterThan(lastPlain);
  }

  @Test
  void alwaysFailingOperationPrintsLikeYcsb() {
    RunResult r =
        workloadFile("a")
            .binding(new io.hbload.core.exec.EngineTestAccess().failingUpdates())
            .operationCount(1000)
            .run();
    List<String> lines = text(r, ReportFormat.TEXT);
    assertThat(lines)
        .contains(
            "[UPDATE], Operations, 0",
            "[UPDATE], AverageLatency(us), NaN",
            "[UPDATE], MinLatency(us), 9223372036854775807",
            "[UPDATE], MaxLatency(us), 0");
    assertThat(lines).anyMatch(l -> l.matches("\\[UPDATE\\], Return=ERROR, \\d+"));
    assertThat(lines).anyMatch(l -> l.matches("\\[UPDATE-FAILED\\], Operations, \\d+"));
  }

  @Test
  void jsonExportersAndResultAreValidJson() throws Exception {
    RunResult r = workloadFile("a").binding("basic").operationCount(200).run();
    ObjectMapper mapper = new ObjectMapper();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ReportWriter.write(YcsbReport.records(r), ReportFormat.JSON_ARRAY, new PrintStream(out, true));
    JsonNode array = mapper.readTree(out.toString(StandardCharsets.UTF_8));
    assertThat(array.isArray()).isTrue();
    assertThat(array.get(0).get("metric").asText()).isEqualTo("OVERALL");
    assertThat(array.get(0).get("measurement").asText()).isEqualTo("RunTime(ms)");
    out.reset();
    ReportWriter.write(YcsbReport.records(r), ReportFormat.JSON, new PrintStream(out, true));
    assertThat(out.toString(StandardCharsets.UTF_8))
        .startsWith(
            "{"
                + System.lineSeparator()
                + "  \"metric\" : \"OVERALL\","
                + System.lineSeparator()
                + "  \"measurement\" : \"RunTime(ms)\",")
        .doesNotEndWith("\n");
    JsonNode doc = mapper.readTree(JsonResult.render(r));
    assertThat(doc.get("operations").asLong()).isEqualTo(200);
    JsonNode read = doc.get("measurements").get(0);
    assertThat(read.get("serviceMicros").has("p99.999")).isTrue();
    assertThat(read.get("intendedMicros").get("count").asLong())
        .isEqualTo(read.get("operations").asLong());
    assertThat(doc.get("environment").get("availableProcessors").asInt()).isPositive();
  }

  /**
   * Both JSON exporters write what YCSB 0.17.0's own exporters (Jackson 1.9) write for the same
   * records, byte for byte: a real run's report, and names a binding might report that need
   * escaping (quote, backslash, control characters, a character outside the BMP) with the values
   * YCSB's numbers take (int, long, double, NaN).
   */
  @Test
  void jsonExportersWriteWhatYcsbsOwnExportersWrite() throws Exception {
    List<ReportRecord> records =
        new ArrayList<>(
            YcsbReport.records(workloadFile("a").binding("basic").operationCount(200).run()));
    records.add(new ReportRecord("SAY \"HI\"\\", "tab\tnl\ncr\rbs\bff\f\u0001\u001f\u007f", 3));
    records.add(new ReportRecord("EMOJI \ud83d\ude00 \u2028", "Max", 1234567890123L));
    records.add(new ReportRecord("X", "NaN", Double.NaN));
    records.add(new ReportRecord("X", "Inf", Double.NEGATIVE_INFINITY));
    records.add(new ReportRecord("X", "small", 1e-5));
    for (boolean array : new boolean[] {false, true}) {
      ByteArrayOutputStream ours = new ByteArrayOutputStream();
      ReportWriter.write(
          records,
          array ? ReportFormat.JSON_ARRAY : ReportFormat.JSON,
          new PrintStream(ours, true, Charset.defaultCharset()));
      assertThat(ours.toString(Charset.defaultCharset())).isEqualTo(ycsb(records, array));
    }
  }

  /** What YCSB 0.17.0's exporter writes for the records, through its own write(int|long|double). */
  private static String ycsb(List<ReportRecord> records, boolean array) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    // YCSB's exporter writes through an OutputStreamWriter in the default charset, so ours is
    // compared in that one
    MeasurementsExporter e =
        array ? new JSONArrayMeasurementsExporter(out) : new JSONMeasurementsExporter(out);
    for (ReportRecord r : records) {
      if (r.value() instanceof Integer i) {
        e.write(r.metric(), r.measurement(), i);
      } else if (r.value() instanceof Long l) {
        e.write(r.metric(), r.measurement(), l);
      } else {
        e.write(r.metric(), r.measurement(), ((Number) r.value()).doubleValue());
      }
    }
    e.close();
    return out.toString(Charset.defaultCharset());
  }

  static final Pattern STATUS =
      Pattern.compile(
          "^(.*)\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d:\\d{3} \\d+ sec: \\d+ operations; "
              + "(([\\d.]+|∞) current ops/sec; )?(est completion in (\\d+ days? )?(\\d+ hours? )?(\\d+ minutes? )?(\\d+ seconds? )?)?"
              + "(\\[(Intended-)?[A-Z-]+: Count=\\d+, Max=\\d+, Min=\\d+, Avg=[\\d.]+, 90=\\d+, 99=\\d+, 99\\.9=\\d+, 99\\.99=\\d+\\] )*$");

  @Test
  void statusLinesMatchYcsbsFormat() {
    List<String> lines = new ArrayList<>();
    RunSpec spec =
        workloadFile("a")
            .binding("basic")
            .property("basicdb.simulatedelay", "1")
            .operationCount(1500)
            .threads(2)
            .target(1000)
            .property("status.interval", "0.25")
            .property("label", "run7 ")
            .status(true)
            .spec(Phase.RUN);
    RunListener capture =
        new RunListener() {
          @Override
          public void interval(RunSpec s, StatusSnapshot snapshot) {
            lines.add(StatusLine.format(s, snapshot));
          }
        };
    try {
      new Runner(spec, new PrintStream(java.io.OutputStream.nullOutputStream()), capture).run();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
    assertThat(lines.size()).isGreaterThanOrEqualTo(4);
    for (String l : lines) {
      assertThat(l).matches(STATUS).startsWith("run7 ");
    }
    String middle = lines.get(2);
    assertThat(middle)
        .contains(" current ops/sec; est completion in ")
        .contains("[READ: Count=")
        .contains("[UPDATE: Count=")
        .contains("[Intended-READ: Count="); // throttled: the corrected figures too
    assertThat(lines.get(lines.size() - 1))
        .contains(" 1500 operations; ")
        .doesNotContain("est completion");
  }

  @Test
  void remainingTimeIsFormattedAsYcsbDoes() {
    assertThat(StatusLine.remaining(5)).isEqualTo("5 second ");
    assertThat(StatusLine.remaining(42)).isEqualTo("42 seconds ");
    assertThat(StatusLine.remaining(600)).isEqualTo("10 minutes ");
    assertThat(StatusLine.remaining(3700)).isEqualTo("1 hour 1 minute ");
    assertThat(StatusLine.remaining(90_000)).isEqualTo("1 day 1 hour ");
    assertThat(StatusLine.remaining(Long.MAX_VALUE)).isEqualTo("106751991167300 days 15 hours ");
  }

  @Test
  void percentileNamesAreYcsbOrdinals() {
    assertThat(YcsbReport.ordinal(95)).isEqualTo("95th");
    assertThat(YcsbReport.ordinal(1)).isEqualTo("1st");
    assertThat(YcsbReport.ordinal(2)).isEqualTo("2nd");
    assertThat(YcsbReport.ordinal(3)).isEqualTo("3rd");
    assertThat(YcsbReport.ordinal(11)).isEqualTo("11th");
    assertThat(YcsbReport.ordinal(99.9)).isEqualTo("99.9");
  }

  @Test
  void hlogIsReadableByHdrHistogramsReaderAndProcessor() throws Exception {
    Path hlog = dir.resolve("run.hlog");
    RunSpec spec =
        oneMillisecondCalls("a")
            .operationCount(600)
            .threads(2)
            .target(600)
            .property("status.interval", "0.2")
            .spec(Phase.RUN);
    try (HlogWriter writer = new HlogWriter(hlog)) {
      new Runner(spec, new PrintStream(java.io.OutputStream.nullOutputStream()), writer).run();
    }
    HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
    long readIntended = 0;
    long readService = 0;
    java.util.Set<String> tags = new java.util.TreeSet<>();
    EncodableHistogram h;
    while ((h = reader.nextIntervalHistogram()) != null) {
      tags.add(h.getTag());
      org.HdrHistogram.Histogram hist = (org.HdrHistogram.Histogram) h;
      if ("READ.intended".equals(h.getTag())) {
        readIntended += hist.getTotalCount();
      }
      if ("READ.service".equals(h.getTag())) {
        readService += hist.getTotalCount();
        assertThat(hist.getValueAtPercentile(50)).isGreaterThan(500_000); // ns: the 1 ms delay
      }
    }
    assertThat(tags)
        .contains(
            "READ.service",
            "READ.intended",
            "UPDATE.service",
            "UPDATE.intended",
            "CLEANUP.service");
    assertThat(readIntended).isEqualTo(readService).isPositive();
    // HdrHistogram's own command-line processor slices it by tag
    Path out = dir.resolve("read");
    new org.HdrHistogram.HistogramLogProcessor(
            new String[] {
              "-i",
              hlog.toString(),
              "-o",
              out.toString(),
              "-tag",
              "READ.intended",
              "-outputValueUnitRatio",
              "1000"
            })
        .run();
    List<String> summary = Files.readAllLines(Path.of(out + ".hgrm"));
    assertThat(summary).anyMatch(l -> l.startsWith("#[Mean"));
    assertThat(summary)
        .anyMatch(l -> l.contains("Total count") && !l.contains("Total count    =            0"));
  }
}
