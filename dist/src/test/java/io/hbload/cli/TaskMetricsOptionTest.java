package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.cli.contract.ExitCode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code hbload mapreduce load|run --metrics}: only a Pushgateway is accepted; a scrape endpoint or a bad URL is bad
 * input, refused before any cluster starts, in one line.
 */
class TaskMetricsOptionTest {
  @ParameterizedTest
  @ValueSource(strings = {"run --metrics prometheus:9464", "load --metrics prometheus", "run --metrics pushgateway:nowhere"})
  void onlyAPushgatewayIsAccepted(String args) {
    String[] a = ("mapreduce " + args + " -w a --clients 2").split(" ");
    CommandOutput o = CommandOutput.of(HbloadCommand.commandLine(), a);
    assertThat(o.exit()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(o.errLines()).hasSize(1);
    assertThat(o.err()).startsWith("hbload mapreduce " + a[1] + ": ").contains("--metrics").doesNotContain("\tat ");
    assertThat(o.out()).isEmpty();
    if (args.contains("prometheus")) {
      assertThat(o.err()).contains("give pushgateway:URL");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"load", "run"})
  void theHelpSaysWhatTheTasksPush(String phase) {
    CommandOutput o = CommandOutput.of(HbloadCommand.commandLine(), "mapreduce", phase, "--help");
    assertThat(o.out()).contains("--metrics=pushgateway:URL").contains("prometheus[:PORT] is not");
  }
}
