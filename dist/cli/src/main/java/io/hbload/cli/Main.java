package io.hbload.cli;

import io.hbload.cli.contract.ExitCode;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Entry point of {@code hbload.jar}. Also accepts YCSB Client's raw form ({@code -load}/{@code -t} among
 * the flags instead of a {@code load}/{@code run} subcommand) and TestDFSIO's ({@code dfsio -write -nrFiles 4}),
 * so existing command lines work unchanged.
 */
public final class Main {
  private Main() {
  }

  public static void main(String[] args) {
    String[] argv;
    try {
      argv = forms(args);
    } catch (TestDfsioForm.Refused e) {
      System.err.println(e.getMessage());
      System.exit(ExitCode.BAD_INPUT);
      return;
    }
    picocli.CommandLine commandLine = HbloadCommand.commandLine();
    int exit = commandLine.execute(argv);
    System.exit(afterOutput(exit, commandLine.getOut(), System.out, System.err));
  }

  /** The command lines of the tools hbload replaces, as hbload's own: YCSB Client's raw form and TestDFSIO's. */
  static String[] forms(String[] args) {
    return TestDfsioForm.rewrite(ycsbForm(args));
  }

  /**
   * The exit code once standard output is flushed: a report printed to a stdout that failed ({@code > /dev/full}, a
   * closed pipe) is a lost result, exit 1 and one line, never exit 0. PrintStream and PrintWriter swallow the
   * IOException and only remember it, so it is asked for here, at the end, when nothing else can still write.
   */
  static int afterOutput(int exit, PrintWriter out, PrintStream stdout, PrintStream err) {
    boolean lost = out.checkError() | stdout.checkError(); // both: each flushes
    if (!lost) {
      return exit;
    }
    err.println("hbload: standard output could not be written (disk full or pipe closed): the report is lost");
    err.flush();
    return exit == ExitCode.OK ? ExitCode.FAILURE : exit;
  }

  /** Rewrites {@code [-load|-t] flags...} into {@code load|run flags...}. */
  static String[] ycsbForm(String[] args) {
    if (args.length == 0 || !args[0].startsWith("-") || args[0].startsWith("--")) {
      return args;
    }
    List<String> rest = new ArrayList<>(Arrays.asList(args));
    String phase = null;
    if (rest.remove("-load")) {
      phase = "load";
    }
    if (rest.remove("-t")) {
      phase = phase == null ? "run" : phase;
    }
    if (phase == null) {
      return args;
    }
    rest.add(0, phase);
    return rest.toArray(new String[0]);
  }
}
