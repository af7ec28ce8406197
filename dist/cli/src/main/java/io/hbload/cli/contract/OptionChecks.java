package io.hbload.cli.contract;

import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * The checks every command's options go through after parsing and before its {@code call()}:
 * nothing of a command has started when they fail. Two rules, which no converter can apply because
 * they are about what was given rather than one value:
 *
 * <ul>
 *   <li>a value given but empty ({@code --json ''}, {@code --table=}, {@code -db ""}) is bad input,
 *       never "unset" (a script that expands an empty variable would otherwise run with defaults it
 *       did not ask for). {@code NAME=VALUE} map options ({@code -p}, {@code -D}) are exempt: an
 *       empty property value is YCSB's to read;
 *   <li>an option marked {@link Requires} given without the options it needs ({@code
 *       --metrics-linger} without {@code --metrics}) is bad input, never ignored.
 * </ul>
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
      for (OptionSpec o : p.matchedOptions()) {
        refuseAlone(p, o);
      }
    }
    return next.execute(parseResult);
  }

  /** What {@code option} needs beside it ({@link Requires}), or null when it stands alone. */
  public static Requires requirement(OptionSpec option) {
    return option.userObject() instanceof AnnotatedElement e
        ? e.getAnnotation(Requires.class)
        : null;
  }

  private static void refuseAlone(ParseResult p, OptionSpec o) {
    Requires requires = requirement(o);
    if (requires == null) {
      return;
    }
    List<String> all = new ArrayList<>();
    boolean missing = false;
    for (String name : requires.value()) {
      OptionSpec other = p.commandSpec().findOption(name);
      if (other == null) {
        throw new IllegalStateException(
            o.longestName()
                + " requires "
                + name
                + ", which "
                + p.commandSpec().qualifiedName(" ")
                + " does not have");
      }
      all.add(other.longestName());
      missing |= !p.hasMatchedOption(other);
    }
    if (missing) {
      throw new CommandLine.ParameterException(
          p.commandSpec().commandLine(),
          o.longestName()
              + ": only with "
              + String.join(" and ", all)
              + (requires.why().isEmpty() ? "" : " (" + requires.why() + ")"));
    }
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
