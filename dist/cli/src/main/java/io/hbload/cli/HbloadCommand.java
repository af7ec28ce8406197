package io.hbload.cli;

import io.hbload.cli.contract.DurationConverter;
import io.hbload.cli.contract.ErrorHandler;
import io.hbload.cli.contract.ExitCode;
import io.hbload.cli.contract.OptionChecks;
import io.hbload.core.export.Version;
import io.hbload.core.spec.RunSpec;
import io.hbload.core.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code hbload} command and its subcommands; maps every error to one line and an exit code.
 */
@Command(
    name = "hbload",
    mixinStandardHelpOptions = true,
    versionProvider = HbloadCommand.VersionProvider.class,
    description = {
      "YCSB-compatible load generator and benchmark kit for Apache HBase and HDFS.",
      "With no cluster configured, load/run use an embedded, in-process HBase on 127.0.0.1."
    },
    subcommands = {
      LoadCommand.class,
      RunCommand.class,
      ReplayCommand.class,
      SuiteCommand.class,
      PlanCommand.class,
      PerformanceEvaluationCommand.class,
      MergeCommand.class,
      ReportCommand.class,
      CompareCommand.class,
      VerifyCommand.class,
      MapReduceCommand.class,
      EmbeddedCommand.class,
      DfsioCommand.class,
      GcTuneCommand.class,
      CompletionCommand.class
    })
public final class HbloadCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  private final Clock clock;

  private HbloadCommand(Clock clock) {
    this.clock = clock;
  }

  /** No command: a usage error like any other (exit 2), the usage on stderr where errors go. */
  @Override
  public Integer call() {
    CommandLine cl = spec.commandLine();
    cl.getErr().println("hbload: no command given; the commands are:");
    cl.usage(cl.getErr());
    return ExitCode.BAD_INPUT;
  }

  /**
   * The configured command line: YCSB's single-dash long flags, the last of a repeated option wins
   * (as on YCSB's command line and java's -Xmx), no {@code @FILE} expansion, typed converters, and
   * the one error handler for every subcommand.
   */
  public static CommandLine commandLine() {
    return commandLine(Clock.system());
  }

  /**
   * As {@link #commandLine()}, with the phases of {@code load}, {@code run} (a whole {@code
   * --find-max} search too) and {@code suite} reading time and waiting on {@code clock}: a test's
   * {@code EventClock} runs them in virtual time. The other commands ({@code pe}, {@code
   * mapreduce}, ...) still run on the system clock.
   */
  public static CommandLine commandLine(Clock clock) {
    CommandLine cl = new CommandLine(new HbloadCommand(clock));
    cl.setPosixClusteredShortOptionsAllowed(false);
    cl.setOverwrittenOptionsAllowed(true);
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    // '@FILE' would be replaced by the file's words: any readable file (a keytab's neighbour, a
    // secret) would reach the parser and, as an unknown argument, its error message
    cl.setExpandAtFiles(false);
    cl.registerConverter(Duration.class, new DurationConverter());
    ErrorHandler errors = new ErrorHandler();
    cl.setParameterExceptionHandler(errors);
    cl.setExecutionExceptionHandler(errors);
    cl.setExecutionStrategy(new OptionChecks(new CommandLine.RunLast()));
    exitCodes(cl);
    return cl;
  }

  /**
   * {@code spec} on the clock the command line was made with ({@link #commandLine(Clock)}); the
   * system clock, as parsed, for a command used without this root.
   */
  static RunSpec onClock(RunSpec spec, CommandLine.Model.CommandSpec command) {
    return spec.withClock(clock(command));
  }

  /**
   * The clock the command line was made with ({@link #commandLine(Clock)}); the system clock for a
   * command used without this root.
   */
  static Clock clock(CommandLine.Model.CommandSpec command) {
    Object root = command.root().userObject();
    return root instanceof HbloadCommand h ? h.clock : Clock.system();
  }

  /**
   * Every command's {@code --help} lists the exit codes from {@link ExitCode#HELP}, the one list
   * (the codes are the same for every command, so {@code hbload run --help} shows find-max's 4),
   * unless the command states its own in its own words ({@code compare}: what 0, 1 and 3 mean for
   * its gate).
   */
  private static void exitCodes(CommandLine cl) {
    Map<String, String> codes = new LinkedHashMap<>();
    for (String line : ExitCode.HELP) {
      int colon = line.indexOf(':');
      codes.put(line.substring(0, colon), line.substring(colon + 1));
    }
    CommandLine.Model.UsageMessageSpec usage = cl.getCommandSpec().usageMessage();
    if (usage.exitCodeList().isEmpty()) {
      usage.exitCodeListHeading("%nExit codes:%n").exitCodeList(codes);
    }
    cl.getSubcommands().values().forEach(HbloadCommand::exitCodes);
  }

  /** Version from the jar manifest. */
  public static final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {
        "hbload " + Version.get() + " (YCSB 0.17.0 compatible)",
        "Java " + System.getProperty("java.version") + " " + System.getProperty("java.vm.name")
      };
    }
  }
}
