package io.hbload.core.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hbload.core.config.Distribution;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import site.ycsb.generator.AcknowledgedCounterGenerator;
import site.ycsb.generator.ExponentialGenerator;
import site.ycsb.generator.HotspotIntegerGenerator;
import site.ycsb.generator.ScrambledZipfianGenerator;
import site.ycsb.generator.SkewedLatestGenerator;

/**
 * Popularity of our choosers against YCSB 0.17.0's own generators (which draw from
 * ThreadLocalRandom, so distributions are compared, not sequences). With 2M draws the sampling
 * error of a share p is about sqrt(p/2M) (0.014 % for p = 3.85 %), and the total-variation distance
 * between two samples of the same 1000-key distribution stays below about 0.013, so the tolerances
 * below fail on real differences only.
 */
class KeyChooserDistributionTest {
  static final int DRAWS = 2_000_000;

  @Test
  void workloadAZipfianHasYcsbHotKeys() {
    KeySpace space = new KeySpace(TestSpecs.workloadA().build());
    KeyChooser chooser = space.newChooser(new SplittableRandom(1));
    Popularity ours = Popularity.draw(1000, DRAWS, chooser::next);

    int[] top = ours.ranking(5);
    assertThat(top).containsExactly(144, 610, 213, 679, 10);
    assertThat(KeyNames.name(top[0], false, 1)).isEqualTo("user1573987489603120213");
    assertThat(ours.share(144)).isCloseTo(0.0385, within(0.001));
    assertThat(ours.share(610)).isCloseTo(0.020, within(0.001));
    assertThat(ours.share(213)).isCloseTo(0.016, within(0.001));
    assertThat(ours.topShare(10)).isCloseTo(0.126, within(0.005));
    assertThat(ours.topShare(100)).isCloseTo(0.29, within(0.01));

    // YCSB: ScrambledZipfianGenerator(insertstart, insertstart + insertcount + 0) and the
    // nextKeynum redraw.
    ScrambledZipfianGenerator ycsb = new ScrambledZipfianGenerator(0, 1000);
    Popularity theirs =
        Popularity.draw(
            1000,
            DRAWS,
            () -> {
              long k;
              do {
                k = ycsb.nextValue();
              } while (k > 999);
              return k;
            });
    assertThat(theirs.ranking(3)).containsExactly(144, 610, 213);
    assertThat(ours.totalVariation(theirs)).isLessThan(0.02);
  }

  @Test
  void zipfianOverHundredThousandRecordsHasYcsbHotKeys() {
    TestSpecs s = TestSpecs.workloadA();
    s.recordCount = 100_000;
    KeyChooser chooser = new KeySpace(s.build()).newChooser(new SplittableRandom(2));
    Popularity ours = Popularity.draw(100_000, DRAWS, chooser::next);
    assertThat(ours.ranking(5)).containsExactly(42439, 91481, 44356, 93398, 31877);
  }

  @Test
  void zipfianLeavesHeadroomForInsertsButNeverPassesTheLimit() {
    TestSpecs s = TestSpecs.workloadA();
    s.insertProportion = 0.5; // expected new keys = 1000 * 0.5 * 2 = 1000 -> range [0, 2000]
    KeySpace space = new KeySpace(s.build());
    KeyChooser chooser = space.newChooser(new SplittableRandom(3));
    for (int i = 0; i < 200_000; i++) {
      assertThat(chooser.next()).isBetween(0L, 999L);
    }
    for (int i = 0; i < 1001; i++) {
      space.acknowledge(space.nextInsertKeyNumber());
    }
    assertThat(space.insertLimit()).isEqualTo(2000);
    Popularity ours = Popularity.draw(2001, DRAWS, chooser::next);
    ScrambledZipfianGenerator ycsb = new ScrambledZipfianGenerator(0, 2000);
    Popularity theirs = Popularity.draw(2001, DRAWS, ycsb::nextValue);
    assertThat(ours.totalVariation(theirs)).isLessThan(0.025);
    assertThat(ours.count(2000)).isPositive();
  }

  @Test
  void latestFavoursNewestRecordLikeYcsb() {
    TestSpecs s = TestSpecs.defaults();
    s.requestDistribution = Distribution.LATEST;
    KeySpace space = new KeySpace(s.build());
    KeyChooser chooser = space.newChooser(new SplittableRandom(4));
    Popularity ours = Popularity.draw(1000, DRAWS, chooser::next);
    assertThat(ours.ranking(1)).containsExactly(999);
    assertThat(ours.share(999)).isCloseTo(0.129, within(0.002));
    assertThat(ours.count(0)).isZero();

    AcknowledgedCounterGenerator counter = new AcknowledgedCounterGenerator(1000);
    SkewedLatestGenerator ycsb = new SkewedLatestGenerator(counter);
    Popularity theirs = Popularity.draw(1000, DRAWS, ycsb::nextValue);
    assertThat(ours.totalVariation(theirs)).isLessThan(0.02);

    // After 1000 acknowledged run-phase inserts both grow zeta incrementally (YCSB keeps eta's
    // stale
    // item count; so do we) and must still agree.
    for (int i = 0; i < 1000; i++) {
      space.acknowledge(space.nextInsertKeyNumber());
      counter.acknowledge(counter.nextValue());
    }
    Popularity oursGrown = Popularity.draw(2000, DRAWS, chooser::next);
    Popularity theirsGrown = Popularity.draw(2000, DRAWS, ycsb::nextValue);
    assertThat(oursGrown.ranking(1)).containsExactly(1999);
    assertThat(oursGrown.totalVariation(theirsGrown)).isLessThan(0.02);
    // A chooser created after the inserts starts from the same per-run zeta and catches up alone.
    KeyChooser late = space.newChooser(new SplittableRandom(5));
    assertThat(Popularity.draw(2000, DRAWS, late::next).totalVariation(theirsGrown))
        .isLessThan(0.02);
  }

  @Test
  void uniformPassesChiSquareOverItsRangeOnly() {
    TestSpecs s = TestSpecs.defaults();
    s.recordCount = 2000;
    s.insertStart = 500;
    s.insertCount = 1000; // keys [500, 1499]
    KeyChooser chooser = new KeySpace(s.build()).newChooser(new SplittableRandom(6));
    Popularity p = Popularity.draw(2000, DRAWS, chooser::next);
    for (int k = 0; k < 2000; k++) {
      if (k < 500 || k > 1499) {
        assertThat(p.count(k)).as("key %d", k).isZero();
      }
    }
    // 999 degrees of freedom: mean 999, sd 44.7; 1250 is beyond 5.6 sd.
    assertThat(p.chiSquareUniform(500, 1499)).isLessThan(1250);
    assertThat(p.count(500)).isPositive();
    assertThat(p.count(1499)).isPositive();
  }

  @Test
  void hotspotMatchesYcsb() {
    TestSpecs s = TestSpecs.defaults();
    s.requestDistribution = Distribution.HOTSPOT;
    KeyChooser chooser = new KeySpace(s.build()).newChooser(new SplittableRandom(7));
    Popularity ours = Popularity.draw(1000, DRAWS, chooser::next);
    long hot = 0;
    for (int k = 0; k < 200; k++) {
      hot += ours.count(k);
    }
    assertThat((double) hot / DRAWS).isCloseTo(0.8, within(0.002));
    HotspotIntegerGenerator ycsb = new HotspotIntegerGenerator(0, 999, 0.2, 0.8);
    Popularity theirs = Popularity.draw(1000, DRAWS, ycsb::nextValue);
    assertThat(ours.totalVariation(theirs)).isLessThan(0.02);
  }

  @Test
  void hotspotWithEmptyHotSetStaysUniform() {
    TestSpecs s = TestSpecs.defaults();
    s.requestDistribution = Distribution.HOTSPOT;
    s.hotspotDataFraction = 0.0;
    KeyChooser chooser = new KeySpace(s.build()).newChooser(new SplittableRandom(8));
    Popularity p = Popularity.draw(1000, DRAWS, chooser::next);
    assertThat(p.chiSquareUniform(0, 999)).isLessThan(1250);
  }

  @Test
  void exponentialMatchesYcsbNextKeynum() {
    TestSpecs s = TestSpecs.defaults();
    s.requestDistribution = Distribution.EXPONENTIAL;
    KeyChooser chooser = new KeySpace(s.build()).newChooser(new SplittableRandom(9));
    Popularity ours = Popularity.draw(1000, DRAWS, chooser::next);
    // 95 % of draws within the newest recordcount * frac = 857 keys, before the negative-key
    // redraw.
    long newest = 0;
    for (int k = 999 - 857 + 1; k <= 999; k++) {
      newest += ours.count(k);
    }
    assertThat((double) newest / DRAWS)
        .isCloseTo(0.95 / (1 - Math.exp(Math.log(0.05) * 1000 / 857.142857)), within(0.003));
    // Adjacent keys differ by only 0.35 % here, so compare the ends: e^(-gamma * 900) ~ 1/23.
    long newestHundred = 0;
    long oldestHundred = 0;
    for (int k = 0; k < 100; k++) {
      oldestHundred += ours.count(k);
      newestHundred += ours.count(999 - k);
    }
    assertThat((double) newestHundred / oldestHundred).isBetween(20.0, 26.0);

    ExponentialGenerator ycsb = new ExponentialGenerator(95, 1000 * 0.8571428571);
    Popularity theirs =
        Popularity.draw(
            1000,
            DRAWS,
            () -> {
              long k;
              do {
                k = 999 - ycsb.nextValue().intValue();
              } while (k < 0);
              return k;
            });
    assertThat(ours.totalVariation(theirs)).isLessThan(0.02);
  }

  @Test
  void sequentialCyclesThroughTheRangeSharedByAllChoosers() {
    TestSpecs s = TestSpecs.defaults();
    s.requestDistribution = Distribution.SEQUENTIAL;
    s.recordCount = 20;
    s.insertStart = 5;
    s.insertCount = 10;
    KeySpace space = new KeySpace(s.build());
    KeyChooser a = space.newChooser(new SplittableRandom(1));
    KeyChooser b = space.newChooser(new SplittableRandom(2));
    long[] seen = new long[25];
    for (int i = 0; i < 25; i++) {
      seen[i] = (i % 2 == 0 ? a : b).next();
    }
    assertThat(seen)
        .containsExactly(
            5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 5, 6, 7, 8, 9);
  }

  @Test
  void uniformScanLengthCoversItsRange() {
    TestSpecs s = TestSpecs.defaults();
    s.minScanLength = 3;
    s.maxScanLength = 100;
    ScanLengthChooser chooser =
        new KeySpace(s.build()).newScanLengthChooser(new SplittableRandom(10));
    Popularity p = Popularity.draw(101, DRAWS, chooser::next);
    assertThat(p.count(0) + p.count(1) + p.count(2)).isZero();
    assertThat(p.chiSquareUniform(3, 100)).isLessThan(97 + 6 * Math.sqrt(2 * 97));
  }

  @Test
  void zipfianScanLengthMatchesYcsbZipfian() {
    TestSpecs s = TestSpecs.defaults();
    s.minScanLength = 1;
    s.maxScanLength = 100;
    s.scanLengthDistribution = io.hbload.core.config.LengthDistribution.ZIPFIAN;
    ScanLengthChooser chooser =
        new KeySpace(s.build()).newScanLengthChooser(new SplittableRandom(11));
    Popularity ours = Popularity.draw(101, DRAWS, chooser::next);
    site.ycsb.generator.ZipfianGenerator ycsb = new site.ycsb.generator.ZipfianGenerator(1, 100);
    Popularity theirs = Popularity.draw(101, DRAWS, ycsb::nextValue);
    assertThat(ours.count(0)).isZero();
    assertThat(ours.ranking(3)).containsExactly(1, 2, 3);
    assertThat(ours.totalVariation(theirs)).isLessThan(0.01);
  }

  @Test
  void loadKeysCountUpFromInsertStartAndRunInsertsFromRecordCount() {
    TestSpecs s = TestSpecs.defaults();
    s.insertStart = 250;
    s.insertCount = 500;
    KeySpace space = new KeySpace(s.build());
    assertThat(space.nextLoadKeyNumber()).isEqualTo(250);
    assertThat(space.nextLoadKeyNumber()).isEqualTo(251);
    assertThat(space.insertLimit()).isEqualTo(999);
    assertThat(space.nextInsertKeyNumber()).isEqualTo(1000);
    assertThat(space.nextInsertKeyNumber()).isEqualTo(1001);
    space.acknowledge(1001);
    assertThat(space.insertLimit()).isEqualTo(999);
    space.acknowledge(1000);
    assertThat(space.insertLimit()).isEqualTo(1001);
  }
}
