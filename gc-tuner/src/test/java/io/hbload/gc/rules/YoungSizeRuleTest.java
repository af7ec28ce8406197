package io.hbload.gc.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.gc.ByteSize;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class YoungSizeRuleTest {
  private static final long ONE_GIB_EDEN = ByteSize.GIB; // 100 ms x 10 GB/s

  @ParameterizedTest(name = "{0}g -> {1}")
  @CsvSource({
    "32,3", "64,2", "100,1", "128,1", "256,1", "1024,1", "48,2", "40,3", "24,4", "20,5", "16,5",
    "4,5"
  })
  void postPointsAndTheirNeighbours(long heapGib, int expected) {
    assertThat(YoungSizeRule.newSizePercent(heapGib * ByteSize.GIB, ONE_GIB_EDEN))
        .isEqualTo(expected);
  }

  @Test
  void neverAboveJvmDefaultEvenWhenEdenTargetIsHuge() {
    assertThat(YoungSizeRule.newSizePercent(ByteSize.GIB, 100 * ByteSize.GIB)).isEqualTo(5);
    assertThat(YoungSizeRule.lowersDefault(5)).isFalse();
    assertThat(YoungSizeRule.newSizePercent(ByteSize.GIB, Long.MAX_VALUE / 2)).isEqualTo(5);
  }

  @Test
  void neverBelowOneEvenForTinyEdenTargets() {
    assertThat(YoungSizeRule.newSizePercent(4096 * ByteSize.GIB, ByteSize.MIB)).isEqualTo(1);
  }

  @Test
  void roundsHalfUp() {
    // 100 * 2.5g / 100g = 2.5 -> 3; 2.49g -> 2
    assertThat(
            YoungSizeRule.newSizePercent(100 * ByteSize.GIB, 2 * ByteSize.GIB + ByteSize.GIB / 2))
        .isEqualTo(3);
    assertThat(
            YoungSizeRule.newSizePercent(100 * ByteSize.GIB, 2 * ByteSize.GIB + 400 * ByteSize.MIB))
        .isEqualTo(2);
  }

  @Test
  void slowerEvacuationMeansSmallerFloor() {
    // half the post's rate: 512M Eden target on 32g -> 1.56 -> 2
    assertThat(YoungSizeRule.newSizePercent(32 * ByteSize.GIB, ONE_GIB_EDEN / 2)).isEqualTo(2);
  }

  @Test
  void decisionShowsArithmetic() {
    assertThat(YoungSizeRule.decision(32 * ByteSize.GIB, 100, 10.0, ONE_GIB_EDEN))
        .contains("100 ms x 10.00 GB/s = 1024M")
        .contains("3.13 -> 3")
        .contains("UnlockExperimentalVMOptions");
    assertThat(YoungSizeRule.decision(8 * ByteSize.GIB, 100, 10.0, ONE_GIB_EDEN))
        .contains("never raised");
  }
}
