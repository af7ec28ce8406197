package io.hbload.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * The Java API refuses a null or out-of-range argument at the call, naming it, not later in a
 * worker or parser.
 */
class HbloadArgumentsTest {
  private static void refused(ThrowingCallable call, String message) {
    assertThatThrownBy(call)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }

  @Test
  void nullsAreRefusedByName() {
    Hbload h = TestWorkloads.workloadFile("a");
    refused(() -> Hbload.workload(null), "name is null");
    refused(() -> Hbload.workloadFile(null), "file is null");
    refused(() -> h.binding((String) null), "nameOrClass is null");
    refused(() -> h.binding(" "), "nameOrClass is blank");
    refused(
        () -> h.binding((io.hbload.core.binding.BindingProvider) null), "bindingProvider is null");
    refused(() -> h.property(null, "1"), "key is null");
    refused(() -> h.property("recordcount", null), "value of recordcount is null");
    Map<String, String> withNull = new HashMap<>();
    withNull.put("recordcount", null);
    refused(() -> h.properties(withNull), "value of recordcount is null");
    refused(() -> h.properties(null), "properties is null");
    refused(() -> h.duration(null), "duration is null");
    refused(() -> h.json(null), "file is null");
    refused(() -> h.hlog(null), "file is null");
    refused(() -> h.messages(null), "stream is null");
  }

  @Test
  void outOfRangeValuesAreRefusedByName() {
    Hbload h = TestWorkloads.workloadFile("a");
    refused(() -> h.threads(0), "threads must be at least 1, got 0");
    refused(() -> h.target(-1), "opsPerSecond must be a finite rate >= 0");
    refused(() -> h.target(Double.NaN), "got NaN");
    refused(() -> h.target(Double.POSITIVE_INFINITY), "got Infinity");
    refused(() -> h.recordCount(-1), "records must be >= 0, got -1");
    refused(() -> h.operationCount(-5), "operations must be >= 0");
    refused(() -> h.duration(Duration.ZERO), "duration must be positive, got PT0S");
    refused(() -> h.duration(Duration.ofSeconds(-3)), "duration must be positive");
    refused(() -> h.duration(Duration.ofSeconds(Long.MAX_VALUE)), "duration must be under");
  }

  @Test
  void inRangeValuesStillRun() {
    var result =
        TestWorkloads.workloadFile("a")
            .binding("memory")
            .recordCount(100)
            .operationCount(200)
            .threads(1)
            .target(0)
            .run();
    assertThat(result.operations()).isEqualTo(200);
    assertThat(
            TestWorkloads.workloadFile("a")
                .duration(Duration.ofNanos(1))
                .spec(io.hbload.core.config.Phase.RUN)
                .execution()
                .maxExecutionTimeSeconds())
        .as("a positive duration rounds up to a whole second")
        .isEqualTo(1);
  }
}
