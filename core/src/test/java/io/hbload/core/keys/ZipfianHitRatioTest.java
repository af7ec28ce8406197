package io.hbload.core.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The expected hit ratio of the hottest keys of YCSB's scrambled zipfian, against YCSB's constant
 * and a sample.
 */
class ZipfianHitRatioTest {
  @Test
  void zetaBeyondTheExactRangeMatchesYcsbsPrecomputedConstantAndTheExactSum() {
    // YCSB's ScrambledZipfianGenerator.ZETAN is the exact sum over 10^10 items
    assertThat(ZipfianHitRatio.zeta(10_000_000_000L))
        .isCloseTo(ScrambledZipfianKeyChooser.ZETAN, within(1e-9));
    assertThat(ZipfianHitRatio.zeta(3_000_000)).isCloseTo(Zipfian.zeta(3_000_000), within(1e-10));
  }

  @Test
  void theModelMatchesTheShareOfTheHottestKeysInAScrambledZipfianSample() {
    long records = 100_000;
    AcknowledgedCounter inserts = new AcknowledgedCounter(records);
    ScrambledZipfianKeyChooser chooser =
        new ScrambledZipfianKeyChooser(inserts, 0, records - 1, new SplittableRandom(7));
    // rank the keys by one sample and measure the share of the hottest in another, so that the
    // ranking's noise does
    // not flatter the measure (ranking and measuring on one sample overstates the top keys' share)
    int draws = 4_000_000;
    long[] rankCounts = new long[(int) records];
    for (int i = 0; i < draws; i++) {
      rankCounts[(int) chooser.next()]++;
    }
    long[] measured = new long[(int) records];
    for (int i = 0; i < draws; i++) {
      measured[(int) chooser.next()]++;
    }
    Integer[] order = new Integer[(int) records];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Long.compare(rankCounts[b], rankCounts[a]));
    for (int cached : new int[] {1_000, 10_000, 50_000}) {
      long top = 0;
      for (int i = 0; i < cached; i++) {
        top += measured[order[i]];
      }
      assertThat(top / (double) draws)
          .as("hottest %d of %d", cached, records)
          .isCloseTo(ZipfianHitRatio.of(cached, records), within(0.01));
    }
  }

  @Test
  void edges() {
    assertThat(ZipfianHitRatio.of(10, 10)).isEqualTo(1.0);
    assertThat(ZipfianHitRatio.of(0, 10)).isEqualTo(0.0);
    assertThat(ZipfianHitRatio.of(1, 1_000_000))
        .isCloseTo(1 / ScrambledZipfianKeyChooser.ZETAN, within(1e-6));
  }
}
