package io.hbload.hbase.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link HBaseExtension#shared()}: two test classes get one cluster, and the first one's tables are
 * gone when the second starts. The second class is played by an extension driven by hand through
 * its lifecycle, as JUnit drives a class's static one.
 */
class SharedHBaseIT {
  @RegisterExtension static final HBaseExtension HBASE = HBaseExtension.shared();

  @Test
  void aLaterClassGetsTheSameRunningClusterWithoutTheTablesOfTheOneBefore() throws Exception {
    HBaseExtension earlier = HBaseExtension.shared();
    earlier.beforeAll(null);
    TestHBase cluster = earlier.hbase();
    assertThat(cluster).isSameAs(HBASE.hbase());
    try (Connection c = ConnectionFactory.createConnection(cluster.configuration());
        Admin admin = c.getAdmin()) {
      admin.createTable(
          TableDescriptorBuilder.newBuilder(TableName.valueOf("shared_left_behind"))
              .setColumnFamily(ColumnFamilyDescriptorBuilder.of("family"))
              .build());
      assertThat(admin.tableExists(TableName.valueOf("shared_left_behind"))).isTrue();

      earlier.afterAll(null);
      // the class's close did not stop the cluster: the same connection still answers
      assertThat(admin.listTableNames()).isEmpty();
      cluster.close();
      assertThat(admin.getClusterMetrics().getLiveServerMetrics()).hasSize(1);
    }

    HBaseExtension later = HBaseExtension.shared();
    later.beforeAll(null);
    assertThat(later.hbase()).isSameAs(cluster);
    later.afterAll(null);
  }
}
