package io.hbload.cli;

import static io.hbload.cli.CommandOutput.reportValue;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.testing.TraceFiles;
import io.hbload.hbase.testkit.HBaseExtension;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbload replay} against the shared embedded HBase found by its address, as a real cluster
 * is (on a table of its own, made by a load first as for {@code run}): a generated Twitter-format
 * trace replays with every operation counted and its send skew reported; with {@code --load} its
 * reads hit; the rows its writes made are there for a later replay's reads.
 */
class ReplayHBaseIT {
  @RegisterExtension static final HBaseExtension HBASE = HBaseExtension.shared();

  @TempDir static Path dir;

  @BeforeAll
  static void table() {
    CommandOutput o = hbload("load", "-w", "c", "-p", "recordcount=10");
    assertThat(o.exit()).as(o.err()).isZero();
  }

  private static CommandOutput hbload(String... args) {
    List<String> argv = new ArrayList<>(List.of(args));
    argv.addAll(List.of("-p", "table=replay"));
    return CommandOutput.onCluster(HBASE.hbase(), argv.toArray(new String[0]));
  }

  @Test
  void aTwitterTraceReplaysWithItsReadsHitAfterLoadAndItsSkewReported() {
    // 3 s of 300 records a second over 200 keys (each read first, then set and gets in turn), x3
    Path trace =
        TraceFiles.write(dir.resolve("cluster.csv.gz"), TraceFiles.twitterTrace(3, 300, 200));
    CommandOutput o = hbload("replay", trace.toString(), "--speed", "3", "--load", "-s");
    assertThat(o.exit()).as(o.err()).isZero();
    String report = o.out();
    assertThat(reportValue(report, "REPLAY", "Records")).isEqualTo(900);
    double reads = reportValue(report, "REPLAY", "Reads");
    double writes = reportValue(report, "REPLAY", "Writes");
    double deletes = reportValue(report, "REPLAY", "Deletes");
    assertThat(reads + writes + deletes).isEqualTo(900);
    assertThat(reportValue(report, "READ", "Operations")).isEqualTo(reads);
    assertThat(reportValue(report, "UPDATE", "Operations")).isEqualTo(writes);
    assertThat(reportValue(report, "DELETE", "Operations")).isEqualTo(deletes);
    // every key read was loaded or written before: no read missed (a deleted key is read only
    // after it is set again in this trace)
    assertThat(report).doesNotContain("[READ], Return=NOT_FOUND");
    assertThat(reportValue(report, "READ", "Return=OK")).isEqualTo(reads);
    assertThat(report)
        .contains("[REPLAY], SendSkewP99(us), ")
        .contains("[REPLAY], SendSkewMax(us), ");
    assertThat(reportValue(report, "REPLAY", "TraceSpan(s)")).isEqualTo(2.0);
    // 3 s of trace at x3: about 1 s of replay (the second's spread, less its last slot)
    assertThat(reportValue(report, "REPLAY", "ReplaySpan(s)")).isBetween(0.9, 1.5);
    assertThat(o.err()).contains("[REPLAY] ").contains("SendSkew(us) p50=");
  }

  @Test
  void theRowsATracesWritesMadeAreThereForTheNextReplaysReads() {
    List<String> writes = new ArrayList<>(List.of("time,op,key,valuesize"));
    List<String> reads = new ArrayList<>(List.of("time,op,key,valuesize"));
    for (int i = 0; i < 50; i++) {
      writes.add(TraceFiles.hbload(i / 100.0, "write", "order:" + i, 64 + i));
      reads.add(TraceFiles.hbload(i / 100.0, "read", "order:" + i, 0));
    }
    reads.add(TraceFiles.hbload(0.5, "read", "never-written", 0));
    Path w = TraceFiles.write(dir.resolve("writes.hbload.csv.zst"), writes);
    Path r = TraceFiles.write(dir.resolve("reads.hbload.csv"), reads);
    CommandOutput wrote = hbload("replay", w.toString(), "--rate", "500");
    assertThat(wrote.exit()).as(wrote.err()).isZero();
    assertThat(reportValue(wrote.out(), "UPDATE", "Return=OK")).isEqualTo(50);
    CommandOutput read = hbload("replay", r.toString());
    assertThat(read.exit()).as(read.err()).isZero();
    assertThat(reportValue(read.out(), "READ", "Return=OK")).isEqualTo(50);
    assertThat(reportValue(read.out(), "READ", "Return=NOT_FOUND")).isEqualTo(1);
  }
}
