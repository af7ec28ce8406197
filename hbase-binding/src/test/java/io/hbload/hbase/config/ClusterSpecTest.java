package io.hbload.hbase.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterSpecTest {
  private static ClusterSpec cluster(Map<String, String> properties) {
    return HBaseSettingsParser.parse(properties).cluster();
  }

  @TempDir Path dir;

  @Test
  void nothingConfiguredMeansEmbedded() {
    assertThat(
            cluster(Map.of("columnfamily", "family", "hbase.usepagefilter", "false")).configured())
        .isFalse();
  }

  @Test
  void hbaseSiteOnTheClassPathCountsAsConfigured() throws Exception {
    // YCSB users type -cp /etc/hbase/conf
    Files.writeString(dir.resolve("hbase-site.xml"), "<configuration/>");
    ClassLoader before = Thread.currentThread().getContextClassLoader();
    try (java.net.URLClassLoader cl =
        new java.net.URLClassLoader(new java.net.URL[] {dir.toUri().toURL()}, before)) {
      Thread.currentThread().setContextClassLoader(cl);
      assertThat(cluster(Map.of()).configured()).isTrue();
    } finally {
      Thread.currentThread().setContextClassLoader(before);
    }
  }

  @Test
  void zkPropertySetsQuorumAndPort() throws IOException {
    ClusterSpec spec = cluster(Map.of("hbload.zk", "zk1:2182,zk2:2182"));
    assertThat(spec.configured()).isTrue();
    Configuration c = spec.toConfiguration();
    assertThat(c.get("hbase.zookeeper.quorum")).isEqualTo("zk1,zk2");
    assertThat(c.get("hbase.zookeeper.property.clientPort")).isEqualTo("2182");
  }

  @Test
  void confDirThenPassThroughLaterWins() throws IOException {
    Files.writeString(
        dir.resolve("hbase-site.xml"),
        """
        <configuration>
          <property><name>hbase.zookeeper.quorum</name><value>fromdir</value></property>
          <property><name>hbase.client.operation.timeout</name><value>7000</value></property>
          <property><name>hbase.client.scanner.caching</name><value>77</value></property>
        </configuration>
        """);
    ClusterSpec spec =
        cluster(
            Map.of(
                "hbload.hbase.conf",
                dir.toString(),
                "hbase.client.scanner.caching",
                "99",
                "hbase.usepagefilter",
                "false"));
    assertThat(spec.configured()).isTrue();
    Configuration c = spec.toConfiguration();
    assertThat(c.get("hbase.zookeeper.quorum")).isEqualTo("fromdir");
    assertThat(c.get("hbase.client.scanner.caching")).isEqualTo("99");
    // the user's timeout is kept; unset ones get hbload's bounded defaults instead of HBase's 20
    // minutes
    assertThat(c.getInt("hbase.client.operation.timeout", 0)).isEqualTo(7000);
    assertThat(c.getInt("hbase.rpc.timeout", 0)).isEqualTo(ClusterSpec.DEFAULT_RPC_TIMEOUT_MS);
    assertThat(c.get("hbase.usepagefilter")).isNull();
  }

  @Test
  void defaultTimeoutsBoundEveryOperation() throws IOException {
    Configuration c = cluster(Map.of("hbload.zk", "h")).toConfiguration();
    assertThat(c.getInt("hbase.client.operation.timeout", 0))
        .isEqualTo(ClusterSpec.DEFAULT_OPERATION_TIMEOUT_MS);
    assertThat(c.getInt("hbase.client.meta.operation.timeout", 0))
        .isEqualTo(ClusterSpec.DEFAULT_OPERATION_TIMEOUT_MS);
  }

  @Test
  void missingConfDirIsAnError() {
    assertThatThrownBy(
            () ->
                cluster(Map.of("hbload.hbase.conf", dir.resolve("nope").toString()))
                    .toConfiguration())
        .hasMessageContaining("does not exist");
    assertThatThrownBy(() -> cluster(Map.of("hbload.hbase.conf", dir.toString())).toConfiguration())
        .hasMessageContaining("no hbase-site.xml");
  }
}
