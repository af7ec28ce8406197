package io.hbload.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import picocli.CommandLine;

/**
 * What a command printed and returned, run in-process with picocli's writers captured (tests' one
 * way to run).
 */
public record CommandOutput(int exit, String out, String err) {
  public static CommandOutput of(CommandLine commandLine, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    int exit = commandLine.execute(args);
    return new CommandOutput(exit, out.toString(), err.toString());
  }

  public List<String> outLines() {
    return out.lines().toList();
  }

  public List<String> errLines() {
    return err.lines().toList();
  }

  /**
   * {@code [METRIC], NAME, VALUE} of a YCSB report in {@code report}; an AssertionError without.
   */
  public static double reportValue(String report, String metric, String name) {
    String prefix = "[" + metric + "], " + name + ", ";
    return report
        .lines()
        .filter(l -> l.startsWith(prefix))
        .findFirst()
        .map(l -> Double.parseDouble(l.substring(prefix.length()).trim()))
        .orElseThrow(() -> new AssertionError("no " + prefix + " in\n" + report));
  }
}
