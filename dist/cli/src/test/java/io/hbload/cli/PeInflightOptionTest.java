package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.cli.contract.ExitCode;
import org.junit.jupiter.api.Test;

/**
 * {@code hbload pe --inflight}: refused with one line and exit 2 before any cluster starts when it
 * is not a positive number, or when the command is not one of PE's async commands (which wait on
 * each call); the exit-code contract itself is BadInputContractTest's.
 */
class PeInflightOptionTest {
  private static String refusal(String... args) {
    String[] argv = new String[args.length + 1];
    argv[0] = "pe";
    System.arraycopy(args, 0, argv, 1, args.length);
    CommandOutput o = CommandOutput.of(HbloadCommand.commandLine(), argv);
    assertThat(o.exit()).as(o.err()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(o.errLines()).hasSize(1);
    assertThat(o.out()).isEmpty();
    return o.errLines().get(0);
  }

  @Test
  void zeroAndNegativeAreRefused() {
    assertThat(refusal("--inflight=0", "asyncRandomRead", "2"))
        .isEqualTo("hbload pe: --inflight must be at least 1: 0");
    assertThat(refusal("--inflight", "-1", "asyncScan", "2"))
        .isEqualTo("hbload pe: --inflight must be at least 1: -1");
  }

  @Test
  void notANumberIsRefused() {
    assertThat(refusal("--inflight=abc", "asyncSequentialWrite", "2"))
        .startsWith("hbload pe: ")
        .contains("abc");
  }

  @Test
  void aBlockingCommandTakesOnlyOneInFlight() {
    assertThat(refusal("--inflight=8", "randomRead", "2"))
        .startsWith("hbload pe: --inflight=8 needs one of PE's async commands")
        .endsWith("randomRead waits on each " + "call, as in PE");
    assertThat(refusal("-p", "hbload.inflight=4", "sequentialWrite", "2"))
        .startsWith("hbload pe: --inflight=4 needs one of PE's async commands");
  }

  @Test
  void asyncCommandsTakeNoBatches() {
    assertThat(refusal("--multiGet=10", "asyncRandomRead", "2"))
        .isEqualTo(
            "hbload pe: --multiGet/--multiPut are not supported by asyncRandomRead in hbload pe; use "
                + "--inflight=N");
  }
}
