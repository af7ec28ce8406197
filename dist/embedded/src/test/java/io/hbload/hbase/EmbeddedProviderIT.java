package io.hbload.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.binding.BindingContext;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.binding.Status;
import io.hbload.core.config.Phase;
import io.hbload.core.parse.SpecParser;
import io.hbload.hbase.ops.HBaseSession;
import io.hbload.hbase.ycsb.ArrayFields;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.junit.jupiter.api.Test;

/**
 * The provider with no cluster configured: embedded cluster, banner, pre-split table, data removed
 * on close.
 */
class EmbeddedProviderIT {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final PrintStream messages = new PrintStream(out, true, StandardCharsets.UTF_8);

  private static BindingProvider provider(String name) {
    for (BindingProvider p : ServiceLoader.load(BindingProvider.class)) {
      if (p.name().equals(name) || p.aliases().contains(name)) {
        return p;
      }
    }
    throw new AssertionError("no provider " + name);
  }

  private BindingContext context(Map<String, String> extra) {
    Map<String, String> p =
        new HashMap<>(
            Map.of(
                "recordcount",
                "100",
                "operationcount",
                "100",
                "readproportion",
                "1",
                "columnfamily",
                "family"));
    p.putAll(extra);
    return SpecParser.parse(p, Phase.RUN, provider("hbase")).bindingContext(messages);
  }

  private Path dataDirFromBanner() {
    Matcher m =
        Pattern.compile("data in (\\S+) \\(removed at exit\\)")
            .matcher(out.toString(StandardCharsets.UTF_8));
    assertThat(m.find()).as("banner names the data directory: %s", out).isTrue();
    return Path.of(m.group(1));
  }

  @Test
  void noClusterConfiguredStartsTheEmbeddedOneAndRemovesItsData() throws Exception {
    assertThat(provider("site.ycsb.db.hbase20.HBaseClient20"))
        .isInstanceOf(HBaseBindingProvider.class);
    assertThat(provider("hbase2")).isInstanceOf(HBaseBindingProvider.class);
    Path dataDir;
    try (BindingSession s = provider("hbase").open(context(Map.of()))) {
      assertThat(out.toString(StandardCharsets.UTF_8))
          .contains("EMBEDDED HBASE: these numbers are for a local, single-node, in-process HBase")
          .contains("created table usertable family family, 10 regions");
      assertThat(s.loadBeforeRun()).isTrue();
      dataDir = dataDirFromBanner();
      assertThat(dataDir).isDirectory();
      HBaseSession hs = (HBaseSession) s;
      try (Admin admin = hs.connection().getAdmin()) {
        assertThat(admin.getRegions(TableName.valueOf("usertable"))).hasSize(10);
      }
      assertThat(
              s.newBinding(0).insert("usertable", Rows.key("user42"), Rows.values("user42", 10, 0)))
          .isSameAs(Status.OK);
      assertThat(
              s.newBinding(1)
                  .read(
                      "usertable",
                      Rows.key("user42"),
                      new ArrayFields().set(null),
                      new Rows.Capture()))
          .isSameAs(Status.OK);
    }
    assertThat(Files.exists(dataDir)).as("embedded data directory removed").isFalse();
  }

  @Test
  void runOnNothingConfiguredLoadsTheEmbeddedClusterFirst() {
    io.hbload.core.result.RunResult r =
        io.hbload.core.Hbload.workload("a")
            .binding("hbase")
            .recordCount(1000)
            .threads(2)
            .duration(java.time.Duration.ofSeconds(3))
            .messages(messages)
            .run();
    String said = out.toString(StandardCharsets.UTF_8);
    assertThat(said)
        .contains("EMBEDDED HBASE")
        .contains("loading 1000 records")
        .doesNotContain("this load goes into an embedded HBase");
    assertThat(r.errorCount()).isZero();
    assertThat(r.op("READ").count()).isPositive();
    assertThat(Files.exists(dataDirFromBanner())).isFalse();
  }

  @Test
  void aLoadIntoTheEmbeddedClusterSaysItIsThrownAwayAtExit() {
    io.hbload.core.result.RunResult r =
        io.hbload.core.Hbload.workload("a")
            .binding("hbase")
            .recordCount(200)
            .messages(messages)
            .load();
    assertThat(r.operations()).isEqualTo(200);
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("this load goes into an embedded HBase that is removed " + "when hbload exits")
        .contains("'hbload embedded'");
  }

  @Test
  void aFailedOpenStopsTheEmbeddedClusterAndRemovesItsData() {
    // the master refuses a table whose codec is not installed: the open fails after the cluster
    // started
    assertThatThrownBy(() -> provider("hbase").open(context(Map.of("hbload.compression", "lzo"))))
        .isInstanceOf(BindingException.class)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    assertThat(Files.exists(dataDirFromBanner())).as("embedded data directory removed").isFalse();
  }
}
