package io.hbload.hbase;

// --8<-- [start:testkit]
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.Hbload;
import io.hbload.core.result.RunResult;
import io.hbload.hbase.testkit.HBaseExtension;
import io.hbload.hbase.testkit.TestHBase;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The test-kit snippet of the docs, as a test: start HBase, load 10k rows, run workload a for 5 s,
 * assert.
 */
class HBaseTestKitSampleIT {
  // embedded mini cluster by default; -Dhbload.testkit.image=<image> runs a container instead
  // (Docker needed)
  @RegisterExtension static final HBaseExtension HBASE = HBaseExtension.fromSystemProperty();

  @Test
  void workloadAMeetsItsLatencyBudget(TestHBase hbase) {
    Hbload workloadA =
        Hbload.workload("a")
            .binding(hbase.bindingProvider())
            .properties(hbase.properties())
            .property("columnfamily", "family")
            .recordCount(10_000)
            .threads(2);
    workloadA.load();

    RunResult result = workloadA.duration(Duration.ofSeconds(5)).run();

    assertThat(result.errorCount()).isZero();
    assertThat(result.op("READ").p99Micros()).isLessThan(50_000);
    assertThat(result.throughputOpsPerSec()).isGreaterThan(100);
  }
}
// --8<-- [end:testkit]
