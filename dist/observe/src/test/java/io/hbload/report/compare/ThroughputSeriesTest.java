package io.hbload.report.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The compare page's throughput over time: no spike from a partial last interval (issue 32 §4). */
class ThroughputSeriesTest {
  /** Intervals of the given lengths (ms) one after another, each with {@code count} reads. */
  private static Round round(long[] lengthsMillis, long[] counts) {
    List<Histogram> list = new ArrayList<>();
    long start = 1_000_000;
    for (int i = 0; i < lengthsMillis.length; i++) {
      Histogram h = new Histogram(3);
      for (long k = 0; k < counts[i]; k++) {
        h.recordValue(1000);
      }
      h.setStartTimeStamp(start);
      h.setEndTimeStamp(start + lengthsMillis[i]);
      start += lengthsMillis[i];
      list.add(h);
    }
    return new Round("r1", JsonNodeFactory.instance.objectNode(), Map.of("READ.service", list));
  }

  @Test
  void aPartialLastIntervalIsLeftOutOfTheChart() {
    // four 1 s intervals at 100 ops/s, then 20 operations in the last 50 ms: 400 ops/s of noise
    ComparisonReport.Throughput t =
        Comparer.throughput(
            "run",
            "A",
            round(new long[] {1000, 1000, 1000, 1000, 50}, new long[] {100, 100, 100, 100, 20}));
    assertThat(t.opsPerSec()).containsExactly(100, 100, 100, 100);
    assertThat(t.seconds()).containsExactly(1, 2, 3, 4);
  }

  @Test
  void aFullLastIntervalStays() {
    ComparisonReport.Throughput t =
        Comparer.throughput(
            "run", "A", round(new long[] {1000, 1000, 1000, 900}, new long[] {100, 100, 100, 90}));
    assertThat(t.opsPerSec()).hasSize(4);
  }
}
