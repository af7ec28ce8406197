package io.hbload.mapreduce.task;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.config.Phase;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.result.ClientInfo;
import io.hbload.core.spec.RunSpec;
import io.hbload.mapreduce.config.PhaseTaskSpec;
import io.hbload.mapreduce.config.TaskMetricsSpec;
import io.hbload.observe.MetricsSession;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A map task's metrics: what the driver writes for {@code --metrics pushgateway:URL} is what the
 * task reads back, each shard's meters carry its own shard and host tags and push to a group of
 * their own, and a gateway that is not there costs the task a log line, not its run.
 */
class ShardMetricsTest {
  @TempDir Path dir;

  private RunSpec shard(PhaseTaskSpec task, int index) {
    return SpecParser.parse(
        task.forShard(index, dir.resolve(index + ".hlog"), dir.resolve(index + ".json")),
        task.phase());
  }

  private static PhaseTaskSpec twoShards() {
    return new PhaseTaskSpec(
        Phase.RUN,
        2,
        1_800_000_000_000L,
        Map.of("db", "basic", "recordcount", "100", "operationcount", "10"));
  }

  @Test
  void theGatewayAndWorkloadTravelInTheJobConfigurationAndAJobWithoutThemHasNone() {
    Configuration conf = new Configuration(false);
    assertThat(TaskMetricsSpec.readFrom(conf)).isEmpty();
    TaskMetricsSpec metrics =
        new TaskMetricsSpec(URI.create("http://gw.example:9091/prefix"), "${site} a");
    metrics.writeTo(conf);
    assertThat(TaskMetricsSpec.readFrom(new Configuration(conf))).contains(metrics);
  }

  @Test
  void eachShardIsTaggedWithItsIndexAndHostAndPushesToItsOwnGroup() {
    PhaseTaskSpec task = twoShards();
    TaskMetricsSpec metrics = new TaskMetricsSpec(URI.create("http://gw.example:9091/"), "a");
    assertThat(
            ShardMetrics.tags(
                    metrics,
                    shard(task, 1).binding().name(),
                    shard(task, 1).execution().shard().index(),
                    "node-7")
                .tags()
                .stream()
                .map(t -> t.getKey() + "=" + t.getValue()))
        .containsExactly("binding=basic", "host=node-7", "shard=1", "workload=a");

    String host =
        URLEncoder.encode(ClientInfo.localHost(), StandardCharsets.UTF_8).replace("+", "%20");
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    for (int index = 0; index < 2; index++) {
      ShardMetrics m = ShardMetrics.open(Optional.of(metrics), shard(task, index), quiet);
      MetricsSession session = m.session().orElseThrow();
      assertThat(session.tags().shard()).isEqualTo(index);
      assertThat(session.pushUri())
          .contains(
              URI.create(
                  "http://gw.example:9091/metrics/job/hbload/host/" + host + "/shard/" + index));
      // not closed: closing pushes, and gw.example is not a gateway
    }
  }

  @Test
  void withoutMetricsTheTaskKeepsOnlyItsOwnListeners() {
    ShardMetrics none = ShardMetrics.open(Optional.empty(), shard(twoShards(), 0), System.err);
    assertThat(none.session()).isEmpty();
    assertThat(none.listeners()).isEmpty();
    none.close();
  }

  @Test
  void aGatewayThatIsDownIsALineInTheTaskLogNotAFailure() throws Exception {
    int closedPort;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = s.getLocalPort();
    }
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    PrintStream messages = new PrintStream(log, true, StandardCharsets.UTF_8);
    ShardMetrics m =
        ShardMetrics.open(
            Optional.of(new TaskMetricsSpec(URI.create("http://127.0.0.1:" + closedPort), "a")),
            shard(twoShards(), 1),
            messages);
    assertThat(m.listeners()).hasSize(1);
    m.close(); // the final push: refused
    assertThat(log.toString(StandardCharsets.UTF_8))
        .contains(
            "hbload: pushing metrics to http://127.0.0.1:"
                + closedPort
                + "/metrics/job/hbload/host/")
        .contains("/shard/1")
        .contains("hbload: final metrics push failed:");
  }
}
