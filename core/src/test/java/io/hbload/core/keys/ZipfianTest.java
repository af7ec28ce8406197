package io.hbload.core.keys;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import site.ycsb.generator.ZipfianGenerator;

class ZipfianTest {

  @Test
  void zetaIsBitIdenticalToYcsb() throws Exception {
    Method zetastatic =
        ZipfianGenerator.class.getDeclaredMethod("zetastatic", long.class, double.class);
    zetastatic.setAccessible(true);
    for (long n : new long[] {0, 1, 2, 3, 999, 1000, 1001, 123_457}) {
      assertThat(Zipfian.zeta(n))
          .as("zeta(%d)", n)
          .isEqualTo((double) zetastatic.invoke(null, n, 0.99));
    }
    // Incremental growth sums the same terms in the same order.
    assertThat(Zipfian.zeta(1000, 5000, Zipfian.zeta(1000))).isEqualTo(Zipfian.zeta(5000));
  }

  @Test
  void plainZipfianMatchesYcsb() {
    Zipfian ours = new Zipfian(0, 999, new SplittableRandom(1));
    Popularity a = Popularity.draw(1000, 2_000_000, ours::next);
    ZipfianGenerator ycsb = new ZipfianGenerator(0, 999);
    Popularity b = Popularity.draw(1000, 2_000_000, ycsb::nextValue);
    assertThat(a.ranking(3)).containsExactly(0, 1, 2);
    // item 0 gets 1/zeta(1000) of the draws, about 12.9 % (the figure a true zipfian gives)
    assertThat(a.share(0))
        .isBetween(1 / Zipfian.zeta(1000) - 0.002, 1 / Zipfian.zeta(1000) + 0.002);
    assertThat(a.totalVariation(b)).isLessThan(0.02);
  }

  @Test
  void drawsStayInRangeWithBase() {
    Zipfian z = new Zipfian(10, 19, new SplittableRandom(2));
    for (int i = 0; i < 100_000; i++) {
      assertThat(z.next()).isBetween(10L, 19L);
    }
    assertThat(z.items()).isEqualTo(10);
  }
}
