package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.cli.contract.ExitCode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code hbload mapreduce load|run|pe|dfsio --metrics}: only a Pushgateway is accepted; a scrape
 * endpoint or a bad URL is bad input, refused before any cluster starts, in one line.
 */
class TaskMetricsOptionTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "run --metrics prometheus:9464 -w a",
        "load --metrics prometheus -w a",
        "run --metrics pushgateway:nowhere -w a",
        "dfsio write --metrics prometheus:0"
      })
  void onlyAPushgatewayIsAccepted(String args) {
    String[] a = ("mapreduce " + args + " --clients 2").split(" ");
    CommandOutput o = CommandOutput.of(HbloadCommand.commandLine(), a);
    assertThat(o.exit()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(o.errLines()).hasSize(1);
    String path = a[1].equals("dfsio") ? "dfsio write" : a[1];
    assertThat(o.err())
        .startsWith("hbload mapreduce " + path + ": ")
        .contains("--metrics")
        .doesNotContain("\tat ");
    assertThat(o.out()).isEmpty();
    if (args.contains("prometheus")) {
      assertThat(o.err()).contains("give pushgateway:URL");
    }
  }

  /** {@code mapreduce pe} takes PE's positional command and nclients, not --clients. */
  @org.junit.jupiter.api.Test
  void peTakesOnlyAPushgatewayToo() {
    CommandOutput o =
        CommandOutput.of(
            HbloadCommand.commandLine(),
            "mapreduce",
            "pe",
            "--metrics",
            "prometheus:9464",
            "randomRead",
            "2");
    assertThat(o.exit()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(o.errLines()).hasSize(1);
    assertThat(o.err())
        .startsWith("hbload mapreduce pe: ")
        .contains("give pushgateway:URL")
        .doesNotContain("\tat ");
    assertThat(o.out()).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"load", "run", "pe", "dfsio write", "dfsio read"})
  void theHelpSaysWhatTheTasksPush(String command) {
    String[] a = ("mapreduce " + command + " --help").split(" ");
    CommandOutput o = CommandOutput.of(HbloadCommand.commandLine(), a);
    // picocli wraps the usage and the descriptions (at spaces, and after a colon)
    assertThat(o.out().replaceAll("\\s+", ""))
        .contains("--metrics=pushgateway:URL")
        .contains("everystatusinterval")
        .contains("prometheus[:PORT]isnotacceptedhere");
  }
}
