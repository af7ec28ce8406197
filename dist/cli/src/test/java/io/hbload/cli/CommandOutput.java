package io.hbload.cli;

import io.hbload.core.time.Clock;
import io.hbload.core.time.EventClock;
import io.hbload.hbase.testkit.TestHBase;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
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

  /**
   * {@code hbload ARGS} on a virtual clock of its own ({@link HbloadCommand#commandLine(Clock)}):
   * its phases' sleeps, paced schedules and simulated delays take no real time.
   */
  public static CommandOutput onVirtualTime(String... args) {
    EventClock clock = new EventClock();
    return clock.run(() -> of(HbloadCommand.commandLine(clock), args));
  }

  /**
   * {@code hbload ARGS} on {@code hbase} found by its address, as a real cluster is, with no wait
   * for the block-cache counters after a run (they come over JMX, which would cost up to 2.5 s a
   * run here; the tests using this do not read caches).
   */
  public static CommandOutput onCluster(TestHBase hbase, String... args) {
    List<String> argv = new ArrayList<>(List.of(args));
    argv.addAll(List.of("--zk", hbase.zkQuorum() + ":" + hbase.zkPort()));
    argv.addAll(List.of("-p", "hbload.metrics.settlems=0"));
    return of(HbloadCommand.commandLine(), argv.toArray(new String[0]));
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
