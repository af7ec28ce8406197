package io.hbload.hdfs.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SizesTest {
  @Test
  void parses_binary_units() {
    assertThat(Sizes.parse("4096")).isEqualTo(4096);
    assertThat(Sizes.parse("64k")).isEqualTo(65536);
    assertThat(Sizes.parse("1m")).isEqualTo(1 << 20);
    assertThat(Sizes.parse("2g")).isEqualTo(2L << 30);
    assertThat(Sizes.parse("2GB")).isEqualTo(2L << 30);
    assertThat(Sizes.parse("1.5MiB")).isEqualTo(3L << 19);
    assertThat(Sizes.parse(" 0 ")).isZero();
  }

  @Test
  void rejects_garbage_with_one_line() {
    for (String bad : new String[] {"", "m", "-1m", "1x", "lots", "1e400"}) {
      assertThatThrownBy(() -> Sizes.parse(bad))
          .as(bad)
          .isInstanceOf(BadInputException.class)
          .hasMessageStartingWith("not a size");
    }
  }

  @Test
  void formats_for_humans() {
    assertThat(Sizes.format(12)).isEqualTo("12 B");
    assertThat(Sizes.format(3 << 20)).isEqualTo("3.0 MiB");
  }
}
