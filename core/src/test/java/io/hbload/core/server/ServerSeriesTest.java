package io.hbload.core.server;

import static io.hbload.core.testing.TestServerFigures.PAUSE;
import static io.hbload.core.testing.TestServerFigures.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.TestWorkloads;
import io.hbload.core.result.RunResult;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerSeriesTest {
  @Test
  void aCounterBecomesItsGrowthPerIntervalAndAGaugeIsPlottedAsRead() {
    ServerSeries.Recorder r = new ServerSeries.Recorder();
    assertThat(r.add(sample("rs1", 1000, 100, 0))).as("the counter's baseline").hasSize(1);
    r.add(sample("rs1", 2000, 130, 2));
    r.add(sample("rs2", 2000, 7, 1)); // another server: its own baseline
    r.add(sample("rs1", 3000, 5, 0)); // restarted: a new baseline, never a negative pause
    r.add(sample("rs1", 4000, 45, 0));
    ServerSeries s = r.build("test", 1000, null);

    assertThat(s.servers()).containsExactly("rs1", "rs2");
    assertThat(points(s, "rs1", PAUSE))
        .containsExactly(new ServerSeries.Point(2000, 30), new ServerSeries.Point(4000, 40));
    assertThat(points(s, "rs1", QUEUE))
        .extracting(ServerSeries.Point::value)
        .containsExactly(0.0, 2.0, 0.0, 0.0);
    assertThat(points(s, "rs2", PAUSE)).isEmpty();
    assertThat(s.samples()).isEqualTo(5);
    assertThat(PAUSE.key()).isEqualTo("gc.pause.milliseconds{collector=G1 Young Generation}");
  }

  @Test
  void aBindingWithoutServerFiguresLeavesTheSectionOut(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("run.json");
    RunResult r =
        TestWorkloads.workloadFile("a")
            .binding("basic")
            .recordCount(100)
            .operationCount(200)
            .json(json)
            .messages(new PrintStream(OutputStream.nullOutputStream()))
            .run();
    assertThat(r.figure(ServerSeries.class)).isEmpty();
    assertThat(Files.readString(json)).doesNotContain("serverSeries");
  }

  private static ServerSample sample(String server, long at, double pause, double queue) {
    return new ServerSample(server, at, Map.of(PAUSE, pause, QUEUE, queue));
  }

  private static List<ServerSeries.Point> points(ServerSeries s, String server, ServerFigure f) {
    return s.series().stream()
        .filter(x -> x.server().equals(server) && x.figure().equals(f))
        .findFirst()
        .map(ServerSeries.Series::points)
        .orElse(List.of());
  }
}
