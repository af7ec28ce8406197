package io.hbload.cli.contract;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * The one place that turns an exception into what the user sees: a single line on stderr, {@code
 * hbload <command>: <message>}, never a stack trace, and the exit code from {@link ExitCode}.
 * Installed on the root command line, so every subcommand, present and future, gets it.
 */
public final class ErrorHandler implements IExecutionExceptionHandler, IParameterExceptionHandler {
  @Override
  public int handleParseException(CommandLine.ParameterException ex, String[] args) {
    print(ex.getCommandLine(), firstLine(ex.getMessage()) + suggestion(ex) + " (see --help)");
    return ExitCode.BAD_INPUT;
  }

  @Override
  public int handleExecutionException(
      Exception ex, CommandLine commandLine, ParseResult parseResult) {
    if (BadInput.is(ex)) {
      print(commandLine, firstLine(BadInput.find(ex).getMessage()));
      return ExitCode.BAD_INPUT;
    }
    // A failed run or a bug: still one line, but with the type, which says which kind it was.
    print(
        commandLine,
        "failed: " + ex.getClass().getSimpleName() + ": " + firstLine(ex.getMessage()));
    return ExitCode.FAILURE;
  }

  /**
   * For a misspelt option, the closest ones picocli knows: "--thread" gets "did you mean
   * -threads?".
   */
  private static String suggestion(CommandLine.ParameterException ex) {
    if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getSuggestions().isEmpty()) {
      return "; did you mean "
          + String.join(
              " or ", u.getSuggestions().subList(0, Math.min(3, u.getSuggestions().size())))
          + "?";
    }
    return "";
  }

  private static void print(CommandLine commandLine, String message) {
    PrintWriter err = commandLine.getErr();
    err.println(qualifiedName(commandLine) + ": " + message);
    err.flush();
  }

  /** {@code hbload dfsio write}: the command path, so the line says where it came from. */
  static String qualifiedName(CommandLine commandLine) {
    return commandLine.getCommandSpec().qualifiedName(" ");
  }

  /** The first line of a message; exceptions from libraries may carry several. */
  public static String firstLine(String message) {
    if (message == null || message.isBlank()) {
      return "unknown error";
    }
    String m = message.strip();
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl).strip();
  }
}
