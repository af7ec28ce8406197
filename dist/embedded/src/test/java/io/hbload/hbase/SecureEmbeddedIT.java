package io.hbload.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.Hbload;
import io.hbload.core.result.RunResult;
import io.hbload.hbase.security.KerberosLogin;
import io.hbload.hbase.security.KerberosSpec;
import io.hbload.hbase.testkit.HBaseExtension;
import io.hbload.hbase.testkit.TestHBase;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The test kit's secure cluster: a real MiniKdc and a Kerberized embedded HBase. The client
 * principal and keytab it hands out log in and work through a plain HBase connection and through
 * hbload's engine (its {@code properties()} carry the login). One cluster for the class (about 8
 * s).
 */
@Tag("own-jvm") // Kerberos: a secure cluster does not start in a JVM that ran a plain one
class SecureEmbeddedIT {
  @RegisterExtension static final HBaseExtension HBASE = HBaseExtension.embeddedSecure();

  @Test
  void theKitsClientLoginWritesAndReadsThroughAPlainConnection(TestHBase hbase) throws Exception {
    assertThat(hbase.clientPrincipal()).isEqualTo("client@EXAMPLE.COM");
    assertThat(hbase.clientKeytab()).isRegularFile();
    assertThat(Files.readString(hbase.krb5Conf())).contains("EXAMPLE.COM");
    Configuration conf = hbase.configuration();
    assertThat(conf.get("hbase.security.authentication")).isEqualTo("kerberos");
    try (KerberosLogin login =
            KerberosLogin.loginIfRequested(
                new KerberosSpec(hbase.clientPrincipal(), hbase.clientKeytab(), null), conf);
        Connection c = ConnectionFactory.createConnection(conf, login.hbaseUser());
        Admin admin = c.getAdmin()) {
      assertThat(login.principal()).isEqualTo("client@EXAMPLE.COM");
      TableName name = TableName.valueOf("kit");
      admin.createTable(
          TableDescriptorBuilder.newBuilder(name)
              .setColumnFamily(ColumnFamilyDescriptorBuilder.of("f"))
              .build());
      try (Table t = c.getTable(name)) {
        t.put(
            new Put(Bytes.toBytes("r"))
                .addColumn(Bytes.toBytes("f"), Bytes.toBytes("q"), Bytes.toBytes("v")));
        assertThat(
                Bytes.toString(
                    t.get(new Get(Bytes.toBytes("r")))
                        .getValue(Bytes.toBytes("f"), Bytes.toBytes("q"))))
            .isEqualTo("v");
      }
    }
  }

  @Test
  void hbloadLoadsAndRunsWithTheKitsProperties(TestHBase hbase) {
    assertThat(hbase.properties())
        .containsEntry("principal", "client@EXAMPLE.COM")
        .containsEntry("keytab", hbase.clientKeytab().toString());
    Hbload workload =
        Hbload.workload("a")
            .binding(hbase.bindingProvider())
            .properties(hbase.properties())
            .property("columnfamily", "family")
            .recordCount(500)
            .threads(2);
    RunResult load = workload.load();
    assertThat(load.errorCount()).isZero();
    RunResult run = workload.operationCount(500).run();
    assertThat(run.errorCount()).isZero();
    assertThat(run.op("READ").count()).isPositive();
  }
}
