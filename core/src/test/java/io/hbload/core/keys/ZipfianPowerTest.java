package io.hbload.core.keys;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ZipfianPowerTest {
  @Test
  void squaringPowerMatchesMathPowForTheZipfianExponent() {
    SplittableRandom rnd = new SplittableRandom(7);
    for (int i = 0; i < 1_000_000; i++) {
      double x = i < 1000 ? 1.0 - i * 1e-6 : rnd.nextDouble();
      double expected = Math.pow(x, Zipfian.ALPHA);
      double actual = Zipfian.powAlpha(x);
      if (expected > Double.MIN_NORMAL) {
        assertThat(Math.abs(actual - expected) / expected).as("x=%s", x).isLessThan(1e-11);
      } else {
        assertThat(actual).isLessThan(1e-300);
      }
    }
  }

  @Test
  void drawsStayWithinTheItemRange() {
    Zipfian z = new Zipfian(0, 10_000_000_000L, 26.46902820178302, new SplittableRandom(1));
    for (int i = 0; i < 1_000_000; i++) {
      assertThat(z.next()).isBetween(0L, 10_000_000_000L);
    }
  }
}
