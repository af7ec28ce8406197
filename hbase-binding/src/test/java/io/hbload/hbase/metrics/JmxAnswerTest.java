package io.hbload.hbase.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * A /jmx answer read with Jackson: the queried bean, counts only where whole and not negative, and
 * bad answers refused.
 */
class JmxAnswerTest {
  private static final String MEMORY =
      """
      {"beans": [{"name": "java.lang:type=Memory", "ObjectPendingFinalizationCount": 0,
        "NonHeapMemoryUsage": {"committed": 1, "init": 2, "max": -1, "used": 3},
        "HeapMemoryUsage": {"committed": 268435456, "init": 16777216, "max": 4294967296, "used": 123},
        "Verbose": false}]}
      """;

  @Test
  void readsNestedCountsAndTellsAbsentOrUnknownFromZero() throws Exception {
    var bean = JmxAnswer.bean(MEMORY, "test");
    assertThat(JmxAnswer.count(bean.path("HeapMemoryUsage").path("max"))).isEqualTo(4294967296L);
    assertThat(JmxAnswer.count(bean.path("NonHeapMemoryUsage").path("max")))
        .isEqualTo(-1); // JMX's "undefined"
    assertThat(JmxAnswer.count(bean.path("ObjectPendingFinalizationCount"))).isZero();
    assertThat(JmxAnswer.count(bean.path("Verbose"))).isEqualTo(-1);
    assertThat(JmxAnswer.count(bean.path("nothing"))).isEqualTo(-1);
    // a key that only appears in a string, or in another bean's text, is not a count (a pattern
    // would have found it)
    assertThat(
            HttpJmxBlockCacheReader.parse(
                """
        {"beans": [{"name": "\\"blockCacheHitCount\\": 7", "blockCacheMissCount": 2.5}]}
        """))
        .containsOnly(0);
    assertThat(JmxAnswer.count(JmxAnswer.bean("{}", "test"))).isEqualTo(-1);
  }

  @Test
  void refusesWhatIsNotJsonOrNestsTooDeep() {
    assertThatThrownBy(() -> JmxAnswer.bean("<html>503</html>", "rs1:16030"))
        .isInstanceOf(IOException.class)
        .hasMessageStartingWith("rs1:16030: not JSON: ");
    String deep = "[".repeat(100_000) + "]".repeat(100_000);
    assertThatThrownBy(() -> JmxAnswer.bean(deep, "rs1:16030"))
        .isInstanceOf(IOException.class)
        .hasMessage("rs1:16030: not a /jmx answer: nested deeper than 32 levels");
  }
}
