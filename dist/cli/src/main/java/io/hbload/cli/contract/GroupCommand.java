package io.hbload.cli.contract;

import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A command that only groups subcommands ({@code dfsio}, {@code mapreduce}, ...): run alone, it
 * prints its usage and exits 0, like every group of the CLI.
 */
public abstract class GroupCommand implements Callable<Integer> {
  @Spec protected CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getOut());
    return ExitCode.OK;
  }
}
