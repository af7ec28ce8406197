package io.hbload.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ShardSpecTest {
  @Test
  void slicesCoverTheRecordRangeExactlyOnce() {
    long[] starts = {0, 1, 7, 1000, 123_456_789};
    long[] totals = {0, 1, 2, 3, 5, 10, 99, 100, 101, 1000, 12_345, 1_000_003};
    for (int n = 1; n <= 17; n++) {
      for (long start : starts) {
        for (long total : totals) {
          long next = start;
          long sum = 0;
          for (int i = 0; i < n; i++) {
            ShardSpec s = new ShardSpec(i, n);
            long share = s.share(total);
            assertThat(s.sliceStart(start, total))
                .as("n=%d i=%d start=%d total=%d", n, i, start, total)
                .isEqualTo(next);
            assertThat(share).isBetween(total / n, total / n + 1);
            next += share;
            sum += share;
          }
          assertThat(sum).as("n=%d total=%d", n, total).isEqualTo(total);
          assertThat(next).isEqualTo(start + total);
        }
      }
    }
  }

  @Test
  void runPhaseInsertKeysNeverCollideAndLoadedKeysAreShared() {
    long first = 1000;
    Set<Long> seen = new HashSet<>();
    for (int i = 0; i < 7; i++) {
      ShardSpec s = new ShardSpec(i, 7);
      assertThat(s.globalKey(999, first)).isEqualTo(999);
      for (long local = first; local < first + 500; local++) {
        assertThat(seen.add(s.globalKey(local, first))).isTrue();
      }
    }
    assertThat(seen).hasSize(7 * 500).allMatch(k -> k >= first && k < first + 7 * 500);
    assertThat(ShardSpec.WHOLE.globalKey(1234, first)).isEqualTo(1234);
  }
}
