package io.hbload.e2e;

import static io.hbload.core.testing.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.testing.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbload embedded --kerberos} from the built jar, as a user of a secure cluster meets it.
 * (Its own class, so that the package module's two test JVMs run it beside the other
 * embedded-server tests.)
 */
class EmbeddedKerberosIT {
  @TempDir Path dir;

  /**
   * {@code hbload embedded --kerberos} (MiniKdc + secure HBase) serves another JVM that logs in
   * with exactly the arguments it prints; a client without credentials (no ticket cache) fails in
   * one line, exit 2, within 30 s.
   */
  @Test
  void embeddedKerberosServesAClientThatUsesThePrintedLogin() throws Exception {
    Path conf = dir.resolve("krb");
    Path serverOut = dir.resolve("krb-server.out");
    Path serverErr = dir.resolve("krb-server.err");
    Process server =
        new ProcessBuilder(Cli.javaJar("embedded", "--kerberos", "--conf-dir", conf.toString()))
            .redirectOutput(serverOut.toFile())
            .redirectError(serverErr.toFile())
            .start();
    try {
      String run =
          Waits.line(
              await("login line printed in time", Duration.ofSeconds(180), Duration.ofMillis(200))
                  .failFast(Waits.alive("server", server, serverErr)),
              () -> Files.readString(serverOut),
              "hbload run ");
      String load =
          Files.readString(serverOut)
              .lines()
              .filter(l -> l.startsWith("hbload load "))
              .findFirst()
              .orElseThrow();
      Cli.Result loaded = Cli.run(Cli.javaJar(words(load, "-p", "recordcount=500")), dir, 120);
      assertThat(loaded.code()).as(loaded.err()).isZero();
      assertThat(loaded.out()).contains("[INSERT], Return=OK, 500").doesNotContain("Return=ERROR");
      Cli.Result ran =
          Cli.run(
              Cli.javaJar(words(run, "-p", "recordcount=500", "-p", "operationcount=1000")),
              dir,
              120);
      assertThat(ran.code()).as(ran.err()).isZero();
      assertThat(ran.out())
          .contains("[READ], Return=OK, ")
          .doesNotContain("Return=ERROR")
          .doesNotContain("Return=NOT_FOUND");

      Path err = dir.resolve("nocreds.err");
      ProcessBuilder noCredentials =
          new ProcessBuilder(
                  Cli.javaJar(
                      "run",
                      "-w",
                      "a",
                      "--hbase-conf",
                      conf.toString(),
                      "--krb5-conf",
                      conf.resolve("krb5.conf").toString()))
              .redirectError(err.toFile())
              .redirectOutput(dir.resolve("nocreds.out").toFile());
      noCredentials.environment().put("KRB5CCNAME", "FILE:" + dir.resolve("no-ticket-cache"));
      Process p = noCredentials.start();
      assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("fails within 30 s").isTrue();
      assertThat(p.exitValue()).isEqualTo(2);
      List<String> lines = Files.readAllLines(err);
      assertThat(lines.stream().filter(l -> l.startsWith("hbload run: ")).toList())
          .containsExactly(lines.get(lines.size() - 1));
      assertThat(lines.get(lines.size() - 1))
          .startsWith(
              "hbload run: Kerberos login from the ticket cache (kinit) "
                  + "failed: no valid ticket for ");
    } finally {
      new ProcessBuilder("kill", "-INT", Long.toString(server.pid())).start().waitFor();
      assertThat(server.waitFor(60, TimeUnit.SECONDS)).as("server stops on Ctrl-C").isTrue();
    }
    assertThat(conf.resolve("client.keytab")).doesNotExist();
  }

  /**
   * A printed {@code hbload <command> ...} line as arguments (without {@code hbload}), plus {@code
   * more}.
   */
  private static String[] words(String line, String... more) {
    List<String> w = new java.util.ArrayList<>(List.of(line.trim().split("\\s+")));
    w.remove(0);
    w.addAll(List.of(more));
    return w.toArray(new String[0]);
  }
}
