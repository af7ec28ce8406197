package io.hbload.hbase.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SplitPointsTest {
  private static String[] points(int regions) {
    return Arrays.stream(SplitPoints.forRegions(regions))
        .map(b -> new String(b, StandardCharsets.UTF_8))
        .toArray(String[]::new);
  }

  @Test
  void tenRegionsAreTheHandRecipe() {
    // create 'usertable', 'family', {SPLITS => (1..9).map {|i| "user#{1000+i*(9999-1000)/10}"}}
    assertThat(points(10))
        .containsExactly(
            "user1899",
            "user2799",
            "user3699",
            "user4599",
            "user5499",
            "user6399",
            "user7299",
            "user8199",
            "user9099");
  }

  @Test
  void twoHundredRegionsAreSortedAndDistinct() {
    String[] p = points(200);
    assertThat(p).hasSize(199).isSorted().doesNotHaveDuplicates();
    assertThat(p[0]).isEqualTo("user1044");
    assertThat(p[198]).isEqualTo("user9954");
  }

  @Test
  void oneRegionHasNoSplits() {
    assertThat(SplitPoints.forRegions(1)).isEmpty();
    assertThatThrownBy(() -> SplitPoints.forRegions(0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
