package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every {@code hbload dfsio} subcommand's bad input goes through the CLI's one error handler: exit
 * 2, exactly one stderr line {@code hbload dfsio <sub>: <message>}, no exception name or stack
 * trace, nothing on stdout. All cases are refused before a cluster starts; the ones that need HDFS
 * are in {@link DfsioCommandTest}.
 */
class DfsioBadInputTest {
  static Stream<Arguments> badInput() {
    return Stream.of(
        Arguments.of(
            "write", new String[] {"--policy", "RS-7-1-1024k"}, "unknown policy 'RS-7-1-1024k'"),
        Arguments.of(
            "compare",
            new String[] {"--policy", "nope"},
            "unknown policy 'nope' (known: REPLICATION, "),
        Arguments.of("read", new String[] {"--size", "0"}, "--size must be at least 1 byte, got 0"),
        Arguments.of(
            "write",
            new String[] {"--size", "lots"},
            "Invalid value for option '--size': 'lots' is not a size"),
        Arguments.of("compare", new String[] {"--size", "-1m"}, "'-1m' is not a size"),
        Arguments.of("read", new String[] {"--buffer", "1g"}, "--buffer must be 1 byte .. 256m"),
        Arguments.of(
            "write",
            new String[] {"--format", "xml"},
            "--format must be text, json or log, got 'xml'"),
        Arguments.of("read", new String[] {"--coder", "rs_fast"}, "unknown coder 'rs_fast'"),
        Arguments.of("write", new String[] {"--files", "0"}, "--files must be at least 1, got 0"),
        Arguments.of(
            "write",
            new String[] {"--streams", "two"},
            "Invalid value for option '--streams': 'two' is not an int"),
        Arguments.of(
            "read",
            new String[] {"--policy", "REPLICATION", "--replication", "0"},
            "Invalid value for option '--replication': '0' is out of range: a count, at least 1"),
        Arguments.of(
            "read",
            new String[] {"--policy", "REPLICATION", "--datanodes-down", "1"},
            "--datanodes-down needs an EC policy"),
        Arguments.of(
            "compare",
            new String[] {"--policy", "RS-3-2-1024k", "--datanodes-down", "3"},
            "--datanodes-down 3 exceeds what RS-3-2-1024k tolerates (2)"),
        // issue 34 §4: DataNode faults, refused before any cluster starts
        Arguments.of(
            "read",
            new String[] {"--policy", "RS-3-2-1024k", "--kill-datanodes", "3"},
            "--kill-datanodes 3 is more than RS-3-2-1024k survives (its 2 parity units)"),
        Arguments.of(
            "compare",
            new String[] {"--policy", "RS-6-3-1024k", "--kill-datanodes", "3"},
            "--kill-datanodes 3 is not less than REPLICATION x3's 3 replicas"),
        Arguments.of(
            "read",
            new String[] {"--policy", "RS-6-3-1024k", "--kill-datanodes", "2", "--datanodes", "2"},
            "--kill-datanodes 2 would stop every DataNode but 0 of 2"),
        Arguments.of(
            "write",
            new String[] {"--kill-datanodes", "1", "--at", "30s", "--duration", "20s"},
            "--at 30s is not before the pass's end (--duration 20s)"),
        Arguments.of(
            "read",
            new String[] {"--kill-datanodes", "1", "--fs", "hdfs://127.0.0.1:1"},
            "--kill-datanodes on a configured cluster needs --fault-exec"),
        Arguments.of(
            "read",
            new String[] {"--kill-datanodes", "1", "--fault-exec", "ssh nowhere true"},
            "--fault-exec 'ssh nowhere true' has no {host}"),
        Arguments.of(
            "read",
            new String[] {"--fault-exec", "ssh {host} true"},
            "--fault-exec without --kill-datanodes: there is no DataNode fault"),
        Arguments.of("compare", new String[] {"--at", "5s"}, "--at without --kill-datanodes"),
        Arguments.of(
            "read",
            new String[] {"--kill-datanodes", "1", "--datanodes-down", "1"},
            "--kill-datanodes and --datanodes-down both stop DataNodes"),
        Arguments.of(
            "read", new String[] {"--kill-datanodes", "0"}, "--kill-datanodes must be at least 1"),
        Arguments.of(
            "compare", new String[] {"--policy", "REPLICATION"}, "compare needs an EC --policy"),
        Arguments.of(
            "compare",
            new String[] {"--policy", "RS-6-3-1024k", "--datanodes", "4"},
            "RS-6-3-1024k needs 9 DataNodes, --datanodes is 4"),
        Arguments.of(
            "write",
            new String[] {"--policy", "RS-10-4-1024k", "--datanodes", "13"},
            "RS-10-4-1024k needs 14 DataNodes, --datanodes is 13"),
        Arguments.of(
            "write",
            new String[] {"--dir", "bench"},
            "--dir must be an absolute HDFS path below /"),
        Arguments.of(
            "write", new String[] {"--datanodes", "-1"}, "--datanodes must be at least 1, got -1"),
        Arguments.of(
            "read", new String[] {"--datanodes", "0"}, "--datanodes must be at least 1, got 0"),
        Arguments.of("write", new String[] {"--bogus"}, "Unknown option: '--bogus'"),
        Arguments.of(
            "clean",
            new String[] {"--policy", "REPLICATION"},
            "Unknown options: '--policy', 'REPLICATION'"),
        Arguments.of("clean", new String[] {"-D"}, "Missing required parameter for option '-D'"),
        Arguments.of("coder-bench", new String[] {"--cell", "65m"}, "--cell must be at most 64m"),
        Arguments.of("coder-bench", new String[] {"--cell", "3x"}, "'3x' is not a size"),
        Arguments.of(
            "coder-bench",
            new String[] {"--k", "0"},
            "RS shape must have k >= 1, p >= 1, k + p <= 32"),
        Arguments.of(
            "coder-bench",
            new String[] {"--working-set", "1k"},
            "--working-set must hold at least one stripe"),
        Arguments.of("coder-bench", new String[] {"--seconds", "soon"}, "'soon' is not a duration"),
        Arguments.of("coder-bench", new String[] {"--seconds", "0"}, "--seconds must be positive"),
        Arguments.of(
            "coder-bench",
            new String[] {"--format", "log"},
            "--format must be text or json, got 'log'"),
        // issue 13 #10: the stripe count wrapped (4g: NegativeArraySizeException, 8g: an index
        // error), shapes
        // overflowed k + p, and a working set past the JVM's memory died with an OutOfMemoryError
        // stack
        Arguments.of(
            "coder-bench",
            new String[] {"--working-set", "4g", "--cell", "1", "--k", "1", "--p", "1"},
            "--working-set 4.0 GiB of 1-byte cells is 2147483648 stripes of RS(1,1)"),
        Arguments.of(
            "coder-bench",
            new String[] {"--working-set", "8g", "--cell", "1", "--k", "1", "--p", "1"},
            "is 4294967296 stripes of RS(1,1)"),
        Arguments.of(
            "coder-bench",
            new String[] {"--k", "2147483647", "--p", "1"},
            "RS shape must have k >= 1, p >= 1, k + p <= 32"),
        Arguments.of(
            "coder-bench",
            new String[] {"--k", "40"},
            "RS shape must have k >= 1, p >= 1, k + p <= 32"),
        Arguments.of("coder-bench", new String[] {"--cell", "0"}, "--cell must be at least 1 byte"),
        Arguments.of(
            "coder-bench",
            new String[] {"--working-set", "1t", "--cell", "16m", "--seconds", "10ms"},
            "--working-set 1.0 TiB does not fit this JVM's memory"));
  }

  @ParameterizedTest(name = "dfsio {0} {1}")
  @MethodSource("badInput")
  void is_one_line_and_exit_2(String subcommand, String[] options, String message) {
    String[] args = new String[options.length + 2];
    args[0] = "dfsio";
    args[1] = subcommand;
    System.arraycopy(options, 0, args, 2, options.length);
    CommandOutput r = CommandOutput.of(HbloadCommand.commandLine(), args);
    assertThat(r.exit()).as("exit code; stderr: %s", r.err()).isEqualTo(2);
    assertThat(r.errLines()).as("stderr lines").hasSize(1);
    assertThat(r.err())
        .startsWith("hbload dfsio " + subcommand + ": ")
        .contains(message)
        .doesNotContain("Exception")
        .doesNotContain("\tat ");
    assertThat(r.out()).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"write", "read", "clean", "compare", "coder-bench"})
  void help_prints_usage_and_exits_0(String subcommand) {
    CommandOutput r = CommandOutput.of(HbloadCommand.commandLine(), "dfsio", subcommand, "--help");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("Usage: hbload dfsio " + subcommand + " ");
    assertThat(r.err()).isEmpty();
  }
}
