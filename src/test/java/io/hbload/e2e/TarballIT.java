package io.hbload.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tarball unpacks to bin/hbload, lib/hbload.jar and workloads/, and the launcher runs. */
class TarballIT {
  @TempDir Path dir;

  @Test
  void launcherRunsFromAnUnpackedTarball() throws Exception {
    Path tarball = Path.of(System.getProperty("hbload.tarball"));
    Cli.Result untar =
        Cli.run(List.of("tar", "xzf", tarball.toString(), "-C", dir.toString()), dir, 120);
    assertThat(untar.code()).as(untar.err()).isZero();
    Path home;
    try (var s = Files.list(dir)) {
      home = s.filter(Files::isDirectory).findFirst().orElseThrow();
    }
    assertThat(home.resolve("bin/hbload")).isExecutable();
    assertThat(home.resolve("lib/hbload.jar")).exists();
    assertThat(home.resolve("workloads/workloada")).exists();
    Cli.Result version =
        Cli.run(List.of(home.resolve("bin/hbload").toString(), "--version"), dir, 60);
    assertThat(version.code()).isZero();
    assertThat(version.out()).startsWith("hbload ");
    Cli.Result run =
        Cli.run(
            List.of(
                home.resolve("bin/hbload").toString(),
                "run",
                "basic",
                "-P",
                home.resolve("workloads/workloadb").toString()),
            dir,
            60);
    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.out()).contains("[READ], Return=OK, ");
  }
}
