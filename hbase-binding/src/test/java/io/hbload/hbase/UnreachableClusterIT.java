package io.hbload.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbload.core.binding.BindingException;
import io.hbload.core.config.Phase;
import io.hbload.hbase.config.HBaseSettingsParser;
import io.hbload.hbase.ops.HBaseSession;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A configured but unreachable cluster: a one-line error well within 30 s, not minutes of retries.
 */
class UnreachableClusterIT {
  @Test
  void nothingListeningOnTheZooKeeperPort() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort(); // free now, and nothing will listen there
    }
    assertOneLineErrorWithin30s(Map.of("hbload.zk", "127.0.0.1:" + port, "columnfamily", "family"));
  }

  @Test
  void aZooKeeperThatNeverAnswers() throws Exception {
    // accepts TCP connections but never speaks ZooKeeper: the client waits on timeouts, not on
    // refusals
    try (ServerSocket silent = new ServerSocket(0)) {
      assertOneLineErrorWithin30s(
          Map.of(
              "hbase.zookeeper.quorum",
              "127.0.0.1",
              "hbase.zookeeper.property.clientPort",
              Integer.toString(silent.getLocalPort()),
              "columnfamily",
              "family"));
    }
  }

  private static void assertOneLineErrorWithin30s(Map<String, String> props) {
    ByteArrayOutputStream said = new ByteArrayOutputStream();
    AtomicLong firstWordAt = new AtomicLong();
    PrintStream messages =
        new PrintStream(
            new FilterOutputStream(said) {
              @Override
              public void write(int b) throws IOException {
                firstWordAt.compareAndSet(0, System.nanoTime());
                super.write(b);
              }
            },
            true,
            StandardCharsets.UTF_8);
    long t0 = System.nanoTime();
    assertThatThrownBy(
            () -> HBaseSession.open(HBaseSettingsParser.parse(props), Phase.RUN, true, messages))
        .isInstanceOf(BindingException.class)
        .satisfies(
            e ->
                assertThat(e.getMessage())
                    .startsWith("cannot reach HBase at zk=127.0.0.1:")
                    .doesNotContain("\n"));
    long failedAt = System.nanoTime();
    assertThat((failedAt - t0) / 1e9).isLessThan(30);
    // the user is told where it connects at once, not after the check's silence (issue 32 §4)
    assertThat(said.toString(StandardCharsets.UTF_8))
        .startsWith("[hbase] connecting to zk=127.0.0.1:")
        .contains("gives up after 20 s");
    assertThat(firstWordAt.get()).isLessThan(failedAt);
    assertThat((firstWordAt.get() - t0) / 1e9).isLessThan(5);
  }
}
