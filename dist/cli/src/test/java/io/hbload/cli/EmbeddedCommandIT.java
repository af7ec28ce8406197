package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbload embedded --conf-dir DIR} and what the user owns (issue 22 §3): its own files go
 * into DIR and are removed at exit; DIR itself stays when the user made it, and goes when hbload
 * did.
 */
class EmbeddedCommandIT {
  @Test
  void aConfDirTheUserMadeIsKeptAndOnlyHbloadsFilesAreRemoved(@TempDir Path dir) throws Exception {
    Path conf = Files.createDirectory(dir.resolve("userconf"));
    CommandOutput o =
        CommandOutput.of(
            HbloadCommand.commandLine(),
            "embedded",
            "--no-info-servers",
            "--seconds",
            "1",
            "--presplit",
            "1",
            "--conf-dir",
            conf.toString());
    assertThat(o.exit()).as(o.err()).isZero();
    assertThat(o.out()).contains("hbase-site.xml (" + conf.resolve("hbase-site.xml") + "):");
    // empty again, but the user's: it was there before hbload, so it is there after
    assertThat(conf).as("the user's directory stays, without hbload's file").isEmptyDirectory();
  }

  @Test
  void aConfDirItCreatedIsRemovedWithItsFiles(@TempDir Path dir) {
    Path conf = dir.resolve("new/conf");
    CommandOutput o =
        CommandOutput.of(
            HbloadCommand.commandLine(),
            "embedded",
            "--no-info-servers",
            "--seconds",
            "1",
            "--presplit",
            "1",
            "--conf-dir",
            conf.toString());
    assertThat(o.exit()).as(o.err()).isZero();
    assertThat(conf).doesNotExist();
  }
}
