package io.hbload.core.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ServerSamplingTest {
  private static final long ONE_SECOND = TimeUnit.SECONDS.toNanos(1);

  /** Counts its reads; each answers one server. */
  private static final class CountingSampler implements ServerSampler {
    final AtomicInteger reads = new AtomicInteger();

    @Override
    public List<ServerSample> sample() {
      int n = reads.incrementAndGet();
      return List.of(new ServerSample("rs1:16020", n, Map.of()));
    }

    @Override
    public String source() {
      return "counting";
    }
  }

  /**
   * A phase that ended before the sampling thread first ran (a pe run of 100 reads takes 0.2 s on a
   * loaded host) still gets its baseline and a read after it: with one read, every counter of every
   * server has no point.
   */
  @Test
  void aStopBeforeTheThreadFirstRunsStillGetsTheBaselineAndALastRead() throws Exception {
    CountingSampler sampler = new CountingSampler();
    CountDownLatch release = new CountDownLatch(1);
    ServerSampling sampling =
        ServerSampling.start(
            sampler,
            ONE_SECOND,
            r ->
                new Thread(
                    () -> {
                      try {
                        release.await();
                      } catch (InterruptedException e) {
                        return;
                      }
                      r.run();
                    }),
            Clock.system());
    Thread stopper = new Thread(() -> sampling.stop(10_000));
    stopper.start();
    // the stopper waits in its join once it has asked the stop: only then may the sampler run
    while (stopper.getState() != Thread.State.TIMED_WAITING) {
      Thread.onSpinWait();
    }
    release.countDown();
    stopper.join();

    assertThat(sampling.drain()).hasSize(2);
    assertThat(sampler.reads).hasValue(2);
    assertThat(sampling.error()).isNull();
  }

  @Test
  void aReadThatFindsNoServerIsSaidNotSilent() {
    ServerSampler none =
        new ServerSampler() {
          @Override
          public List<ServerSample> sample() {
            return List.of();
          }

          @Override
          public String source() {
            return "a cluster with no live server";
          }
        };
    ServerSampling sampling = ServerSampling.start(none, ONE_SECOND, Clock.system());
    assertThat(sampling.stop(10_000)).isTrue();

    assertThat(sampling.drain()).isEmpty();
    assertThat(sampling.error()).contains("no server").contains("a cluster with no live server");
  }
}
