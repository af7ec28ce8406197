package io.hbload.core.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.binding.Key;
import io.hbload.core.config.LengthDistribution;
import io.hbload.core.config.SpecException;
import io.hbload.core.keys.KeyNames;
import io.hbload.core.keys.TestSpecs;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RowValuesTest {

  @Test
  void randomValuesArePrintableSlicesOfFieldLength() {
    TestSpecs s = TestSpecs.defaults();
    s.fieldLengthDistribution = LengthDistribution.UNIFORM;
    s.minFieldLength = 1;
    s.fieldLength = 300;
    RowValues values = new RowValues(s.build(), new SplittableRandom(1));
    Key key = new Key().set("user1");
    Set<String> distinct = new HashSet<>();
    int[] byteCounts = new int[256];
    int minLength = Integer.MAX_VALUE;
    int maxLength = 0;
    for (int op = 0; op < 5000; op++) {
      assertThat(values.all(key)).isSameAs(values);
      assertThat(values.count()).isEqualTo(10);
      for (int i = 0; i < 10; i++) {
        assertThat(values.fieldIndex(i)).isEqualTo(i);
        assertThat(values.name(i)).isEqualTo("field" + i);
        int len = values.length(i);
        minLength = Math.min(minLength, len);
        maxLength = Math.max(maxLength, len);
        assertThat(values.offset(i) + len).isLessThanOrEqualTo(values.array(i).length);
        byte[] b = values.array(i);
        for (int j = values.offset(i); j < values.offset(i) + len; j++) {
          byteCounts[b[j] & 0xff]++;
        }
        if (op < 100) {
          distinct.add(values.string(i));
        }
      }
    }
    assertThat(minLength).isEqualTo(1);
    assertThat(maxLength).isEqualTo(300);
    assertThat(distinct).hasSizeGreaterThan(990); // 1000 values, nearly all different
    for (int c = 0; c < 256; c++) {
      if (c >= 0x20 && c <= 0x7f) {
        assertThat(byteCounts[c]).as("byte 0x%x", c).isPositive();
      } else {
        assertThat(byteCounts[c]).as("byte 0x%x", c).isZero();
      }
    }
  }

  @Test
  void oneFillsASingleField() {
    RowValues values = new RowValues(TestSpecs.defaults().build(), new SplittableRandom(2));
    Key key = new Key().set("user7");
    values.one(key, 6);
    assertThat(values.count()).isEqualTo(1);
    assertThat(values.fieldIndex(0)).isEqualTo(6);
    assertThat(values.name(0)).isEqualTo("field6");
    assertThat(new String(values.nameBytes(0))).isEqualTo("field6");
    assertThat(values.length(0)).isEqualTo(100);
    assertThatThrownBy(() -> values.length(1)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> values.one(key, 10)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void integrityValuesAreYcsbDeterministicValues() {
    TestSpecs s = TestSpecs.defaults();
    s.dataIntegrity = true;
    s.fieldLength = 250;
    RowValues values = new RowValues(s.build(), new SplittableRandom(3));
    Key key = new Key();
    for (long n = 0; n < 300; n++) {
      KeyNames.format(n, false, n % 2 == 0 ? 1 : 40, key);
      values.all(key);
      for (int i = 0; i < 10; i++) {
        assertThat(values.string(i))
            .isEqualTo(DeterministicValueTest.reference(key.toString(), "field" + i, 250));
      }
      values.one(key, 3);
      assertThat(values.string(0))
          .isEqualTo(DeterministicValueTest.reference(key.toString(), "field3", 250));
    }
  }

  @Test
  void integrityNeedsConstantLength() {
    TestSpecs s = TestSpecs.defaults();
    s.dataIntegrity = true;
    s.fieldLengthDistribution = LengthDistribution.UNIFORM;
    assertThatThrownBy(() -> new RowValues(s.build(), new SplittableRandom(4)))
        .isInstanceOf(SpecException.class)
        .hasMessageStartingWith("property dataintegrity: ");
  }
}
