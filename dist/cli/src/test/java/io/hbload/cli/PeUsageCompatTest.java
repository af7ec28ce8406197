package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.PerformanceEvaluation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Issue 22 §6: a PE script runs unchanged. The option list is PE 2.5's own: its usage text, printed
 * by the real {@link PerformanceEvaluation} (hbase-mapreduce's tests jar, the version hbload builds
 * against), parsed here. Each option, in the form PE takes it, must be accepted by {@code hbload
 * pe}'s parsing and checks (no cluster is started), and each that has no effect here must say so in
 * exactly one stderr line.
 */
class PeUsageCompatTest {
  /**
   * PE's parseOpts matches these without "=VALUE" ({@code --latency}); all others as {@code
   * --name=VALUE}.
   */
  private static final Set<String> PE_FLAGS =
      Set.of("nomapred", "latency", "valueRandom", "valueZipf", "filterAll", "asyncPrefetch");

  /** A value PE itself would take, where a number is not one. */
  private static final Map<String, String> SAMPLES =
      Map.ofEntries(
          Map.entry("compress", "NONE"),
          Map.entry("blockEncoding", "NONE"),
          Map.entry("bloomFilter", "ROW"),
          Map.entry("table", "TestTable"),
          Map.entry("encryption", "NONE"),
          Map.entry("scanReadType", "PREAD"),
          Map.entry("inmemoryCompaction", "BASIC"),
          Map.entry(
              "splitPolicy", "org.apache.hadoop.hbase.regionserver.ConstantSizeRegionSplitPolicy"),
          Map.entry("sampleRate", "0.5"),
          Map.entry("oneCon", "true"),
          Map.entry("autoFlush", "true"),
          Map.entry("writeToWAL", "true"),
          Map.entry("inmemory", "true"),
          Map.entry("flushCommits", "true"),
          Map.entry("usetags", "true"),
          Map.entry("addColumns", "true"),
          Map.entry("cacheBlocks", "true"),
          Map.entry("blockSize", "8192"));

  private static String usage;
  private static List<String> options;

  @BeforeAll
  static void peUsage() throws Exception {
    Method print =
        PerformanceEvaluation.class.getDeclaredMethod("printUsage", String.class, String.class);
    print.setAccessible(true); // protected static: what PE prints for a bad command line
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      print.invoke(null, "pe", null);
    } finally {
      System.setErr(err);
    }
    usage = captured.toString(StandardCharsets.UTF_8);
    // the option sections: " name   description" lines from "General Options:" up to the commands
    String sections =
        usage.substring(usage.indexOf("General Options:"), usage.indexOf("\nCommand:"));
    options = new ArrayList<>();
    Matcher m = Pattern.compile("(?m)^ ([A-Za-z]+)\\s{2,}\\S").matcher(sections);
    while (m.find()) {
      options.add(m.group(1));
    }
  }

  @Test
  void theListIsPesOwn() {
    // a sanity bound, so that a change in PE's layout cannot make the walk below vacuous
    assertThat(options)
        .hasSizeGreaterThan(40)
        .contains("nomapred", "latency", "rows", "size", "bufferSize");
    assertThat(usage).contains("[-D<property=value>]*");
  }

  @Test
  void everyOptionOfPesUsageIsAcceptedAndEachNoOpSaysSo() {
    List<String> problems = new ArrayList<>();
    for (String name : options) {
      String arg =
          PE_FLAGS.contains(name)
              ? "--" + name
              : "--" + name + "=" + SAMPLES.getOrDefault(name, "1");
      CommandLine cl = HbloadCommand.commandLine();
      try {
        // randomRead: the one command that takes every read option (--multiGet too); --autoFlush
        // for --multiPut
        cl.parseArgs("pe", "--autoFlush=true", arg, "randomRead", "1");
      } catch (CommandLine.ParameterException e) {
        problems.add(arg + ": " + e.getMessage());
        continue;
      }
      CommandLine pe = cl.getSubcommands().get("pe");
      PerformanceEvaluationCommand command = pe.getCommand();
      assertThatCode(() -> command.pe.peSpec()).as(arg).doesNotThrowAnyException();
      List<String> notices = PeCompatOptions.notices(pe.getCommandSpec());
      boolean noOp =
          PeCompatOptions.names().contains("--" + name)
              && !List.of("latency", "flushCommits", "addColumns").contains(name);
      if (noOp) {
        assertThat(notices)
            .as(arg)
            .singleElement()
            .asString()
            .startsWith("hbload pe: --" + name)
            .contains(" has no effect here: ");
      } else {
        assertThat(notices).as("%s is honoured: nothing to say", arg).isEmpty();
      }
    }
    assertThat(problems).as("PE options hbload pe refuses").isEmpty();
  }

  @Test
  void alwaysOnOptionsTurnedOffSayTheyHaveNoEffect() {
    CommandLine cl = HbloadCommand.commandLine();
    cl.parseArgs("pe", "--flushCommits=false", "--latency", "sequentialWrite", "1");
    assertThat(PeCompatOptions.notices(cl.getSubcommands().get("pe").getCommandSpec()))
        .containsExactly(
            "hbload pe: --flushCommits=false has no effect here: always on here: each client's writes are flushed when "
                + "it ends");
  }

  @Test
  void peDashDSettingsAreClientSettings() {
    CommandLine cl = HbloadCommand.commandLine();
    // PE's attached form, as the jar's main reads it
    cl.parseArgs(
        Main.peForm(
            new String[] {"pe", "-Dhbase.client.retries.number=3", "sequentialWrite", "1"}));
    PerformanceEvaluationCommand command = cl.getSubcommands().get("pe").getCommand();
    assertThat(command.clientSettings).containsEntry("hbase.client.retries.number", "3");
  }
}
