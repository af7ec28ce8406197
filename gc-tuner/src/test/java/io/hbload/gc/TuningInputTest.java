package io.hbload.gc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TuningInputTest {
  @Test
  void defaultsAreThePostsMethod() {
    TuningInput in = TuningInput.builder().heap("32g").cpus(40).jdk(17).build();
    assertThat(in.pauseMillis()).isEqualTo(100);
    assertThat(in.evacuationRateGibPerSec()).isEqualTo(10.0);
    assertThat(in.edenTargetBytes()).isEqualTo(ByteSize.GIB);
    assertThat(in.evacuationRateSource()).contains("Kaczmarek");
  }

  @Test
  void zeroHeapIsRejected() {
    assertThatThrownBy(() -> TuningInput.builder().heap("0").cpus(4).jdk(17).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("--heap must be greater than 0");
  }

  @Test
  void negativeCpusAndZeroPauseAreRejectedTogetherOnOneLine() {
    assertThatThrownBy(
            () -> TuningInput.builder().heap("32g").cpus(-4).pauseMillis(0).jdk(17).build())
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("--cpus must be between 1")
        .hasMessageContaining("--pause-ms must be at least 1")
        .hasMessageNotContaining("\n");
  }

  @Test
  void tooSmallOrOddHeapsAreRejected() {
    assertThatThrownBy(() -> TuningInput.builder().heap("1m").cpus(4).jdk(17).build())
        .hasMessageContaining("at least 64m");
    assertThatThrownBy(
            () -> TuningInput.builder().heapBytes(ByteSize.GIB + 1).cpus(4).jdk(17).build())
        .hasMessageContaining("whole number of megabytes");
  }

  @Test
  void missingJdkAndBadRateAreRejected() {
    assertThatThrownBy(
            () -> TuningInput.builder().heap("32g").cpus(4).evacuationRateGibPerSec(0).build())
        .hasMessageContaining("a target JDK is required")
        .hasMessageContaining("--evacuation-rate");
    assertThatThrownBy(
            () -> TuningInput.builder().heap("32g").cpus(4).jdk(17).bucketCacheBytes(-1).build())
        .hasMessageContaining("--bucketcache-size");
    assertThatThrownBy(
            () -> TuningInput.builder().heap("32g").cpus(4).jdk(17).gcLogFile("a b").build())
        .hasMessageContaining("--log-file");
  }
}
