package io.hbload.gc.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.gc.ByteSize;
import io.hbload.gc.JdkRelease;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RegionSizeRuleTest {

  /** Measured on 17.0.15 and 25.0.3 (docs/g1-tuner.md section 2). */
  @ParameterizedTest(name = "JDK {0}: {1}g -> {2}M")
  @CsvSource({
    "17,1,1",
    "17,2,1",
    "17,4,2",
    "17,6,4",
    "17,8,4",
    "17,16,8",
    "17,20,16",
    "17,24,16",
    "17,31,16",
    "17,32,16",
    "17,40,32",
    "17,100,32",
    "17,1024,32",
    "25,6,4",
    "25,20,16",
    "25,1024,32",
    "21,64,32"
  })
  void jdk15PlusRoundsUp(int jdk, long heapGib, long regionMib) {
    assertThat(RegionSizeRule.ergonomicRegionBytes(JdkRelease.of(jdk), heapGib * ByteSize.GIB))
        .isEqualTo(regionMib * ByteSize.MIB);
  }

  @ParameterizedTest(name = "JDK {0}: {1}g -> {2}M")
  @CsvSource({"8,31,8", "8,24,8", "11,31,8", "11,24,8", "8,32,16", "8,100,32", "8,1,1", "11,6,2"})
  void jdk8And11RoundDown(int jdk, long heapGib, long regionMib) {
    assertThat(RegionSizeRule.ergonomicRegionBytes(JdkRelease.of(jdk), heapGib * ByteSize.GIB))
        .isEqualTo(regionMib * ByteSize.MIB);
  }

  @Test
  void mslabChunksAreHumongousUpTo4MRegions() {
    assertThat(RegionSizeRule.mslabWarning(4 * ByteSize.MIB))
        .get()
        .asString()
        .contains("humongous")
        .contains("HBASE-27805");
    assertThat(RegionSizeRule.mslabWarning(ByteSize.MIB)).isPresent();
    assertThat(RegionSizeRule.mslabWarning(8 * ByteSize.MIB)).isEmpty();
    assertThat(RegionSizeRule.humongousThresholdBytes(32 * ByteSize.MIB))
        .isEqualTo(16 * ByteSize.MIB);
  }
}
