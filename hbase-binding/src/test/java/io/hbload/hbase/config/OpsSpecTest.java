package io.hbload.hbase.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.apache.hadoop.hbase.client.Durability;
import org.junit.jupiter.api.Test;

class OpsSpecTest {
  private static OpsSpec ops(Map<String, String> properties) {
    return HBaseSettingsParser.parse(properties).ops();
  }

  @Test
  void ycsbDefaults() throws Exception {
    OpsSpec s = ops(Map.of());
    assertThat(s)
        .isEqualTo(
            new OpsSpec(
                "family", false, 12 * 1024 * 1024, Durability.USE_DEFAULT, true, false, false));
  }

  @Test
  void ycsbPropertyNames() throws Exception {
    OpsSpec s =
        ops(
            Map.of(
                "columnfamily",
                "cf",
                "clientbuffering",
                "true",
                "writebuffersize",
                "1024",
                "durability",
                "SKIP_WAL",
                "hbase.usepagefilter",
                "false",
                "debug",
                "true",
                "hbase.async",
                "true"));
    assertThat(s).isEqualTo(new OpsSpec("cf", true, 1024, Durability.SKIP_WAL, false, true, true));
  }

  @Test
  void asyncIsNotPassedIntoTheHBaseConfiguration() throws Exception {
    assertThat(
            HBaseSettingsParser.parse(Map.of("hbase.async", "true", "hbase.rpc.timeout", "5"))
                .cluster()
                .passThrough())
        .containsOnlyKeys("hbase.rpc.timeout");
  }

  @Test
  void pageFilterOnlyOffForExactlyFalse() throws Exception {
    // YCSB: only the exact string "false" disables it
    assertThat(ops(Map.of("hbase.usepagefilter", "no")).usePageFilter()).isTrue();
    assertThat(ops(Map.of("hbase.usepagefilter", "FALSE")).usePageFilter()).isTrue();
  }
}
