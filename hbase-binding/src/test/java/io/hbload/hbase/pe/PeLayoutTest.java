package io.hbload.hbase.pe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.config.SpecException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.hbase.MemoryCompactionPolicy;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.junit.jupiter.api.Test;

/** PE's row keys, values, rows/size rules and latency line, without a cluster. */
class PeLayoutTest {
  @Test
  void rowKeysAreTwentySixZeroPaddedDigits() {
    assertThat(new String(PeLayout.rowKey(0), StandardCharsets.US_ASCII))
        .isEqualTo("00000000000000000000000000");
    assertThat(new String(PeLayout.rowKey(1234567), StandardCharsets.US_ASCII))
        .isEqualTo("00000000000000000001234567");
    assertThat(new String(PeLayout.rowKey(-42), StandardCharsets.US_ASCII))
        .isEqualTo("00000000000000000000000042");
  }

  @Test
  void valuesAreRunsOfEightLettersAndTheCheckTellsThemApart() {
    byte[] v = new byte[1000];
    PeLayout.value(new SplittableRandom(1), v, 1000);
    assertThat(PeLayout.wellFormed(v, 0, 1000)).isTrue();
    for (int i = 0; i < 1000; i += 8) {
      assertThat(v[i]).isBetween((byte) 'A', (byte) 'Z');
      assertThat(v[Math.min(999, i + 7)]).isEqualTo(v[i]);
    }
    v[13] = (byte) (v[13] == 'A' ? 'B' : 'A');
    assertThat(PeLayout.wellFormed(v, 0, 1000)).isFalse();
    assertThat(PeLayout.wellFormed("user1234".getBytes(StandardCharsets.US_ASCII), 0, 8)).isFalse();
  }

  private static PeSpec spec(PeTest test, int clients, Integer rows, Float size) {
    return PeSpec.validated(
        new PeWorkload(test, 1, 1000, false, false, 0, true, 0, 0),
        rows,
        size,
        0,
        PeTableOptions.peDefaults(),
        new PeExecution(clients, false, false, 0, 1f, 0, 0),
        PeScanOptions.peDefaults());
  }

  @Test
  void rowsAndSizeAsPeDerivesThem() {
    PeSpec byRows = spec(PeTest.SEQUENTIAL_WRITE, 4, 100, null);
    assertThat(byRows.rows().perClientRows()).isEqualTo(100);
    assertThat(byRows.rows().totalRows()).isEqualTo(400);
    assertThat(byRows.firstRow(3)).isEqualTo(300);
    PeSpec bySize = spec(PeTest.SEQUENTIAL_WRITE, 4, null, 2f);
    assertThat(bySize.rows().totalRows()).isEqualTo(2 * 1048576);
    assertThat(bySize.rows().perClientRows()).isEqualTo(1048576 / 2);
    assertThat(spec(PeTest.SEQUENTIAL_WRITE, 2, null, null).rows().perClientRows())
        .isEqualTo(1048576);
    // random reads: --size is the key range, --rows what each client reads in it
    PeSpec both = spec(PeTest.RANDOM_READ, 2, 10, 3f);
    assertThat(both.rows().perClientRows()).isEqualTo(10);
    assertThat(both.rows().totalRows()).isEqualTo(3 * 1048576);
    assertThat(spec(PeTest.INCREMENT, 3, 10, null).firstRow(2))
        .as("check-and-set clients overlap")
        .isZero();
  }

  @Test
  void everyProblemIsReportedAtOnce() {
    assertThatThrownBy(
            () ->
                PeSpec.validated(
                    new PeWorkload(PeTest.SEQUENTIAL_WRITE, 1, 1000, false, false, 0, true, 0, 5),
                    0,
                    null,
                    0,
                    new PeTableOptions(
                        "TestTable",
                        0,
                        0,
                        1,
                        Compression.Algorithm.NONE,
                        DataBlockEncoding.NONE,
                        BloomType.ROW,
                        false,
                        512,
                        MemoryCompactionPolicy.NONE,
                        "not a class"),
                    new PeExecution(0, false, false, 0, 1f, -1, 0),
                    PeScanOptions.peDefaults()))
        .isInstanceOf(SpecException.class)
        .satisfies(
            e ->
                assertThat(((SpecException) e).problems())
                    .hasSize(7)
                    .anyMatch(m -> m.startsWith("--blockSize must be 1024 B to 16 MiB"))
                    .anyMatch(m -> m.startsWith("--splitPolicy must be a class name"))
                    .anyMatch(m -> m.startsWith("--randomSleep must be >= 0")));
  }

  @Test
  void latencyThresholdCountsTheOperationsAtOrOverIt() {
    Histogram h = new Histogram(3);
    for (int ms = 1; ms <= 10; ms++) {
      h.recordValue(ms * 1_000_000L);
    }
    assertThat(PeReport.countAtLeast(h, 5_000_000L))
        .isEqualTo(6); // 5 .. 10 ms, as PE's latency / 1000 >= 5
    assertThat(PeReport.countAtLeast(h, 11_000_000L)).isZero();
    assertThat(PeReport.countAtLeast(h, 1_000_000L)).isEqualTo(10);
  }

  @Test
  void latencyLineHasPesFieldsInMicroseconds() {
    Histogram h = new Histogram(3);
    for (int i = 1; i <= 1000; i++) {
      h.recordValue(i * 1000L);
    }
    String line = PeReport.latencyLine(h);
    assertThat(line)
        .matches(
            "mean=500\\.50, min=1\\.00, max=1000\\.\\d\\d, stdDev=288\\.\\d\\d, 50th=500\\.\\d\\d, "
                + "75th=750\\.\\d\\d, 95th=950\\.\\d\\d, 99th=990\\.\\d\\d, 99\\.9th=999\\.\\d\\d, 99\\.99th=1000\\.\\d\\d, "
                + "99\\.999th=1000\\.\\d\\d");
  }
}
