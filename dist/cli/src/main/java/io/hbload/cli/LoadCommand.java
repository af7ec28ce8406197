package io.hbload.cli;

import io.hbload.core.config.Phase;
import picocli.CommandLine.Command;

/** {@code hbload load}: YCSB's {@code -load} phase, inserting the records. */
@Command(
    name = "load",
    mixinStandardHelpOptions = true,
    versionProvider = HbloadCommand.VersionProvider.class,
    description = "Insert recordcount records (YCSB's load phase).")
final class LoadCommand extends PhaseCommand {
  @Override
  Phase phase() {
    return Phase.LOAD;
  }
}
