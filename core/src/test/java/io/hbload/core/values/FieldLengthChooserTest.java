package io.hbload.core.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.config.LengthDistribution;
import io.hbload.core.config.SpecException;
import io.hbload.core.keys.Popularity;
import io.hbload.core.keys.TestSpecs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.generator.HistogramGenerator;
import site.ycsb.generator.ZipfianGenerator;

class FieldLengthChooserTest {
  static final int DRAWS = 2_000_000;

  @TempDir Path dir;

  @Test
  void constantIsFieldLength() {
    TestSpecs s = TestSpecs.defaults();
    s.fieldLength = 123;
    FieldLengthChooser c = FieldLengthChooser.create(s.build(), new SplittableRandom(1));
    for (int i = 0; i < 1000; i++) {
      assertThat(c.next()).isEqualTo(123);
    }
    assertThat(c.maxLength()).isEqualTo(123);
  }

  @Test
  void uniformCoversMinToFieldLength() {
    TestSpecs s = TestSpecs.defaults();
    s.fieldLengthDistribution = LengthDistribution.UNIFORM;
    s.minFieldLength = 10;
    s.fieldLength = 60;
    FieldLengthChooser c = FieldLengthChooser.create(s.build(), new SplittableRandom(2));
    Popularity p = Popularity.draw(61, DRAWS, c::next);
    for (int i = 0; i < 10; i++) {
      assertThat(p.count(i)).isZero();
    }
    assertThat(p.chiSquareUniform(10, 60)).isLessThan(50 + 6 * 10);
  }

  @Test
  void zipfianMatchesYcsb() {
    TestSpecs s = TestSpecs.defaults();
    s.fieldLengthDistribution = LengthDistribution.ZIPFIAN;
    s.minFieldLength = 5;
    s.fieldLength = 500;
    FieldLengthChooser c = FieldLengthChooser.create(s.build(), new SplittableRandom(3));
    Popularity ours = Popularity.draw(501, DRAWS, c::next);
    ZipfianGenerator ycsb = new ZipfianGenerator(5, 500);
    Popularity theirs = Popularity.draw(501, DRAWS, ycsb::nextValue);
    assertThat(ours.ranking(2)).containsExactly(5, 6);
    assertThat(ours.count(4)).isZero();
    assertThat(ours.totalVariation(theirs)).isLessThan(0.015);
  }

  @Test
  void histogramMatchesYcsbHistogramGenerator() throws Exception {
    Path file = dir.resolve("hist.txt");
    Files.writeString(file, "BlockSize\t8\n0\t5\n1\t30\n2\t0\n3\t50\n4\t15\n");
    TestSpecs s = TestSpecs.defaults();
    s.fieldLengthDistribution = LengthDistribution.HISTOGRAM;
    s.fieldLengthHistogramFile = file.toString();
    FieldLengthChooser c = FieldLengthChooser.create(s.build(), new SplittableRandom(4));
    Popularity ours = Popularity.draw(41, DRAWS, c::next);
    HistogramGenerator ycsb = new HistogramGenerator(file.toString());
    Popularity theirs = Popularity.draw(41, DRAWS, ycsb::nextValue);
    assertThat(ours.totalVariation(theirs)).isLessThan(0.005);
    assertThat(c.maxLength()).isEqualTo(32);
    assertThat(ours.share(32)).isGreaterThan(0.1);
    assertThat(ours.count(40)).isZero(); // YCSB's last-bucket quirk: bucket 4 yields 4 * 8
  }

  @Test
  void unreadableOrMalformedHistogramIsASpecProblem() throws Exception {
    TestSpecs s = TestSpecs.defaults();
    s.fieldLengthDistribution = LengthDistribution.HISTOGRAM;
    s.fieldLengthHistogramFile = dir.resolve("missing.txt").toString();
    assertThatThrownBy(() -> FieldLengthChooser.create(s.build(), new SplittableRandom(5)))
        .isInstanceOf(SpecException.class)
        .hasMessageStartingWith("property fieldlengthhistogram: ");

    Path bad = dir.resolve("bad.txt");
    Files.writeString(bad, "Blocks\t8\n0\t5\n");
    s.fieldLengthHistogramFile = bad.toString();
    assertThatThrownBy(() -> FieldLengthChooser.create(s.build(), new SplittableRandom(5)))
        .isInstanceOf(SpecException.class)
        .hasMessageStartingWith("property fieldlengthhistogram: ");

    Files.writeString(bad, "BlockSize\t8\n0\tmany\n");
    assertThatThrownBy(() -> FieldLengthChooser.create(s.build(), new SplittableRandom(5)))
        .isInstanceOf(SpecException.class)
        .hasMessageStartingWith("property fieldlengthhistogram: ");

    Files.writeString(bad, "BlockSize\t8\n0\t0\n");
    assertThatThrownBy(() -> FieldLengthChooser.create(s.build(), new SplittableRandom(5)))
        .isInstanceOf(SpecException.class)
        .hasMessageStartingWith("property fieldlengthhistogram: ");
  }
}
