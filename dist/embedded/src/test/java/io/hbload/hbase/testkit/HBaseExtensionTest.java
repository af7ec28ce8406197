package io.hbload.hbase.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

class HBaseExtensionTest {
  /**
   * A user's test class that picks a container image; run through the JUnit engine below, not by
   * surefire.
   */
  static class ContainerUser {
    @RegisterExtension
    static final HBaseExtension HBASE = HBaseExtension.container("harisekhon/hbase:2.1");

    @Test
    void usesHBase(TestHBase hbase) {
      assertThat(hbase.zkPort()).isPositive();
    }
  }

  @Test
  void containerWithoutDockerIsSkippedWithTheReason() {
    // on a machine without a Docker engine (this project's) the class must be skipped, not failed
    org.junit.jupiter.api.Assumptions.assumeTrue(
        DockerProbe.unavailableReason() != null, "Docker is available here");
    Events events =
        EngineTestKit.engine("junit-jupiter")
            .selectors(selectClass(ContainerUser.class))
            .execute()
            .containerEvents();
    assertThat(events.skipped().count()).isEqualTo(1);
    assertThat(events.skipped().list().get(0).getPayload(String.class).orElse(""))
        .startsWith("HBase image harisekhon/hbase:2.1 needs Docker: ");
    assertThat(events.failed().count()).isZero();
  }

  @Test
  void fromSystemPropertyDefaultsToEmbedded() {
    assertThat(HBaseExtension.fromSystemProperty().evaluateExecutionCondition(null).isDisabled())
        .isFalse();
  }
}
