package io.hbload.gc.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.gc.ByteSize;
import io.hbload.gc.JdkRelease;
import io.hbload.gc.JvmOption;
import org.junit.jupiter.api.Test;

class OtherRulesTest {

  @Test
  void compressedOopsLimitAsMeasured() {
    JdkRelease j17 = JdkRelease.of(17);
    assertThat(CompressedOopsRule.keepsCompressedOops(j17, 31 * ByteSize.GIB)).isTrue();
    assertThat(CompressedOopsRule.keepsCompressedOops(j17, 32736 * ByteSize.MIB)).isTrue();
    assertThat(CompressedOopsRule.keepsCompressedOops(j17, 32767 * ByteSize.MIB)).isFalse();
    assertThat(CompressedOopsRule.warning(j17, 32 * ByteSize.GIB))
        .get()
        .asString()
        .contains("compressed-oops limit")
        .contains("31g");
    assertThat(CompressedOopsRule.warning(j17, 64 * ByteSize.GIB))
        .get()
        .asString()
        .doesNotContain("use 31g");
    // JDK-8354145: 21 loses them at 32G-512M
    assertThat(CompressedOopsRule.keepsCompressedOops(JdkRelease.of(21), 32256 * ByteSize.MIB))
        .isTrue();
    assertThat(CompressedOopsRule.keepsCompressedOops(JdkRelease.of(21), 32512 * ByteSize.MIB))
        .isFalse();
  }

  @Test
  void directMemoryFollowsClouderaExample() {
    // 15 GB heap + 16 GB BucketCache -> 32G
    assertThat(DirectMemoryRule.maxDirectMemoryBytes(15 * ByteSize.GIB, 16 * ByteSize.GIB))
        .isEqualTo(32 * ByteSize.GIB);
    assertThat(DirectMemoryRule.maxDirectMemoryBytes(31 * ByteSize.GIB, 500 * ByteSize.MIB))
        .isEqualTo(33 * ByteSize.GIB);
  }

  @Test
  void loggingIsXlogOn9PlusAndPrintFlagsOn8() {
    assertThat(GcLoggingRule.options(JdkRelease.of(17), "/tmp/gc.log"))
        .extracting(JvmOption::text)
        .singleElement()
        .asString()
        .startsWith("-Xlog:gc*")
        .contains("file=/tmp/gc.log");
    assertThat(GcLoggingRule.options(JdkRelease.of(8), "/tmp/gc.log"))
        .extracting(JvmOption::text)
        .contains(
            "-Xloggc:/tmp/gc.log",
            "-XX:+PrintGCDetails",
            "-XX:+PrintGCTimeStamps",
            "-XX:+PrintAdaptiveSizePolicy")
        .noneMatch(t -> t.startsWith("-Xlog:"));
  }
}
