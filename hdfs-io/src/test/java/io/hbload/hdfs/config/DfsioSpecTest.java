package io.hbload.hdfs.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DfsioSpecTest {
  private static final StoragePolicy RS63 = StoragePolicy.parse("RS-6-3-1024k", 3);

  @Test
  void reports_every_error_at_once() {
    assertThatThrownBy(
            () ->
                new DfsioSpec(
                    RS63, 0, 0, 0, 0, "relative", CoderChoice.AUTO, 4, HdfsSettings.embedded()))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--files")
        .hasMessageContaining("--size must be at least 1 byte")
        .hasMessageContaining("--streams")
        .hasMessageContaining("--buffer")
        .hasMessageContaining("--dir")
        .hasMessageContaining("--datanodes-down 4 exceeds what RS-6-3-1024k tolerates (3)");
  }

  @Test
  void degraded_reads_need_ec() {
    assertThatThrownBy(
            () ->
                new DfsioSpec(
                    StoragePolicy.replication(3),
                    1,
                    1,
                    1,
                    1,
                    "/d",
                    CoderChoice.AUTO,
                    1,
                    HdfsSettings.embedded()))
        .hasMessageContaining("--datanodes-down needs an EC policy");
  }

  @Test
  void with_policy_keeps_the_rest() {
    DfsioSpec spec =
        new DfsioSpec(RS63, 2, 10, 1, 1, "/d", CoderChoice.RS_JAVA, 3, HdfsSettings.embedded());
    DfsioSpec rep = spec.withPolicy(StoragePolicy.replication(3));
    assertThat(rep.dataNodesDown()).isZero();
    assertThat(rep.files()).isEqualTo(2);
    assertThat(rep.coder()).isEqualTo(CoderChoice.RS_JAVA);
    assertThat(spec.totalBytes()).isEqualTo(20);
  }

  @Test
  void coder_names() {
    assertThat(CoderChoice.parse("rs_isal")).isEqualTo(CoderChoice.RS_ISAL);
    assertThat(CoderChoice.parse("AUTO")).isEqualTo(CoderChoice.AUTO);
    assertThatThrownBy(() -> CoderChoice.parse("rs_fast")).isInstanceOf(BadInputException.class);
  }
}
