package io.hbload.core.keys;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The chooser's division-free fold is YCSB's {@code hash % itemCount}, to the bit. */
class ScrambledZipfianFoldTest {

  @Test
  void foldIsTheRemainderForEveryHashAndItemCount() {
    SplittableRandom rnd = new SplittableRandom(5);
    long[] counts = {
      1,
      2,
      3,
      7,
      1000,
      100_001,
      1_000_000,
      10_000_000_001L,
      (1L << 32) + 1,
      Long.MAX_VALUE / 3,
      Long.MAX_VALUE - 1,
      Long.MAX_VALUE
    };
    for (long count : counts) {
      ScrambledZipfianKeyChooser chooser =
          new ScrambledZipfianKeyChooser(new AcknowledgedCounter(1), 0, count - 1, rnd);
      for (long hash :
          new long[] {0, 1, count - 1, count, count + 1, Long.MAX_VALUE, Long.MAX_VALUE - 1}) {
        if (hash >= 0) {
          assertThat(chooser.fold(hash)).as("%d %% %d", hash, count).isEqualTo(hash % count);
        }
      }
      // Math.abs(Long.MIN_VALUE), the one negative hash, folds to a negative remainder as in YCSB
      assertThat(chooser.fold(Long.MIN_VALUE)).isEqualTo(Long.MIN_VALUE % count);
      for (int i = 0; i < 200_000; i++) {
        long hash = KeyNames.fnvhash64(rnd.nextLong());
        long r = chooser.fold(hash);
        if (r != hash % count) {
          throw new AssertionError(hash + " % " + count + ": " + r);
        }
      }
    }
  }
}
