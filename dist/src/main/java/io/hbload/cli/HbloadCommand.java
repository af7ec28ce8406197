package io.hbload.cli;

import io.hbload.core.binding.BindingException;
import io.hbload.core.config.SpecException;
import io.hbload.core.export.Version;
import java.io.PrintWriter;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code hbload} command and its subcommands; maps every error to one line and an exit code. */
@Command(
    name = "hbload",
    mixinStandardHelpOptions = true,
    versionProvider = HbloadCommand.VersionProvider.class,
    description = {
        "YCSB-compatible load generator and benchmark kit for Apache HBase and HDFS.",
        "With no cluster configured, load/run use an embedded, in-process HBase on 127.0.0.1."},
    subcommands = {
        LoadCommand.class,
        RunCommand.class,
        EmbeddedCommand.class,
        DfsioCommand.class,
        GcTuneCommand.class,
        AutoComplete.GenerateCompletion.class},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:completed",
        "1:run failure (a worker failed, or errors with --fail-on-error)",
        "2:bad input: usage, properties, files, cluster settings",
        "130:interrupted (the report of what was done is still printed)"})
public final class HbloadCommand implements Runnable {
  public static final int EXIT_OK = 0;
  public static final int EXIT_FAILURE = 1;
  public static final int EXIT_BAD_INPUT = 2;
  public static final int EXIT_INTERRUPTED = 130;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** The configured command line: YCSB's single-dash long flags, one-line errors, exit codes 0/1/2. */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new HbloadCommand());
    cl.setPosixClusteredShortOptionsAllowed(false);
    // As on YCSB's command line (and java's -Xmx), a repeated option's last value wins.
    cl.setOverwrittenOptionsAllowed(true);
    cl.setParameterExceptionHandler((ex, args) -> {
      PrintWriter err = ex.getCommandLine().getErr();
      err.println(ex.getCommandLine().getCommandName() + ": " + firstLine(ex.getMessage())
          + " (see --help)");
      err.flush();
      return EXIT_BAD_INPUT;
    });
    cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
      PrintWriter err = commandLine.getErr();
      if (ex instanceof SpecException || ex instanceof BindingException || ex instanceof IllegalArgumentException) {
        err.println("hbload: " + firstLine(ex.getMessage()));
        err.flush();
        return EXIT_BAD_INPUT;
      }
      err.println("hbload: " + ex.getClass().getSimpleName() + ": " + firstLine(ex.getMessage()));
      err.flush();
      return EXIT_FAILURE;
    });
    return cl;
  }

  static String firstLine(String message) {
    if (message == null) {
      return "unknown error";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }

  /** Version from the jar manifest. */
  public static final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"hbload " + Version.get() + " (YCSB 0.17.0 compatible)",
          "Java " + System.getProperty("java.version") + " " + System.getProperty("java.vm.name")};
    }
  }
}
