package io.hbload.mapreduce.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a task on another host needs of the client's HBase configuration, and nothing of its
 * defaults.
 */
class HBaseClientSettingsTest {
  @TempDir Path dir;

  @Test
  void theSitesAndTheProgrammaticSettingsTravelNotTheDefaults() throws Exception {
    Path site =
        Files.writeString(
            dir.resolve("hbase-site.xml"),
            """
        <configuration>
          <property><name>hbase.zookeeper.quorum</name><value>zk1,zk2</value></property>
          <property><name>zookeeper.znode.parent</name><value>/hbase-secure</value></property>
          <property><name>hbase.usepagefilter</name><value>false</value></property>
        </configuration>
        """);
    Configuration conf = HBaseConfiguration.create();
    conf.addResource(new org.apache.hadoop.fs.Path(site.toUri()));
    conf.setInt("hbase.rpc.timeout", 10_000);
    conf.set("dfs.replication", "2");
    assertThat(HBaseClientSettings.of(conf))
        .containsEntry("hbase.zookeeper.quorum", "zk1,zk2")
        .containsEntry("zookeeper.znode.parent", "/hbase-secure")
        .containsEntry("hbase.rpc.timeout", "10000")
        .doesNotContainKeys(
            "hbase.usepagefilter",
            "dfs.replication",
            "hbase.client.retries.number",
            "hbase.zookeeper.property.clientPort");
  }
}
