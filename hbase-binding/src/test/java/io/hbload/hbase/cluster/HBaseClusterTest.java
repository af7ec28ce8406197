package io.hbload.hbase.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.binding.BindingException;
import io.hbload.core.config.Phase;
import io.hbload.hbase.config.ClusterSpec;
import io.hbload.hbase.config.HBaseSettingsParser;
import io.hbload.hbase.ops.HBaseSession;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * The seam on the plain binding's class path, where hbload-embedded is absent (as in the YCSB
 * drop-in jar): a configured cluster is reached as configured, and a run with none configured says
 * so in one line instead of starting anything. The embedded side is proven in hbload-embedded's
 * tests.
 */
class HBaseClusterTest {
  @Test
  void aConfiguredClusterIsTheConfiguredOneAndNothingStarts() throws IOException {
    AtomicBoolean announced = new AtomicBoolean();
    ClusterSpec spec =
        new ClusterSpec(null, "zk1.example:2281", Map.of("hbase.client.retries.number", "3"));
    try (HBaseCluster cluster =
        HBaseCluster.open(spec, EmbeddedOptions.of(1), () -> announced.set(true))) {
      assertThat(cluster.embedded()).isNull();
      assertThat(cluster.startSeconds()).isZero();
      Configuration conf = cluster.configuration();
      assertThat(conf.get("hbase.zookeeper.quorum")).isEqualTo("zk1.example");
      assertThat(conf.get("hbase.zookeeper.property.clientPort")).isEqualTo("2281");
      assertThat(conf.get("hbase.client.retries.number")).isEqualTo("3");
      conf.set("hbase.client.retries.number", "9");
      assertThat(cluster.configuration().get("hbase.client.retries.number"))
          .as("each call a fresh copy")
          .isEqualTo("3");
    }
    assertThat(announced).isFalse();
  }

  @Test
  void withNothingConfiguredAndNoEmbeddedModuleItSaysSoWithoutAnnouncingAStart() {
    AtomicBoolean announced = new AtomicBoolean();
    assertThatThrownBy(
            () ->
                HBaseCluster.open(
                    new ClusterSpec(null, null, Map.of()),
                    EmbeddedOptions.of(1),
                    () -> announced.set(true)))
        .isInstanceOf(EmbeddedClusterMissingException.class)
        .hasMessage(HBaseCluster.NO_EMBEDDED);
    assertThatThrownBy(() -> HBaseCluster.startEmbedded(EmbeddedOptions.of(1)))
        .isInstanceOf(EmbeddedClusterMissingException.class)
        .hasMessage(HBaseCluster.NO_EMBEDDED);
    assertThat(announced).isFalse();
    assertThat(HBaseCluster.NO_EMBEDDED).doesNotContain("\n");
  }

  @Test
  void aRunWithNothingConfiguredFailsInOneLineNamingTheMissingModule() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream messages = new PrintStream(out, true, StandardCharsets.UTF_8);
    assertThatThrownBy(
            () ->
                HBaseSession.open(
                    HBaseSettingsParser.parse(Map.of("columnfamily", "family")),
                    Phase.RUN,
                    true,
                    messages))
        .isInstanceOf(BindingException.class)
        .hasMessage(HBaseCluster.NO_EMBEDDED);
    assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("starting an embedded HBase");
  }

  @Test
  void optionsRefuseImpossibleClusters() {
    assertThatThrownBy(() -> EmbeddedOptions.of(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("regionServers must be >= 1");
    assertThatThrownBy(() -> new EmbeddedOptions(1, -1, false, false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("zkPort must be >= 0");
    assertThatThrownBy(() -> EmbeddedOptions.of(EmbeddedOptions.MAX_REGION_SERVERS + 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("regionServers must be at most 16");
    assertThatThrownBy(() -> new EmbeddedOptions(1, 65_536, false, false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("zkPort must be at most 65535");
  }
}
