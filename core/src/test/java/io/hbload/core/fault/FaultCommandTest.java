package io.hbload.core.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --fault-exec} runs for real under /bin/sh: placeholders filled, exit code and the last
 * stderr line kept, a command past its timeout killed and reported as such, and the inputs that
 * cannot work refused.
 */
class FaultCommandTest {
  @Test
  void runs_with_host_and_action_filled_in_and_reports_exit_code_and_last_stderr_line(
      @TempDir Path dir) throws Exception {
    Path record = dir.resolve("calls");
    FaultCommand c =
        FaultCommand.of(
            "echo {action} {host} >> " + record + "; echo first >&2; echo 'last words' >&2; exit 3",
            Duration.ofSeconds(30));
    FaultCommand.Outcome o = c.run("rs1.example.com", "restart-regionserver");
    assertThat(Files.readString(record)).isEqualTo("restart-regionserver rs1.example.com\n");
    assertThat(o.exitCode()).isEqualTo(3);
    assertThat(o.timedOut()).isFalse();
    assertThat(o.succeeded()).isFalse();
    assertThat(o.lastStderrLine()).isEqualTo("last words");
    assertThat(o.host()).isEqualTo("rs1.example.com");
    assertThat(o.describe())
        .startsWith("`echo restart-regionserver rs1.example.com >> ")
        .contains("on rs1.example.com: exit 3 in ")
        .endsWith("(stderr: \"last words\")");
  }

  @Test
  void exit_zero_is_success() throws Exception {
    FaultCommand.Outcome o =
        FaultCommand.of("test -n {host}", Duration.ofSeconds(30)).run("h", "x");
    assertThat(o.succeeded()).isTrue();
    assertThat(o.describe()).contains("exit 0").doesNotContain("stderr");
  }

  @Test
  void a_command_past_its_timeout_is_killed_and_reported_as_timed_out() throws Exception {
    FaultCommand c = FaultCommand.of("sleep 30 # {host}", Duration.ofMillis(300));
    FaultCommand.Outcome o = c.run("h", "kill-regionserver");
    assertThat(o.timedOut()).isTrue();
    assertThat(o.succeeded()).isFalse();
    assertThat(o.exitCode()).isEqualTo(-1);
    assertThat(o.elapsedMillis()).isLessThan(30_000);
    assertThat(o.describe()).contains("timed out");
  }

  @Test
  void a_template_without_host_is_refused_naming_the_placeholder() {
    assertThat(FaultCommand.problem("ssh somewhere restart", FaultCommand.DEFAULT_TIMEOUT))
        .hasValueSatisfying(p -> assertThat(p).contains("has no {host}"));
    assertThat(FaultCommand.problem(" ", FaultCommand.DEFAULT_TIMEOUT)).isPresent();
    assertThat(FaultCommand.problem("ssh {host} x", Duration.ZERO))
        .hasValueSatisfying(p -> assertThat(p).contains("--fault-exec-timeout must be positive"));
    assertThatThrownBy(() -> FaultCommand.of("ssh x", FaultCommand.DEFAULT_TIMEOUT))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void a_host_name_that_is_not_shell_safe_is_never_put_into_the_line() {
    FaultCommand c = FaultCommand.of("ssh {host} true", FaultCommand.DEFAULT_TIMEOUT);
    assertThat(c.expand("dn-3.rack2.example.com", "kill-datanode"))
        .isEqualTo("ssh dn-3.rack2.example.com true");
    assertThatThrownBy(() -> c.expand("h; rm -rf /", "kill-datanode"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not safe");
  }
}
