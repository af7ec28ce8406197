package io.hbload.hdfs.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ContentPatternTest {
  @Test
  void fill_at_any_offset_equals_byte_at() {
    Random random = new Random(1);
    for (int trial = 0; trial < 200; trial++) {
      int file = random.nextInt(1000);
      long offset = random.nextInt(1 << 30);
      int len = random.nextInt(100);
      byte[] buf = new byte[len + 5];
      ContentPattern.fill(buf, 3, len, file, offset);
      for (int i = 0; i < len; i++) {
        assertThat(buf[3 + i]).isEqualTo(ContentPattern.byteAt(file, offset + i));
      }
    }
  }

  @Test
  void chunked_fill_equals_one_fill() {
    byte[] whole = new byte[10_000];
    ContentPattern.fill(whole, 0, whole.length, 7, 0);
    byte[] pieces = new byte[10_000];
    int[] cuts = {0, 1, 9, 17, 4096, 4099, 10_000};
    for (int c = 0; c + 1 < cuts.length; c++) {
      ContentPattern.fill(pieces, cuts[c], cuts[c + 1] - cuts[c], 7, cuts[c]);
    }
    assertThat(pieces).isEqualTo(whole);
  }

  @Test
  void files_differ_and_mismatches_are_counted() {
    byte[] a = new byte[4096];
    byte[] b = new byte[4096];
    ContentPattern.fill(a, 0, a.length, 0, 0);
    ContentPattern.fill(b, 0, b.length, 1, 0);
    assertThat(a).isNotEqualTo(b);
    byte[] scratch = new byte[4096];
    assertThat(ContentPattern.countMismatches(a, a.length, 0, 0, scratch)).isZero();
    a[5] ^= 1;
    a[4000] ^= (byte) 0x80;
    assertThat(ContentPattern.countMismatches(a, a.length, 0, 0, scratch)).isEqualTo(2);
    assertThat(ContentPattern.countMismatches(b, b.length, 0, 0, scratch)).isGreaterThan(4000);
  }
}
