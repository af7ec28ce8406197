package io.hbload.gc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ByteSizeTest {
  @Test
  void parsesJavaStyleSizes() {
    assertThat(ByteSize.parse("--heap", "32g")).isEqualTo(32L << 30);
    assertThat(ByteSize.parse("--heap", "32G")).isEqualTo(32L << 30);
    assertThat(ByteSize.parse("--heap", "31744m")).isEqualTo(31744L << 20);
    assertThat(ByteSize.parse("--heap", "1.5g")).isEqualTo(1536L << 20);
    assertThat(ByteSize.parse("--heap", "1t")).isEqualTo(1L << 40);
    assertThat(ByteSize.parse("--heap", "16gb")).isEqualTo(16L << 30);
    assertThat(ByteSize.parse("--heap", "0")).isZero();
  }

  @Test
  void rejectsNonSizesInOneLine() {
    assertThatThrownBy(() -> ByteSize.parse("--heap", "banana"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("--heap: 'banana' is not a size (use e.g. 32g, 31744m, 1.5g)");
    assertThatThrownBy(() -> ByteSize.parse("--heap", "-1g"))
        .isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> ByteSize.parse("--heap", "99999999999t"))
        .hasMessageContaining("too large");
  }

  @Test
  void formatsWithLargestExactUnit() {
    assertThat(ByteSize.format(100L << 30)).isEqualTo("100g");
    assertThat(ByteSize.format(1536L << 20)).isEqualTo("1536m");
    assertThat(ByteSize.format(1L << 40)).isEqualTo("1t");
    assertThat(ByteSize.format(1000)).isEqualTo("1000");
  }
}
