package io.hbload.mapreduce.pe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.cli.HbloadCommand;
import io.hbload.hbase.pe.PeClientResult;
import io.hbload.hbase.pe.PeExecution;
import io.hbload.hbase.pe.PeScanOptions;
import io.hbload.hbase.pe.PeSpec;
import io.hbload.hbase.pe.PeTableOptions;
import io.hbload.hbase.pe.PeTest;
import io.hbload.hbase.pe.PeWorkload;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a {@code mapreduce pe} task commits of its client, and its latencies taken back from a real
 * shard log: the figures round-trip, and the histogram read from an {@code .hlog} holds exactly the
 * run's calls of the command's measurement (successes and failures), none of the others'.
 */
class PeShardResultTest {
  @TempDir Path dir;

  @Test
  void aClientsFiguresRoundTripAndGetTheirLatenciesBack() {
    Histogram own = new Histogram(3);
    own.recordValue(1_500);
    own.recordValue(2_500_000);
    PeClientResult client = new PeClientResult(3, 900, 300, 1234, own, 17, 20, 2, 1, 8);
    PeShardResult shard = PeShardResult.parse(PeShardResult.of(client).lines(), "shard-00003.pe");
    assertThat(shard).isEqualTo(new PeShardResult(3, 900, 300, 1234, 17, 20, 2, 1, 8, 2));
    PeClientResult back = shard.withLatency(own);
    assertThat(back.index()).isEqualTo(3);
    assertThat(back.startRow()).isEqualTo(900);
    assertThat(back.latencyNanos().getTotalCount()).isEqualTo(2);
  }

  @Test
  void anythingElseIsRefusedNamingTheFile() {
    assertThatThrownBy(() -> PeShardResult.parse(List.of("#hbload-dfsio-shard 1"), "x.pe"))
        .hasMessage("x.pe: not an hbload pe shard result");
    assertThatThrownBy(() -> PeShardResult.parse(List.of("#hbload-pe-shard 1", "index=1"), "y.pe"))
        .hasMessageStartingWith("y.pe: malformed pe shard result");
  }

  @Test
  void aShardLogGivesTheCommandsServiceTimesOnly() {
    // a real shard's log (basic binding, workload a: reads and updates); PE's randomRead is
    // measured as READ
    Path hlog = dir.resolve("shard-00000.hlog");
    StringWriter out = new StringWriter();
    var cl = HbloadCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(new StringWriter(), true));
    int exit =
        cl.execute(
            "run",
            "-w",
            "a",
            "-db",
            "basic",
            "--shard",
            "0/2",
            "-p",
            "operationcount=400",
            "-p",
            "recordcount=100",
            "--hlog",
            hlog.toString());
    assertThat(exit).isZero();

    Histogram reads = PeClients.latency(hlog, spec(PeTest.RANDOM_READ));
    Histogram writes = PeClients.latency(hlog, spec(PeTest.SEQUENTIAL_WRITE));
    assertThat(reads.getTotalCount()).isEqualTo(count(out.toString(), "READ")).isPositive();
    assertThat(writes.getTotalCount()).as("no INSERT in workload a's run").isZero();
  }

  private static long count(String report, String op) {
    Matcher m =
        Pattern.compile("^\\[" + op + "], Operations, (\\d+)$", Pattern.MULTILINE).matcher(report);
    assertThat(m.find()).as(report).isTrue();
    return Long.parseLong(m.group(1));
  }

  private static PeSpec spec(PeTest test) {
    return PeSpec.validated(
        new PeWorkload(test, 1, 100, false, false, 0, true, 0, 0),
        100,
        null,
        0,
        PeTableOptions.peDefaults(),
        new PeExecution(2, false, false, 0, 1.0f, 0, 0),
        PeScanOptions.peDefaults());
  }
}
