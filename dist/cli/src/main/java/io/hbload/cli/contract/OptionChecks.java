package io.hbload.cli.contract;

import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * The checks every command's options go through after parsing and before its {@code call()}:
 * nothing of a command has started when they fail. Today one rule, which no converter can apply
 * because picocli's own String and Path conversions accept it: a value given but empty ({@code
 * --json ''}, {@code --table=}, {@code -db ""}) is bad input, never "unset" (a script that expands
 * an empty variable would otherwise run with defaults it did not ask for). {@code NAME=VALUE} map
 * options ({@code -p}, {@code -D}) are exempt: an empty property value is YCSB's to read.
 *
 * <p>Installed once on the root command line, so every subcommand, present and future, gets it.
 * Stateless.
 */
public final class OptionChecks implements CommandLine.IExecutionStrategy {
  private final CommandLine.IExecutionStrategy next;

  public OptionChecks(CommandLine.IExecutionStrategy next) {
    this.next = next;
  }

  @Override
  public int execute(ParseResult parseResult) {
    for (ParseResult p = parseResult; p != null; p = p.subcommand()) {
      for (OptionSpec o : p.matchedOptions()) {
        refuseEmpty(p, o, o.longestName());
      }
      for (PositionalParamSpec param : p.matchedPositionals()) {
        refuseEmpty(p, param, param.paramLabel());
      }
    }
    return next.execute(parseResult);
  }

  private static void refuseEmpty(ParseResult p, ArgSpec arg, String name) {
    if (arg.typeInfo().isMap() || arg.typeInfo().isBoolean()) {
      return;
    }
    for (String value : arg.originalStringValues()) {
      if (value.isBlank()) {
        throw new CommandLine.ParameterException(
            p.commandSpec().commandLine(),
            name + ": an empty value; leave the option out for its default");
      }
    }
  }
}
