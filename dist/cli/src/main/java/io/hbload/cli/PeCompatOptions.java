package io.hbload.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The options of HBase 2.5 PerformanceEvaluation's usage that {@code hbload pe} and {@code hbload
 * mapreduce pe} take so that a PE script runs unchanged, but that hbload's engine does not act on:
 * each is accepted and, when given, named on stderr with why it has no effect here (one line each,
 * before anything starts). Three are always on here ({@code --latency}, {@code --flushCommits},
 * {@code --addColumns}), so they are silent unless turned off. PE's other options are {@link
 * PeOptions}' and are honoured. A picocli model transformer: the options are added to the command's
 * model, each with its reason as its {@code --help} text, from the one table below. Stateless.
 */
final class PeCompatOptions implements CommandLine.IModelTransformer {
  /**
   * One of PE's options: its name, whether PE takes it without a value ({@code --latency}) rather
   * than as {@code --name=value}, and what it does here.
   */
  private record Compat(String name, boolean flag, boolean alwaysOn, String here) {}

  private static final List<Compat> TABLE =
      List.of(
          new Compat(
              "latency",
              true,
              true,
              "always on here: every client's latency lines are printed, to p99.999"),
          new Compat(
              "flushCommits",
              false,
              true,
              "always on here: each client's writes are flushed when it ends"),
          new Compat(
              "addColumns",
              false,
              true,
              "always on here: gets and scans name their columns, as PE's default"),
          new Compat(
              "connCount",
              false,
              false,
              "clients share one connection with --oneCon, else have one each"),
          new Compat("period", false, false, "progress is the engine's status line (-s)"),
          new Compat(
              "cycles",
              false,
              false,
              "each client runs its rows once; run the command again to repeat"),
          new Compat("traceRate", false, false, "HTrace spans are not started by hbload's engine"),
          new Compat("encryption", false, false, "the table is created without encryption"),
          new Compat("bufferSize", false, false, "buffered writes use PE's default buffer, 2 MB"));

  @Override
  public CommandSpec transform(CommandSpec spec) {
    for (Compat c : TABLE) {
      OptionSpec.Builder o =
          OptionSpec.builder("--" + c.name())
              .description(
                  "PE's --"
                      + c.name()
                      + ": "
                      + (c.alwaysOn() ? c.here() : "accepted, no effect here: " + c.here()));
      if (c.flag() || c.alwaysOn()) {
        // PE's flags take no value; the always-on ones may be given =false, which is then said to
        // have no effect
        o.type(boolean.class).arity("0..1").fallbackValue("true");
      } else {
        o.type(String.class).arity("1").paramLabel("VALUE");
      }
      spec.addOption(o.build());
    }
    return spec;
  }

  /** The option names this adds, e.g. {@code --latency}, for tests and help. */
  static List<String> names() {
    return TABLE.stream().map(c -> "--" + c.name()).toList();
  }

  /**
   * One line per option given that has no effect here: {@code hbload pe: --cycles=3 has no effect
   * here: ...}.
   */
  static List<String> notices(CommandSpec spec) {
    List<String> out = new ArrayList<>();
    CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
    for (Compat c : TABLE) {
      OptionSpec o = parsed.matchedOption("--" + c.name());
      if (o == null) {
        continue;
      }
      Object value = o.getValue();
      if (c.alwaysOn() && Boolean.TRUE.equals(value)) {
        continue; // honoured
      }
      String given =
          c.flag() || c.alwaysOn() && value == null
              ? "--" + c.name()
              : "--" + c.name() + "=" + value;
      out.add(spec.qualifiedName(" ") + ": " + given + " has no effect here: " + c.here());
    }
    return out;
  }
}
