package io.hbload.cli;

import static io.hbload.cli.CommandOutput.reportValue;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbload.cli.contract.ExitCode;
import io.hbload.core.testing.TraceFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbload replay} on the basic and memory bindings, on virtual time (a trace of seconds runs
 * in milliseconds, and a record's send skew is exactly what the engine added): the records follow
 * the trace's timing and {@code --speed}, or a fixed {@code --rate}; the report counts each
 * operation, says the skew and the spans, and the JSON carries the same lines; writes leave rows a
 * later read finds, and {@code --load} makes the first reads hit; a damaged line past the preview
 * stops the run with its report and exit 1.
 */
class ReplayCommandTest {
  @TempDir Path dir;

  private Path hbloadTrace() {
    // 5 records over 4 s of trace time: 0, 1, 2.5, 4 (two at 4)
    return TraceFiles.write(
        dir.resolve("t.hbload.csv"),
        List.of(
            "time,op,key,valuesize",
            "100,write,alpha,200",
            "101,read,alpha,",
            "102.5,write,beta,50",
            "104,read,beta,",
            "104,delete,alpha,0"));
  }

  @Test
  void theTraceIsReplayedAtItsOwnTimingAndSpeedDividesIt() throws IOException {
    Path json = dir.resolve("r.json");
    CommandOutput own =
        CommandOutput.onVirtualTime(
            "replay", hbloadTrace().toString(), "-db", "memory", "--json", json.toString());
    assertThat(own.exit()).as(own.err()).isZero();
    String report = own.out();
    assertThat(reportValue(report, "REPLAY", "Records")).isEqualTo(5);
    assertThat(reportValue(report, "REPLAY", "Reads")).isEqualTo(2);
    assertThat(reportValue(report, "REPLAY", "Writes")).isEqualTo(2);
    assertThat(reportValue(report, "REPLAY", "Deletes")).isEqualTo(1);
    assertThat(reportValue(report, "REPLAY", "TraceSpan(s)")).isEqualTo(4.0);
    // on virtual time each record goes out exactly at its time: the replay spans the trace
    assertThat(reportValue(report, "REPLAY", "ReplaySpan(s)")).isEqualTo(4.0);
    assertThat(reportValue(report, "REPLAY", "SendSkewMax(us)")).isZero();
    assertThat(reportValue(report, "READ", "Operations")).isEqualTo(2);
    assertThat(reportValue(report, "UPDATE", "Operations")).isEqualTo(2);
    assertThat(reportValue(report, "DELETE", "Operations")).isEqualTo(1);
    // both reads come after their key's write: both found
    assertThat(reportValue(report, "READ", "Return=OK")).isEqualTo(2);
    JsonNode doc = new ObjectMapper().readTree(json.toFile());
    // the JSON holds the replay's lines, and latency from each record's scheduled time
    assertThat(doc.toString()).contains("SendSkewP99(us)").contains("ReplaySpan(s)");
    JsonNode read = null;
    for (JsonNode m : doc.path("measurements")) {
      if (m.path("name").asText().equals("READ")) {
        read = m;
      }
    }
    assertThat(read).isNotNull();
    assertThat(read.path("intendedMicros").isObject()).as(read.toString()).isTrue();

    CommandOutput fast =
        CommandOutput.onVirtualTime(
            "replay", hbloadTrace().toString(), "-db", "memory", "--speed", "4");
    assertThat(fast.exit()).as(fast.err()).isZero();
    assertThat(reportValue(fast.out(), "REPLAY", "ReplaySpan(s)")).isEqualTo(1.0);
    assertThat(reportValue(fast.out(), "REPLAY", "Records")).isEqualTo(5);
  }

  @Test
  void aRateSendsTheRecordsInTraceOrderAtThatRate() {
    Path trace = TraceFiles.write(dir.resolve("t.csv"), TraceFiles.twitterTrace(3, 400, 100));
    CommandOutput o =
        CommandOutput.onVirtualTime(
            "replay", trace.toString(), "-db", "basic", "--rate", "2000", "-threads", "2");
    assertThat(o.exit()).as(o.err()).isZero();
    assertThat(reportValue(o.out(), "REPLAY", "Records")).isEqualTo(1200);
    // 1,200 records at 2,000/s: the last one 0.5995 s after the first
    assertThat(reportValue(o.out(), "REPLAY", "ReplaySpan(s)"))
        .isEqualTo(0.6, org.assertj.core.api.Assertions.within(0.001));
    assertThat(reportValue(o.out(), "REPLAY", "TraceSpan(s)")).isEqualTo(2.0);
  }

  @Test
  void aTwitterTracesReadsHitAfterLoadAndMissWithout() {
    // the first 100 records read keys never written before: without --load they miss
    Path trace = TraceFiles.write(dir.resolve("t.csv.zst"), TraceFiles.twitterTrace(2, 300, 100));
    CommandOutput cold =
        CommandOutput.onVirtualTime("replay", trace.toString(), "-db", "memory", "--speed", "10");
    assertThat(cold.exit()).as(cold.err()).isZero();
    assertThat(reportValue(cold.out(), "READ", "Return=NOT_FOUND")).isGreaterThanOrEqualTo(100);
    CommandOutput loaded =
        CommandOutput.onVirtualTime(
            "replay", trace.toString(), "-db", "memory", "--speed", "10", "--load", "-s");
    assertThat(loaded.exit()).as(loaded.err()).isZero();
    assertThat(loaded.err())
        .contains("loading the keys the trace reads before it writes them (--load)")
        .contains("[REPLAY] ")
        .contains("SendSkew(us) p50=0, p99=0, max=0");
    assertThat(loaded.out()).doesNotContain("[READ], Return=NOT_FOUND");
    double reads = reportValue(loaded.out(), "READ", "Operations");
    assertThat(reportValue(loaded.out(), "READ", "Return=OK")).isEqualTo(reads);
    assertThat(reportValue(loaded.out(), "REPLAY", "Records")).isEqualTo(600);
  }

  @Test
  void aDamagedLinePastThePreviewStopsTheReplayWithItsReport() {
    List<String> lines = new ArrayList<>(TraceFiles.twitterTrace(3, 1000, 100));
    lines.set(2500, "1600000002,k9,2,10,7,touch,0");
    Path trace = TraceFiles.write(dir.resolve("bad.csv.gz"), lines);
    CommandOutput o =
        CommandOutput.onVirtualTime("replay", trace.toString(), "-db", "basic", "--speed", "10");
    assertThat(o.exit()).as(o.err()).isEqualTo(ExitCode.FAILURE);
    assertThat(o.err()).contains(trace + ":2501: unknown operation 'touch'");
    assertThat(o.out()).contains("[OVERALL], RunTime(ms)");
    assertThat(reportValue(o.out(), "REPLAY", "Records")).isEqualTo(2500);
    assertThat(o.out()).contains("[REPLAY], TraceSpan(s), not read to its end");
  }
}
