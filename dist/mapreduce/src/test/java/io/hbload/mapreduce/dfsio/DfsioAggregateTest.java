package io.hbload.mapreduce.dfsio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.hbload.hdfs.report.RunResult;
import io.hbload.hdfs.stream.FileResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The tasks' committed results, read back and aggregated as TestDFSIO aggregates its maps. */
class DfsioAggregateTest {
  private static final long MIB = 1 << 20;

  private static DfsioShardResult shard(
      int shard, String coder, long start, long end, FileResult... files) {
    return new DfsioShardResult(
        shard,
        coder,
        "rs_isal loaded from /tmp/x",
        start,
        end,
        0,
        500_000_000L,
        7,
        9,
        List.of(files));
  }

  @Test
  void aResultSurvivesItsFile() {
    DfsioShardResult r =
        shard(1, "rs_isal", 1000, 3000, new FileResult(2, 4 * MIB, 2_000_000_000L, 3, 5, 4 * MIB));
    assertThat(DfsioShardResult.parse(r.lines(), "f")).isEqualTo(r);
    assertThatThrownBy(() -> DfsioShardResult.parse(List.of("shard=1"), "shard-00001.dfsio"))
        .hasMessageContaining("shard-00001.dfsio");
  }

  @Test
  void testDfsioFiguresOverAllFilesAndTheUnionOfTheTasksWindows() {
    // file 0: 4 MiB in 1 s (4 MiB/s); file 1: 4 MiB in 2 s (2 MiB/s), in two tasks 1 s apart
    RunResult r =
        DfsioAggregate.of(
            "write",
            "RS-3-2-1024k",
            "hdfs",
            List.of(
                shard(
                    1,
                    "rs_isal",
                    11_000,
                    13_000,
                    new FileResult(1, 4 * MIB, 2_000_000_000L, 0, 0, 0)),
                shard(
                    0,
                    "rs_isal",
                    10_000,
                    11_000,
                    new FileResult(0, 4 * MIB, 1_000_000_000L, 1, 0, 0))),
            0.5);
    assertThat(r.files()).isEqualTo(2);
    assertThat(r.bytes()).isEqualTo(8 * MIB);
    assertThat(r.throughputMiBps())
        .as("total MiB / summed file time")
        .isCloseTo(8.0 / 3, within(1e-9));
    assertThat(r.avgIoRateMiBps()).as("mean of per-file rates").isCloseTo(3.0, within(1e-9));
    assertThat(r.ioRateStdDev()).isCloseTo(1.0, within(1e-9));
    assertThat(r.aggregateMiBps())
        .as("8 MiB over 3 s of wall clock")
        .isCloseTo(8.0 / 3, within(1e-9));
    assertThat(r.cpuCores()).as("1 s of task CPU over 3 s").isCloseTo(1.0 / 3, within(1e-9));
    assertThat(r.isalEncodeNanos()).isEqualTo(14);
    assertThat(r.mismatchedBytes()).isEqualTo(1);
    assertThat(r.coder()).isEqualTo("rs_isal");
  }

  @Test
  void tasksThatRanDifferentCodersSaySo() {
    assertThat(
            DfsioAggregate.coders(
                List.of(
                    shard(0, "rs_isal", 0, 1),
                    shard(1, "rs_java", 0, 1),
                    shard(2, "rs_isal", 0, 1))))
        .isEqualTo("rs_isal (2 tasks), rs_java (1 tasks)");
  }
}
