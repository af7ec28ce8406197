package io.hbload.core.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The client's host as a cause of slow intervals: /proc/stat's cpu line read twice gives how busy
 * the host's CPUs were and, less this JVM's own CPU time, how much other processes held; only a
 * host saturated by others is an event, and it labels the slow interval it fell in. The readings
 * are /proc/stat lines as Linux writes them.
 */
class HostCpuSamplerTest {
  private static final long T0 = 1_767_225_600_000L;

  @Test
  void parsesTheCpuLineAsTotalAndIdleTicks() {
    // user nice system idle iowait irq softirq steal guest guest_nice
    long[] t = HostCpuSampler.parse("cpu  100 5 50 800 20 3 2 0 40 0");
    assertThat(t).containsExactly(980, 820);
  }

  @Test
  void aHostSaturatedByOthersIsAnEventAndOneBusyWithThisJvmIsNot() {
    Deque<String> stat =
        new ArrayDeque<>(
            List.of(
                "cpu  0 0 0 0 0 0 0 0",
                // 1 s on 2 CPUs: 200 ticks, 196 busy; this JVM used 0.5 s of CPU, others 1.46 s
                "cpu  150 0 46 4 0 0 0 0",
                // the next second: 190 busy, this JVM 1.8 s of it
                "cpu  300 0 86 14 0 0 0 0"));
    long[] process = {0, 500_000_000L, 2_300_000_000L};
    int[] read = {0};
    HostCpuSampler sampler =
        new HostCpuSampler(
            new FixedServers(),
            () -> HostCpuSampler.parse(stat.poll()),
            () -> process[read[0]++],
            "client host h",
            io.hbload.core.time.Clock.system());
    assertThat(sampler.host(T0)).isNull(); // the first reading has nothing to compare with
    ServerSample saturated = sampler.host(T0 + 1000);
    assertThat(saturated.values())
        .containsEntry(HostCpuSampler.BUSY, 98.0)
        .containsEntry(HostCpuSampler.SATURATED_BY_OTHERS, 73.0);
    ServerSample own = sampler.host(T0 + 2000);
    assertThat(own.values())
        .containsEntry(HostCpuSampler.BUSY, 95.0)
        .containsEntry(HostCpuSampler.SATURATED_BY_OTHERS, 0.0);
    assertThat(HostCpuSampler.isHost(own)).isTrue();

    // as TailOutliers sees it: the slow interval 00:00:00-01 falls in the saturated second
    ServerSeries.Recorder r = new ServerSeries.Recorder();
    r.add(saturated);
    r.add(own);
    List<TailOutliers.Interval> intervals = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      intervals.add(
          new TailOutliers.Interval(
              T0 + i * 1000L, T0 + (i + 1) * 1000L, (i == 0 ? 40 : 2) * 1_000_000L));
    }
    TailOutliers t =
        TailOutliers.find(
            intervals,
            new ServerSeries("test", 1000, 0, null, List.of()),
            r.build("h", 1000, null),
            false);
    assertThat(t.outliers()).hasSize(1);
    assertThat(t.outliers().get(0).causes())
        .containsExactly("host CPU saturated; other processes' share (%) 73 on client host h");
  }

  @Test
  void noServerSampledMeansNoHostSampleEither() throws Exception {
    HostCpuSampler sampler =
        new HostCpuSampler(
            new NoServer(),
            () -> HostCpuSampler.parse("cpu  1 0 0 1 0 0 0 0"),
            () -> 0,
            "client host h",
            io.hbload.core.time.Clock.system());
    assertThat(sampler.sample()).isEmpty();
  }

  /** No server answers. */
  private static final class NoServer implements ServerSampler {
    @Override
    public List<ServerSample> sample() {
      return List.of();
    }

    @Override
    public String source() {
      return "test";
    }
  }

  /** One server that always answers with an empty sample. */
  private static final class FixedServers implements ServerSampler {
    @Override
    public List<ServerSample> sample() {
      return List.of(new ServerSample("rs1:16020", T0, Map.of()));
    }

    @Override
    public String source() {
      return "test";
    }
  }
}
