package io.hbload.hdfs.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StoragePolicyTest {
  @Test
  void built_in_ec_policies_by_name() {
    StoragePolicy rs63 = StoragePolicy.parse("RS-6-3-1024k", 3);
    assertThat(rs63.isErasureCoded()).isTrue();
    assertThat(rs63.dataUnits()).isEqualTo(6);
    assertThat(rs63.parityUnits()).isEqualTo(3);
    assertThat(rs63.cellBytes()).isEqualTo(1 << 20);
    assertThat(rs63.codec()).isEqualTo("rs");
    assertThat(rs63.dataNodesForFullWidth()).isEqualTo(9);
    assertThat(rs63.label()).isEqualTo("rs-6-3-1024k");
    assertThat(StoragePolicy.parse("rs-10-4-1024k", 3).dataNodesForFullWidth()).isEqualTo(14);
    assertThat(StoragePolicy.parse("XOR-2-1-1024k", 3).codec()).isEqualTo("xor");
  }

  @Test
  void replication() {
    StoragePolicy rep = StoragePolicy.parse("replication", 3);
    assertThat(rep.isErasureCoded()).isFalse();
    assertThat(rep.dataNodesForFullWidth()).isEqualTo(3);
    assertThat(rep.label()).isEqualTo("replication-3");
    assertThatThrownBy(() -> StoragePolicy.parse("REPLICATION", 0))
        .isInstanceOf(BadInputException.class);
  }

  @Test
  void unknown_policy_lists_the_known_ones() {
    assertThatThrownBy(() -> StoragePolicy.parse("RS-7-1-1024k", 3))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("unknown policy 'RS-7-1-1024k'")
        .hasMessageContaining("RS-6-3-1024k");
  }
}
