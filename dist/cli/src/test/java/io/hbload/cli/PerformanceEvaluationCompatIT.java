package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.hbase.pe.PeLayout;
import io.hbload.hbase.testkit.HBaseExtension;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.PerformanceEvaluation;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * hbload pe and HBase's own PerformanceEvaluation (hbase-mapreduce's tests jar, same HBase version,
 * run in-process with --nomapred through ToolRunner) on one embedded cluster read each other's
 * rows. PE does not check what it reads, and would silently drop and re-create a table whose
 * families differ from its options; so each direction ends with hbload's sequentialRead, which
 * checks every row and value: the rows are still there and PE-shaped.
 */
class PerformanceEvaluationCompatIT {
  @RegisterExtension static final HBaseExtension HBASE = HBaseExtension.shared();

  private static int pe(String... args) throws Exception {
    return ToolRunner.run(new PerformanceEvaluation(HBASE.hbase().configuration()), args);
  }

  private static CommandOutput hbloadPe(String... args) {
    List<String> argv =
        new ArrayList<>(
            List.of(
                "pe",
                "--nomapred",
                "--zk=" + HBASE.hbase().zkQuorum() + ":" + HBASE.hbase().zkPort()));
    argv.addAll(Arrays.asList(args));
    CommandOutput o = CommandOutput.of(HbloadCommand.commandLine(), argv.toArray(new String[0]));
    assertThat(o.exit()).as("%s%n%s%n%s", argv, o.out(), o.err()).isZero();
    return o;
  }

  @Test
  void sameRowKeysFamilyQualifierAndValueShapeAsPe() {
    assertThat(PeLayout.DEFAULT_TABLE).isEqualTo(PerformanceEvaluation.TABLE_NAME);
    assertThat(PeLayout.family(0)).isEqualTo(PerformanceEvaluation.FAMILY_ZERO);
    assertThat(PeLayout.qualifier(0)).isEqualTo(PerformanceEvaluation.COLUMN_ZERO);
    assertThat(PeLayout.ROW_LENGTH).isEqualTo(PerformanceEvaluation.ROW_LENGTH);
    assertThat(PeLayout.DEFAULT_VALUE_SIZE).isEqualTo(PerformanceEvaluation.DEFAULT_VALUE_LENGTH);
    for (int row : new int[] {0, 1, 9, 10, 12345, 1048575, Integer.MAX_VALUE}) {
      assertThat(new String(PeLayout.rowKey(row), StandardCharsets.US_ASCII))
          .isEqualTo(new String(PerformanceEvaluation.format(row), StandardCharsets.US_ASCII));
    }
    for (int length = 1; length <= 1100; length += 37) {
      byte[] data = PerformanceEvaluation.generateData(length);
      assertThat(PeLayout.wellFormed(data, 0, length)).as("PE's data of %d bytes", length).isTrue();
    }
  }

  @Test
  void peReadsWhatHbloadWrites() throws Exception {
    hbloadPe("--rows=300", "--valueSize=200", "--table=HbloadWritten", "sequentialWrite", "2");
    assertThat(
            pe(
                "--nomapred",
                "--rows=300",
                "--valueSize=200",
                "--table=HbloadWritten",
                "sequentialRead",
                "2"))
        .isZero();
    assertThat(
            pe(
                "--nomapred",
                "--rows=300",
                "--valueSize=200",
                "--table=HbloadWritten",
                "randomRead",
                "2"))
        .isZero();
    CommandOutput check =
        hbloadPe("--rows=300", "--valueSize=200", "--table=HbloadWritten", "sequentialRead", "2");
    assertThat(check.out()).contains("[READ], Return=OK, 598\n").doesNotContain("READ-FAILED");
  }

  @Test
  void hbloadReadsWhatPeWrites() throws Exception {
    assertThat(
            pe(
                "--nomapred",
                "--rows=300",
                "--valueSize=200",
                "--table=PeWritten",
                "sequentialWrite",
                "2"))
        .isZero();
    CommandOutput read =
        hbloadPe("--rows=300", "--valueSize=200", "--table=PeWritten", "sequentialRead", "2");
    assertThat(read.out())
        .contains("[READ], Return=OK, 598\n")
        .doesNotContain("READ-FAILED")
        .doesNotContain("missing or malformed");
    CommandOutput scan =
        hbloadPe("--rows=300", "--valueSize=200", "--table=PeWritten", "scanRange100", "2");
    assertThat(scan.out()).contains("[SCAN], Return=OK, 598\n");
  }
}
