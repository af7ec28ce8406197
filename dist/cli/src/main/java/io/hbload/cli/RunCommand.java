package io.hbload.cli;

import io.hbload.core.config.Phase;
import picocli.CommandLine.Command;

/** {@code hbload run}: YCSB's {@code -t} transaction phase. */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = HbloadCommand.VersionProvider.class,
    description = "Run the workload's operation mix (YCSB's transaction phase).")
final class RunCommand extends PhaseCommand {
  @Override
  Phase phase() {
    return Phase.RUN;
  }
}
