package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.cli.contract.ExitCode;
import org.junit.jupiter.api.Test;

/**
 * {@code hbload plan} offline on the seed's cluster (field notes, section 1): 5 RegionServers, 32
 * GB heap, 12.3 GB of L1 each (0.384375 x 32 GB), 128 GB hosts, workload a's row.
 */
class PlanCommandTest {
  private static CommandOutput plan(String records) {
    return CommandOutput.of(
        HbloadCommand.commandLine(),
        "plan",
        "--regionservers",
        "5",
        "--heap",
        "32g",
        "--blockcache",
        "0.384375",
        "--memstore",
        "0.4",
        "--host-memory",
        "128g",
        "-w",
        "a",
        "-db",
        "hbase",
        "-p",
        "recordcount=" + records);
  }

  @Test
  void fortyMillionRowsFitTheSeedsL1AndABillionExceedEverything() {
    CommandOutput fits = plan("40000000");
    assertThat(fits.exit()).as(fits.err()).isEqualTo(ExitCode.OK);
    assertThat(fits.out())
        .contains(
            "5 RegionServer(s), each: heap 32.0 GiB, L1 12.3 GiB, L2 0 B",
            "OS page cache ~96.0 GiB",
            "row: 1,57",
            "10 cells x 15",
            "23 KeyValue/HFile overhead")
        .containsPattern("fits in L1 +4[12],\\d{3},\\d{3} +6\\d\\.\\d GiB  100\\.0%")
        .containsPattern(
            "fits in OS page cache +32\\d,\\d{3},\\d{3} +480\\.0 GiB  7\\d\\.\\d% at the top")
        .contains("recordcount 40,000,000: fits in L1; dataset 58.");
    CommandOutput exceeds = plan("1000000000");
    assertThat(exceeds.exit()).isEqualTo(ExitCode.OK);
    assertThat(exceeds.out())
        .containsPattern(
            "recordcount 1,000,000,000: exceeds all; dataset 1\\.4 TiB; block-cache"
                + " hit ratio 7\\d\\.\\d%, reads from memory [89]\\d\\.\\d%");
  }

  @Test
  void optionsOfARunThatAPlanWouldIgnoreAreRefused() {
    CommandOutput o =
        CommandOutput.of(
            HbloadCommand.commandLine(),
            "plan",
            "--regionservers",
            "5",
            "--heap",
            "32g",
            "--blockcache",
            "0.4",
            "-w",
            "a",
            "--hlog",
            "x.hlog",
            "--shard",
            "0/2",
            "-threads",
            "8",
            "-target",
            "100");
    assertThat(o.exit()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(o.err().lines().toList()).hasSize(1);
    assertThat(o.err())
        .startsWith(
            "hbload plan: --hlog, --shard, -threads, -target are options of a run; plan runs "
                + "nothing");
    assertThat(o.out()).isEmpty();
  }
}
