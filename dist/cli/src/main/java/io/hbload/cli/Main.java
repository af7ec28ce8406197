package io.hbload.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Entry point of {@code hbload.jar}. Also accepts YCSB Client's raw form ({@code -load}/{@code -t} among
 * the flags instead of a {@code load}/{@code run} subcommand), so existing command lines work unchanged.
 */
public final class Main {
  private Main() {
  }

  public static void main(String[] args) {
    System.exit(HbloadCommand.commandLine().execute(ycsbForm(args)));
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
