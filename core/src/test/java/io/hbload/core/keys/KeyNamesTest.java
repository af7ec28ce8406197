package io.hbload.core.keys;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.binding.Key;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import site.ycsb.Utils;

class KeyNamesTest {

  @Test
  void hashedNamesMatchYcsbVectors() {
    assertThat(KeyNames.name(0, false, 1)).isEqualTo("user6284781860667377211");
    assertThat(KeyNames.name(1, false, 1)).isEqualTo("user8517097267634966620");
    assertThat(KeyNames.name(2, false, 1)).isEqualTo("user1820151046732198393");
    assertThat(KeyNames.name(3, false, 1)).isEqualTo("user4052466453699787802");
    assertThat(KeyNames.name(4, false, 1)).isEqualTo("user3232700585171816769");
    assertThat(KeyNames.name(144, false, 1)).isEqualTo("user1573987489603120213");
  }

  @Test
  void orderedNamesArePadded() {
    assertThat(KeyNames.name(5, true, 8)).isEqualTo("user00000005");
    assertThat(KeyNames.name(123456789, true, 8)).isEqualTo("user123456789");
    assertThat(KeyNames.name(0, true, 0)).isEqualTo("user0");
    assertThat(KeyNames.name(0, true, 1)).isEqualTo("user0");
  }

  @Test
  void fnvMatchesYcsbUtils() {
    SplittableRandom rnd = new SplittableRandom(7);
    for (int i = 0; i < 100_000; i++) {
      // key numbers below 2^32 take the short path, of every byte length; the rest the long one
      long v =
          i < 1000
              ? i
              : switch (i % 4) {
                case 0 -> rnd.nextLong();
                case 1 -> rnd.nextLong(1L << 32);
                case 2 -> rnd.nextLong(1L << (8 * (1 + i / 4 % 4)));
                default -> -rnd.nextLong(1L << 32);
              };
      assertThat(KeyNames.fnvhash64(v)).as("fnv(%d)", v).isEqualTo(Utils.fnvhash64(v));
    }
    for (long v :
        new long[] {
          Long.MIN_VALUE, Long.MAX_VALUE, -1, (1L << 32) - 1, 1L << 32, (1L << 24) - 1, 1L << 24
        }) {
      assertThat(KeyNames.fnvhash64(v)).as("fnv(%d)", v).isEqualTo(Utils.fnvhash64(v));
    }
  }

  @Test
  void formatMatchesYcsbBuildKeyNameIntoOneReusedKey() {
    SplittableRandom rnd = new SplittableRandom(11);
    Key key = new Key();
    for (int i = 0; i < 200_000; i++) {
      long n =
          switch (i % 4) {
            case 0 -> i;
            case 1 -> rnd.nextLong(0, Long.MAX_VALUE);
            case 2 -> rnd.nextLong(0, 1_000_000);
            default -> (long) Math.pow(10, i % 19);
          };
      boolean ordered = (i & 8) != 0;
      int padding = rnd.nextInt(0, 26);
      KeyNames.format(n, ordered, padding, key);
      assertThat(key.toString()).isEqualTo(ycsbBuildKeyName(n, ordered, padding));
    }
  }

  @Test
  void extremeValuesFormatLikeLongToString() {
    Key key = new Key();
    for (long v :
        new long[] {
          Long.MAX_VALUE, Long.MIN_VALUE, -1, -12345, 9, 10, 99, 100, 999_999_999_999_999_999L
        }) {
      KeyNames.format(v, true, 22, key);
      assertThat(key.toString()).isEqualTo(ycsbBuildKeyName(v, true, 22));
      KeyNames.format(v, true, 1, key);
      assertThat(key.toString()).isEqualTo("user" + v);
    }
  }

  @Test
  void eightDigitsAreExactForEveryValueBelowTenToTheEight() {
    int[] expected = new int[8];
    for (int v = 0; v < 100_000_000; v++) {
      long word = KeyNames.eightDigits(v);
      int rest = v;
      for (int i = 7; i >= 0; i--) {
        expected[i] = '0' + rest % 10;
        rest /= 10;
      }
      for (int i = 0; i < 8; i++) {
        if ((int) ((word >>> (8 * i)) & 0xff) != expected[i]) {
          throw new AssertionError(v + ": digit " + i + " of " + Long.toHexString(word));
        }
      }
    }
    assertThat(KeyNames.eightDigits(0)).isEqualTo(0x3030_3030_3030_3030L);
    assertThat(KeyNames.eightDigits(12_345_678)).isEqualTo(0x3837_3635_3433_3231L);
  }

  @Test
  void everyDigitCountFormatsLikeLongToStringPaddedOrNot() {
    SplittableRandom rnd = new SplittableRandom(3);
    Key key = new Key();
    long power = 1;
    for (int digits = 1; digits <= 19; digits++) {
      long next = digits == 19 ? Long.MAX_VALUE : power * 10;
      long[] values = {
        power, power + 1, power - 1, next - 1, next - 2, rnd.nextLong(power, next), Long.MAX_VALUE
      };
      for (long v : values) {
        for (long w : new long[] {v, -v}) {
          for (int padding : new int[] {0, 1, digits - 1, digits, digits + 1, 20, 25}) {
            KeyNames.format(w, true, padding, key);
            assertThat(key.toString()).isEqualTo(ycsbBuildKeyName(w, true, padding));
          }
          KeyNames.format(w, true, 1, key);
          assertThat(key.toString()).isEqualTo("user" + w);
        }
      }
      power = next;
    }
  }

  @Test
  void chunkBoundariesFormatLikeLongToString() {
    Key key = new Key();
    long[] around = {100_000_000L, 10_000_000_000_000_000L, 1_000_000_000_000_000_000L};
    for (long base : around) {
      for (long v = base - 3; v <= base + 3; v++) {
        for (long w : new long[] {v, v * 7, v + 99_999_999L, v + 10_000_000L}) {
          KeyNames.format(w, true, 1, key);
          assertThat(key.toString()).isEqualTo("user" + w);
          KeyNames.format(w, true, 25, key);
          assertThat(key.toString()).isEqualTo(ycsbBuildKeyName(w, true, 25));
        }
      }
    }
  }

  /** CoreWorkload.buildKeyName of YCSB 0.17.0, restated with Strings as the reference. */
  static String ycsbBuildKeyName(long keynum, boolean ordered, int zeropadding) {
    if (!ordered) {
      keynum = Utils.fnvhash64(keynum);
    }
    String value = Long.toString(keynum);
    int fill = zeropadding - value.length();
    StringBuilder prekey = new StringBuilder("user");
    for (int i = 0; i < fill; i++) {
      prekey.append('0');
    }
    return prekey + value;
  }
}
