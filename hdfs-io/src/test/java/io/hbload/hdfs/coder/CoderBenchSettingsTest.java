package io.hbload.hdfs.coder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.hdfs.config.BadInputException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The settings' ranges and the stripe arithmetic, which must neither wrap nor ask for absurd buffer
 * counts.
 */
class CoderBenchSettingsTest {
  private static final Duration SECOND = Duration.ofSeconds(1);

  @ParameterizedTest(name = "--working-set {0} --cell 1 --k 1 --p 1")
  @CsvSource({"4294967296", "8589934592", "2147483648", "4194304"})
  void stripe_counts_past_the_buffer_cap_are_refused(long workingSet) {
    // 4g of 1-byte RS(1,1) stripes was 2^31 stripes: an int cast to -2^31
    // (NegativeArraySizeException); 8g wrapped
    // to 0 (index error); 2g and 4m are int-sized but millions of buffers
    assertThatThrownBy(() -> CoderBench.Settings.of(1, 1, 1, workingSet, SECOND))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("stripes of RS(1,1)")
        .hasMessageContaining("raise --cell or lower --working-set");
  }

  @Test
  void sane_settings_keep_their_stripe_count() {
    assertThat(CoderBench.Settings.of(6, 3, 1L << 20, 288L << 20, SECOND).stripesForWorkingSet())
        .isEqualTo(32);
    assertThat(CoderBench.Settings.of(1, 1, 1, 1L << 20, SECOND).stripesForWorkingSet())
        .isEqualTo(1 << 19);
    assertThat(CoderBench.Settings.of(31, 1, 64L << 20, 1L << 40, SECOND).stripesForWorkingSet())
        .isEqualTo(512);
  }

  @Test
  void buffers_must_fit_the_least_of_half_the_heap_direct_memory_and_a_third_of_ram() {
    long mib = 1L << 20;
    CoderBench.MemoryLimits limits =
        new CoderBench.MemoryLimits(1024 * mib, 256 * mib, 48L * 1024 * mib);
    assertThat(limits.bufferLimit()).isEqualTo(192 * mib);
    assertThat(new CoderBench.MemoryLimits(1024 * mib, 4096 * mib, 48L * 1024 * mib).bufferLimit())
        .isEqualTo(384 * mib);
    assertThat(new CoderBench.MemoryLimits(8192 * mib, 8192 * mib, 3072 * mib).bufferLimit())
        .isEqualTo(768 * mib);
    // RS(6,3) 1 MiB cells: 21 stripes (189 MiB) + 3 decode outputs = 192 MiB fits exactly; one
    // stripe more does not
    CoderBench.checkFits(CoderBench.Settings.of(6, 3, mib, 189 * mib, SECOND), limits);
    assertThatThrownBy(
            () ->
                CoderBench.checkFits(CoderBench.Settings.of(6, 3, mib, 198 * mib, SECOND), limits))
        .isInstanceOf(BadInputException.class)
        .hasMessage(
            "--working-set 198.0 MiB does not fit this JVM's memory: at most 192.0 MiB of buffers here"
                + " (3/4 of the least of half of -Xmx 1.0 GiB, -XX:MaxDirectMemorySize 256.0 MiB and a third of RAM"
                + " 48.0 GiB); lower --working-set or raise -Xmx and -XX:MaxDirectMemorySize");
  }

  @ParameterizedTest(name = "--k {0} --p {1}")
  @CsvSource({
    "2147483647, 1",
    "1, 2147483647",
    "2147483647, 2147483647",
    "0, 1",
    "1, 0",
    "32, 1",
    "33, 0",
    "-1, 3"
  })
  void shapes_outside_1_to_32_units_are_refused_without_overflow(int k, int p) {
    assertThatThrownBy(() -> CoderBench.Settings.of(k, p, 4096, 1L << 30, SECOND))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("RS shape must have k >= 1, p >= 1, k + p <= 32");
  }

  @Test
  void cell_range() {
    assertThatThrownBy(() -> CoderBench.Settings.of(6, 3, 0, 1L << 30, SECOND))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--cell must be at least 1 byte");
    assertThatThrownBy(() -> CoderBench.Settings.of(6, 3, (64L << 20) + 1, 1L << 40, SECOND))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--cell must be at most 64m");
  }
}
