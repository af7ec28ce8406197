package io.hbload.cli;

import io.hbload.cli.contract.ExitCode;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;

/**
 * Entry point of {@code hbload.jar}. Also accepts YCSB Client's raw form ({@code -load}/{@code -t}
 * among the flags instead of a {@code load}/{@code run} subcommand) and TestDFSIO's ({@code dfsio
 * -write -nrFiles 4}), so existing command lines work unchanged.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    String[] argv;
    try {
      argv = forms(args);
    } catch (TestDfsioForm.Refused e) {
      System.err.println(e.getMessage());
      System.exit(ExitCode.BAD_INPUT);
      return;
    }
    CommandLine commandLine = HbloadCommand.commandLine();
    int exit = commandLine.execute(argv);
    System.exit(afterOutput(exit, commandLine.getOut(), System.out, System.err));
  }

  /**
   * The command lines of the tools hbload replaces, as hbload's own: YCSB Client's raw form, PE's
   * attached -Dk=v and TestDFSIO's.
   */
  static String[] forms(String[] args) {
    return TestDfsioForm.rewrite(peForm(ycsbForm(args)));
  }

  /**
   * The exit code once standard output is flushed: a report printed to a stdout that failed ({@code
   * > /dev/full}, a closed pipe) is a lost result, exit 1 and one line, never exit 0. PrintStream
   * and PrintWriter swallow the IOException and only remember it, so it is asked for here, at the
   * end, when nothing else can still write.
   */
  static int afterOutput(int exit, PrintWriter out, PrintStream stdout, PrintStream err) {
    boolean lost = out.checkError() | stdout.checkError(); // both: each flushes
    if (!lost) {
      return exit;
    }
    err.println(
        "hbload: standard output could not be written (disk full or pipe closed): the report is lost");
    err.flush();
    return exit == ExitCode.OK ? ExitCode.FAILURE : exit;
  }

  /**
   * Splits PE's attached {@code -Dname=value} into {@code -D name=value} for {@code pe} and {@code
   * mapreduce pe}, so a PE command line runs unchanged: the CLI keeps POSIX clustering of short
   * options off (YCSB's {@code -threads} and {@code -target} are single-dash words), which is what
   * would let picocli read the attached form.
   */
  static String[] peForm(String[] args) {
    int command = args.length > 1 && args[0].equals("mapreduce") ? 1 : 0;
    if (args.length <= command || !args[command].equals("pe")) {
      return args;
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (i > command && a.startsWith("-D") && a.length() > 2 && a.indexOf('=') > 2) {
        out.add("-D");
        out.add(a.substring(2));
      } else {
        out.add(a);
      }
    }
    return out.toArray(new String[0]);
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
