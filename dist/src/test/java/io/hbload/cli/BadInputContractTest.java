package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.cli.contract.ExitCode;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * The one CLI contract, across every subcommand: bad input goes through the single handler and comes out as exit 2
 * and exactly one stderr line, {@code hbload <command path>: ...}, with nothing on stdout and no stack trace. The
 * cases per command are in CliTest, DfsioBadInputTest and GcTuneCommandTest; this test walks the whole command
 * tree so that a new subcommand is covered the day it is added.
 */
class BadInputContractTest {
  /** A path that must not exist before or after a refused suite. */
  static final String NOWHERE = System.getProperty("java.io.tmpdir") + "/hbload-badinput-never-created";
  /** An existing directory with a file in it and no suite manifest. */
  static final String NOT_A_SUITE = notASuite();

  private static String notASuite() {
    try {
      java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("hbload-not-a-suite");
      java.nio.file.Files.writeString(dir.resolve("keep.txt"), "user data");
      dir.toFile().deleteOnExit();
      dir.resolve("keep.txt").toFile().deleteOnExit();
      return dir.toString();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Bad input every command must reject the same way. */
  static Stream<Arguments> everyCommand() {
    List<Arguments> out = new ArrayList<>();
    for (List<String> path : commandPaths(HbloadCommand.commandLine(), new ArrayList<>())) {
      out.add(Arguments.of(path, "--no-such-option"));
    }
    return out.stream();
  }

  /** Typed values and command-specific checks, one or more per subcommand. */
  static Stream<Arguments> typedValues() {
    return Stream.of(
        Arguments.of(List.of("run"), "-w a -db basic -p recordcount=x"),
        Arguments.of(List.of("load"), "-w a -db basic -p basicdb.simulatedelay=soon"),
        Arguments.of(List.of("run"), "-w a -p hbload.presplit=0"),
        Arguments.of(List.of("embedded"), "--regionservers 0"),
        Arguments.of(List.of("embedded"), "--seconds soon"),
        Arguments.of(List.of("dfsio", "write"), "--size lots"),
        Arguments.of(List.of("dfsio", "read"), "--policy RS-99-1-1024k"),
        Arguments.of(List.of("dfsio", "compare"), "--format xml"),
        Arguments.of(List.of("dfsio", "clean"), "--datanodes many"),
        Arguments.of(List.of("dfsio", "coder-bench"), "--cell 128m"),
        Arguments.of(List.of("gc-tune"), "--heap 32x"),
        Arguments.of(List.of("gc-tune"), "--heap 32g --format yaml"),
        Arguments.of(List.of("generate-completion"), "extra"),
        Arguments.of(List.of("run"), "-w a -db basic --shard 2/2"),
        Arguments.of(List.of("load"), "-w a -db basic --start-at tomorrow"),
        Arguments.of(List.of("merge"), "/nonexistent/run-0.hlog"),
        // mapreduce: every one of these must be refused before any cluster starts
        Arguments.of(List.of("mapreduce"), "nosuchcommand"),
        Arguments.of(List.of("mapreduce", "run"), "-w a --clients 0"),
        Arguments.of(List.of("mapreduce", "run"), "-w a"),
        Arguments.of(List.of("mapreduce", "load"), "-w a --clients 2 -p recordcount=x"),
        Arguments.of(List.of("mapreduce", "load"), "-w a --clients 3 -p recordcount=2"),
        Arguments.of(List.of("mapreduce", "run"), "-w a --clients 2 --shard 0/2"),
        Arguments.of(List.of("mapreduce", "run"), "-w a --clients 2 --hadoop-conf /nonexistent/conf"),
        Arguments.of(List.of("mapreduce", "run"), "-w a --clients 2 --start-delay soon"),
        Arguments.of(List.of("mapreduce", "dfsio", "write"), "--clients 0"),
        Arguments.of(List.of("mapreduce", "dfsio", "write"), "--files 2 --clients 3"),
        Arguments.of(List.of("mapreduce", "dfsio", "read"), "--policy RS-3-2-1024k --datanodes-down 1"),
        // suite: all refused before a directory is made or a cluster started (the --out path must stay absent)
        Arguments.of(List.of("suite"), "-w a,c -db basic --rounds 2 --discard 2 --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a,c -db basic --rounds 0 --discard 0 --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a,c -db basic --discard -1 --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a,nosuch -db basic --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a,,c -db basic --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a,a -db basic --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-db basic --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a -db basic"),
        Arguments.of(List.of("suite"), "-w a -db basic --out " + NOWHERE + " --resume " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a -db basic --duration soon --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a -db basic --duration 1500ms --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a -db basic --json x.json --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a -db basic -p exportfile=x.txt --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a -db basic -p recordcount=x --out " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a -db basic --resume " + NOWHERE),
        Arguments.of(List.of("suite"), "-w a -db basic --out " + NOT_A_SUITE),
        Arguments.of(List.of("suite"), "-w a -db basic --resume " + NOT_A_SUITE),
        // plan: refused before any cluster is read or started
        Arguments.of(List.of("plan"), "--regionservers 0 --heap 32g --blockcache 0.4"),
        Arguments.of(List.of("plan"), "--regionservers 5 --heap 32g"),
        Arguments.of(List.of("plan"), "--regionservers 5 --heap 32g --blockcache 0.5 --memstore 0.4"),
        Arguments.of(List.of("plan"), "--regionservers 5 --heap 32x --blockcache 0.4"),
        Arguments.of(List.of("plan"), "--regionservers 5 --heap 32g --blockcache 1.5"),
        Arguments.of(List.of("plan"), "--regionservers 5 --heap 200g --blockcache 0.4 --host-memory 128g"),
        Arguments.of(List.of("plan"), "--heap 32g --blockcache 0.4"),
        Arguments.of(List.of("plan"), "-w nosuch --regionservers 5 --heap 32g --blockcache 0.4"),
        Arguments.of(List.of("plan"), "-w a -db basic"));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("everyCommand")
  void unknownOptionsAreOneLineAndExitTwo(List<String> path, String args) {
    assertOneLineBadInput(path, args);
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("typedValues")
  void badValuesAreOneLineAndExitTwo(List<String> path, String args) {
    assertOneLineBadInput(path, args);
  }

  private static void assertOneLineBadInput(List<String> path, String args) {
    List<String> argv = new ArrayList<>(path);
    argv.addAll(List.of(args.split(" ")));
    CommandOutput o = CommandOutput.of(HbloadCommand.commandLine(), argv.toArray(new String[0]));
    String prefix = "hbload" + (path.isEmpty() ? "" : " " + String.join(" ", path)) + ": ";
    assertThat(o.exit()).as("exit of %s: %s", argv, o.err()).isEqualTo(ExitCode.BAD_INPUT);
    assertThat(o.errLines()).as("stderr of %s", argv).hasSize(1);
    assertThat(o.err()).as("stderr of %s", argv).startsWith(prefix).doesNotContain("\tat ")
        .doesNotContain("Exception:");
    assertThat(o.out()).as("stdout of %s", argv).isEmpty();
    // nothing written or deleted
    assertThat(java.nio.file.Path.of(NOWHERE)).doesNotExist();
    assertThat(java.nio.file.Path.of(NOT_A_SUITE).toFile().list()).containsExactly("keep.txt");
  }

  /** Every command path of the tree, the root ([]) included. */
  private static List<List<String>> commandPaths(CommandLine cl, List<String> prefix) {
    List<List<String>> out = new ArrayList<>();
    out.add(List.copyOf(prefix));
    cl.getSubcommands().forEach((name, sub) -> {
      if (!sub.getCommandSpec().name().equals(name)) {
        return; // an alias
      }
      List<String> p = new ArrayList<>(prefix);
      p.add(name);
      out.addAll(commandPaths(sub, p));
    });
    return out;
  }
}
