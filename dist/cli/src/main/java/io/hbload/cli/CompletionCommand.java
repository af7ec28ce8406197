package io.hbload.cli;

import io.hbload.cli.contract.ExitCode;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code hbload generate-completion}: the bash/zsh completion script for every command and option,
 * generated from the command tree so it never falls behind. Our own command rather than picocli's
 * built-in one, which treats unknown arguments leniently: this one is on the CLI contract like
 * every other.
 */
@Command(
    name = "generate-completion",
    mixinStandardHelpOptions = true,
    description = {
      "Print a bash/zsh completion script for hbload, e.g.",
      "  source <(java -jar hbload.jar generate-completion)"
    })
final class CompletionCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().getOut().print(AutoComplete.bash("hbload", spec.root().commandLine()));
    spec.commandLine().getOut().flush();
    return ExitCode.OK;
  }
}
