package io.hbload.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.binding.Binding;
import io.hbload.core.binding.Status;
import io.hbload.core.config.Phase;
import io.hbload.hbase.config.HBaseSettingsParser;
import io.hbload.hbase.ops.HBaseSession;
import io.hbload.hbase.testkit.HBaseExtension;
import io.hbload.hbase.ycsb.ArrayFields;
import io.hbload.hbase.ycsb.HbloadHBaseClient;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * YCSB 0.17.0's own {@code site.ycsb.Client} drives the drop-in class of the slim jar this module
 * builds ({@code hbload-ycsb-binding.jar}, run after {@code package}) against an embedded HBase, in
 * a forked JVM (Client ends with {@code System.exit}) whose class path is a directory with the
 * cluster's hbase-site.xml, that jar and YCSB's own jars only, as users run it: load then workload
 * a, every operation {@code Return=OK}, rows present. Nothing of this test's class path (the mini
 * cluster, hbload's other modules) reaches YCSB's JVM.
 */
class YcsbClientIT {
  @RegisterExtension static final HBaseExtension HBASE = HBaseExtension.embedded();

  private static final Pattern RETURN =
      Pattern.compile("^\\[(\\w+)], Return=(\\w+), (\\d+)$", Pattern.MULTILINE);

  @TempDir Path tmp;

  @Test
  void ycsbClientLoadsAndRunsWorkloadAThroughTheDropIn() throws Exception {
    PrintStream messages =
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    Map<String, String> props = new HashMap<>(HBASE.hbase().properties());
    props.put("columnfamily", "family");
    // YCSB's binding needs the table to exist, as users create it in the shell; hbload's load
    // creates it pre-split
    try (HBaseSession s =
        HBaseSession.open(HBaseSettingsParser.parse(props), Phase.LOAD, false, messages)) {
      assertThat(s).isNotNull();
    }
    Path conf = Files.createDirectories(tmp.resolve("conf"));
    HBASE.hbase().embedded().writeHBaseSite(conf.resolve("hbase-site.xml"));

    String load = ycsb(conf, "-load", "-p", "recordcount=1000");
    Map<String, Map<String, Long>> loaded = returns(load);
    assertThat(loaded).as(load).containsOnlyKeys("INSERT");
    assertThat(loaded.get("INSERT")).containsExactly(Map.entry("OK", 1000L));

    String run = ycsb(conf, "-t", "-p", "recordcount=1000", "-p", "operationcount=3000");
    Map<String, Map<String, Long>> ran = returns(run);
    assertThat(ran).as(run).containsOnlyKeys("READ", "UPDATE");
    assertThat(ran.get("READ")).containsOnlyKeys("OK");
    assertThat(ran.get("UPDATE")).containsOnlyKeys("OK");
    assertThat(ran.get("READ").get("OK") + ran.get("UPDATE").get("OK")).isEqualTo(3000L);

    // the rows YCSB wrote: 1000 rows of 10 fields of 100 bytes in family:field0..9
    try (HBaseSession s =
            HBaseSession.open(HBaseSettingsParser.parse(props), Phase.RUN, false, messages);
        Table t = s.connection().getTable(TableName.valueOf("usertable"));
        ResultScanner rs = t.getScanner(new Scan())) {
      int rows = 0;
      String first = null;
      for (Result r : rs) {
        rows++;
        assertThat(r.rawCells()).hasSize(10);
        assertThat(
                r.getValue(
                    "family".getBytes(StandardCharsets.UTF_8),
                    "field9".getBytes(StandardCharsets.UTF_8)))
            .hasSize(100);
        first = first == null ? new String(r.getRow(), StandardCharsets.UTF_8) : first;
      }
      assertThat(rows).isEqualTo(1000);
      assertThat(first).startsWith("user");
      // and hbload's binding reads YCSB's rows back
      Binding b = s.newBinding(0);
      Rows.Capture c = new Rows.Capture();
      assertThat(b.read("usertable", Rows.key(first), new ArrayFields().set(null), c))
          .isSameAs(Status.OK);
      assertThat(c.fields).hasSize(10).containsKeys("field0", "field9");
    }
  }

  private String ycsb(Path conf, String... args) throws IOException, InterruptedException {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // a behaviour check, not a speed one: the JIT's first tier alone starts it on less
                // CPU
                "-XX:TieredStopAtLevel=1",
                "--add-opens",
                "java.base/java.lang=ALL-UNNAMED",
                "--add-opens",
                "java.base/java.nio=ALL-UNNAMED",
                "-Xmx512m",
                "-Dlog4j.configuration=" + getClass().getResource("/log4j.properties"),
                "-cp",
                conf + File.pathSeparator + dropInJar() + File.pathSeparator + ycsbJars(),
                "site.ycsb.Client",
                "-db",
                HbloadHBaseClient.class.getName(),
                "-P",
                Path.of(System.getProperty("hbload.workloads", "../workloads"), "workloada")
                    .toString(),
                "-p",
                "columnfamily=family",
                "-threads",
                "2"));
    cmd.addAll(List.of(args));
    Path log = Files.createTempFile(tmp, "ycsb", ".log");
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!p.waitFor(180, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("YCSB Client did not finish in 180 s:\n" + Files.readString(log));
    }
    String output = Files.readString(log);
    assertThat(p.exitValue()).as(output).isZero();
    return output;
  }

  /** The jar under test, built by {@code package} before the integration tests run. */
  private static Path dropInJar() {
    Path jar = Path.of(System.getProperty("hbload.ycsb.jar", "target/hbload-ycsb-binding.jar"));
    assertThat(jar).as("the slim jar (run after package)").isRegularFile();
    return jar;
  }

  /**
   * YCSB 0.17.0's own jars (its {@code lib/}: core and its Jackson 1 and HTrace), from this test's
   * class path.
   */
  private static String ycsbJars() {
    List<String> jars = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      String p = entry.replace('\\', '/');
      if (p.contains("/site/ycsb/core/")
          || p.contains("/org/codehaus/jackson/")
          || p.contains("/org/apache/htrace/htrace-core4/")) {
        jars.add(entry);
      }
    }
    assertThat(jars)
        .as("YCSB core on the test class path")
        .anyMatch(j -> j.contains("/site/ycsb/core/"));
    return String.join(File.pathSeparator, jars);
  }

  /** {@code [OP], Return=NAME, n} lines as op -> name -> n. */
  private static Map<String, Map<String, Long>> returns(String output) {
    Map<String, Map<String, Long>> m = new HashMap<>();
    Matcher r = RETURN.matcher(output);
    while (r.find()) {
      m.computeIfAbsent(r.group(1), k -> new HashMap<>())
          .put(r.group(2), Long.parseLong(r.group(3)));
    }
    return m;
  }
}
