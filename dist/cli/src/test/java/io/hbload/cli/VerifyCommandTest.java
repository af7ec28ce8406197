package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbload.core.binding.builtin.MemoryStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --verify} and {@code hbload verify FILE} on the memory binding (a real store that keeps
 * what it is given): the [VERIFY] line, exit 0 when every acknowledged write is there, exit 1
 * naming the key when one was deleted behind the tool's back; and the audit's bad input.
 */
class VerifyCommandTest {
  @TempDir Path dir;

  private static CommandOutput exec(String... args) {
    return CommandOutput.of(HbloadCommand.commandLine(), args);
  }

  @Test
  void aLoadWithItsFileVerifiedAfterwardsThenARowDeletedIsLost() throws Exception {
    Path file = dir.resolve("load.audit");
    String table = "cli_verify";
    CommandOutput load =
        exec(
            "load",
            "memory",
            "-w",
            "a",
            "-p",
            "recordcount=300",
            "-p",
            "insertorder=ordered",
            "-p",
            "table=" + table,
            "--verify-file",
            file.toString());
    assertThat(load.exit()).as(load.err()).isZero();
    assertThat(load.outLines())
        .contains(
            "[VERIFY], acknowledged 300, present 300, lost 0, changed 0, unknown 0, unexpected 0");
    assertThat(Files.isRegularFile(file)).isTrue();

    Path json = dir.resolve("verify.json");
    CommandOutput again =
        exec("verify", file.toString(), "-db", "memory", "--json", json.toString());
    assertThat(again.exit()).as(again.err()).isZero();
    assertThat(again.outLines())
        .containsExactly(
            "[VERIFY], acknowledged 300, present 300, lost 0, changed 0, unknown 0, unexpected 0");
    JsonNode verified = new ObjectMapper().readTree(json.toFile());
    assertThat(verified.path("command").asText()).isEqualTo("verify");
    assertThat(verified.path("file").asText()).isEqualTo(file.toString());
    assertThat(verified.path("verify").path("acknowledged").asLong()).isEqualTo(300);
    assertThat(verified.path("verify").path("present").asLong()).isEqualTo(300);
    assertThat(verified.path("verify").path("passed").asBoolean()).isTrue();
    // its own input is never its output: refused before anything is read back
    CommandOutput onItself =
        exec("verify", file.toString(), "-db", "memory", "--json", file.toString());
    assertThat(onItself.exit()).isEqualTo(2);
    assertThat(onItself.errLines()).hasSize(1);
    assertThat(onItself.err()).contains("it is also an input");
    assertThat(onItself.out()).doesNotContain("[VERIFY]");

    Map<String, Map<String, byte[]>> rows = MemoryStore.shared().table(table);
    assertThat(rows.remove("user42")).isNotNull();
    CommandOutput lost = exec("verify", file.toString(), "-db", "memory");
    assertThat(lost.exit()).isEqualTo(1);
    assertThat(lost.outLines())
        .containsExactly(
            "[VERIFY], acknowledged 300, present 299, lost 1, changed 0, unknown 0, unexpected 0");
    assertThat(lost.errLines())
        .last()
        .isEqualTo("hbload: acknowledged writes not found: 1 lost (user42) (" + file + ")");
  }

  @Test
  void aRunThatLosesARowExitsOne() {
    String table = "cli_verify_run";
    CommandOutput loaded =
        exec("load", "memory", "-w", "a", "-p", "recordcount=200", "-p", "table=" + table);
    assertThat(loaded.exit()).isZero();
    // the row goes before the run: a run of reads only audits nothing but what it wrote, so the
    // run writes (inserts) and one of its rows is deleted behind its back once it is there
    Map<String, Map<String, byte[]>> rows = MemoryStore.shared().table(table);
    Thread behind =
        new Thread(
            () -> {
              while (!rows.containsKey("user210")) {
                Thread.onSpinWait();
              }
              rows.remove("user210");
            });
    behind.setDaemon(true);
    behind.start();
    CommandOutput run =
        exec(
            "run",
            "memory",
            "-w",
            "d", // 5 % inserts of new keys
            "-p",
            "recordcount=200",
            "-p",
            "insertorder=ordered",
            "-p",
            "operationcount=2000",
            "-target",
            "1000",
            "-p",
            "table=" + table,
            "--verify");
    assertThat(run.exit()).as(run.err()).isEqualTo(1);
    assertThat(run.out()).contains("[VERIFY], acknowledged ", ", lost 1, ");
    assertThat(run.errLines()).last().asString().contains("1 lost (user210) (--verify)");
  }

  @Test
  void aBindingThatCannotReadBackIsBadInputBeforeAnythingStarts() {
    CommandOutput o = exec("run", "basic", "-w", "a", "--verify");
    assertThat(o.exit()).isEqualTo(2);
    assertThat(o.errLines())
        .containsExactly(
            "hbload run: property hbload.verify: the basic binding cannot read back what it wrote;"
                + " --verify needs a binding that keeps the data (memory, hbase)");
    assertThat(o.out()).isEmpty();
  }

  @Test
  void helpSaysWhatTheAuditDoes() {
    assertThat(exec("run", "--help").out()).contains("--verify", "--verify-file=FILE", "[VERIFY]");
    assertThat(exec("load", "--help").out()).contains("--verify");
    CommandOutput verify = exec("verify", "--help");
    assertThat(verify.exit()).isZero();
    assertThat(verify.out()).contains("Usage: hbload verify", "FILE", "--zk=HOST:PORT", "[VERIFY]");
  }
}
