package io.hbload.hbase.ycsb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class HbloadHBaseClientTest {
  @Test
  void statusesMapToYcsbsConstantsSoIdentityChecksWork() {
    assertThat(HbloadHBaseClient.status(io.hbload.core.binding.Status.OK))
        .isSameAs(site.ycsb.Status.OK);
    assertThat(HbloadHBaseClient.status(io.hbload.core.binding.Status.ERROR))
        .isSameAs(site.ycsb.Status.ERROR);
    assertThat(HbloadHBaseClient.status(io.hbload.core.binding.Status.NOT_FOUND))
        .isSameAs(site.ycsb.Status.NOT_FOUND);
    assertThat(HbloadHBaseClient.status(io.hbload.core.binding.Status.BATCHED_OK).isOk()).isTrue();
  }

  @Test
  void fieldsAndValuesCarryNamesAndNumbers() {
    ArrayFields f = new ArrayFields().set(List.of("field3", "field12"));
    assertThat(f.isAll()).isFalse();
    assertThat(f.count()).isEqualTo(2);
    assertThat(f.fieldIndex(1)).isEqualTo(12);
    assertThat(new String(f.nameBytes(0))).isEqualTo("field3");
    assertThat(f.set(null).isAll()).isTrue();
    ArrayValues v = new ArrayValues();
    for (int i = 0; i < 40; i++) {
      v.add("field" + i, new byte[] {(byte) i});
    }
    assertThat(v.count()).isEqualTo(40);
    assertThat(v.array(39)).containsExactly(39);
    assertThat(v.clear().count()).isZero();
  }
}
