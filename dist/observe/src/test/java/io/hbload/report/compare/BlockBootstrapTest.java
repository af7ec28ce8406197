package io.hbload.report.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * The blocks a run's intervals make, and the expanded interval's tail: wider the fewer the blocks,
 * 2.5 % each side in the limit.
 */
class BlockBootstrapTest {
  @Test
  void blocksOfCubeRootLength() {
    assertThat(BlockBootstrap.blockLength(8)).isEqualTo(2);
    assertThat(BlockBootstrap.blocks(8)).isEqualTo(4);
    assertThat(BlockBootstrap.blockLength(22)).isEqualTo(3);
    assertThat(BlockBootstrap.blocks(22)).isEqualTo(8);
    assertThat(BlockBootstrap.blocks(1000)).isEqualTo(100);
  }

  @Test
  void theTailShrinksWithFewBlocksAndIsTheUsualOneWithMany() {
    // sqrt(8/7) * t(0.975, 7) = 2.528 standard deviations
    assertThat(BlockBootstrap.expandedTail(8)).isCloseTo(0.00573, within(0.0001));
    assertThat(BlockBootstrap.expandedTail(30)).isCloseTo(0.0188, within(0.0002));
    assertThat(BlockBootstrap.expandedTail(100_000)).isCloseTo(0.025, within(0.0001));
    assertThat(BlockBootstrap.expandedTail(4)).isLessThan(BlockBootstrap.expandedTail(8));
    assertThat(BlockBootstrap.expandedTail(1)).isNaN();
  }
}
