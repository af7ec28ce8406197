package io.hbload.hbase.metrics;

import static io.hbload.core.testing.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.hbload.core.server.ServerFigure;
import io.hbload.core.server.ServerSample;
import io.hbload.core.time.Clock;
import io.hbload.hbase.embedded.EmbeddedHBase;
import io.hbload.hbase.sizing.ClusterMemory;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code hbload plan}'s online form against a real (embedded) HBase with its RegionServer info
 * server on: the memory read from the servers in process, and the same read from their {@code /jmx}
 * over HTTP through the master, as on a real cluster. About 25 s (the cluster, and /jmx publishing
 * its first metrics).
 */
@Tag("own-jvm") // reads the RegionServer's /jmx, where every cluster of the JVM publishes
class ClusterMemoryReaderIT {
  private static EmbeddedHBase hbase;

  @BeforeAll
  static void start() throws IOException {
    hbase = EmbeddedHBase.start(1, 0, true);
  }

  @AfterAll
  static void stop() throws IOException {
    hbase.close();
  }

  @Test
  void theEmbeddedClustersMemoryReadInProcessAndOverJmxAgree() throws Exception {
    ClusterMemory local = hbase.memory(0.4f);
    assertThat(local.regionServers()).isEqualTo(1);
    assertThat(local.heapBytes()).isEqualTo(Runtime.getRuntime().maxMemory());
    // HBase's default hfile.block.cache.size is 0.4 of the heap
    assertThat((double) local.l1Bytes())
        .isCloseTo(0.4 * local.heapBytes(), within(0.02 * local.heapBytes()));
    assertThat(local.l2Bytes()).isZero();
    assertThat(local.hostMemoryBytes()).isGreaterThan(local.heapBytes());

    // metrics2 publishes the RegionServer bean to JMX on its own period: retry until it carries the
    // cache sizes
    // (a failed read's IOException is the timeout's cause)
    ClusterMemory remote =
        await("the cache sizes read over /jmx", Duration.ofSeconds(30), Duration.ofSeconds(1))
            .ignoreExceptionsInstanceOf(IOException.class)
            .until(
                () -> ClusterMemoryReader.ofCluster(hbase.clientConfiguration()),
                m -> m.l1Bytes() != 0);
    assertThat(remote.source()).isEqualTo("/jmx of 1 RegionServer(s)");
    assertThat(remote.regionServers()).isEqualTo(1);
    assertThat((double) remote.heapBytes())
        .isCloseTo(local.heapBytes(), within(0.05 * local.heapBytes()));
    assertThat((double) remote.l1Bytes())
        .isCloseTo(local.l1Bytes(), within(0.01 * local.l1Bytes()));
    assertThat(remote.hostMemoryBytes()).isEqualTo(local.hostMemoryBytes());
  }

  /**
   * The server series over {@code /jmx}, as for a cluster in another JVM: the collectors answer at
   * once, HBase's bean once metrics2 has published it (within a second or two with the embedded
   * cluster's 1 s period), and two reads a second apart give a pause-time counter that never goes
   * back.
   */
  @Test
  void theServerSeriesReadOverJmx() throws Exception {
    HRegionServer rs = hbase.liveRegionServers().get(0);
    String info = "127.0.0.1:" + rs.getInfoServer().getPort();
    HttpJmxServerSampler sampler =
        new HttpJmxServerSampler(
            List.of(
                new HttpJmxServerSampler.InfoServer(
                    rs.getServerName().getAddress().toString(), info)));
    ServerSample read =
        await("HBase's bean on /jmx", Duration.ofSeconds(30), Duration.ofSeconds(1))
            .until(
                () -> sampler.sample().get(0),
                s -> s.values().containsKey(RegionServerFigures.MEMSTORE));
    assertThat(read.values())
        .containsKeys(
            RegionServerFigures.MEMSTORE,
            RegionServerFigures.FLUSH_QUEUE,
            RegionServerFigures.COMPACTION_QUEUE,
            RegionServerFigures.READS);
    ManagementFactory.getGarbageCollectorMXBeans()
        .forEach(
            gc -> assertThat(read.values()).containsKey(RegionServerFigures.gcCount(gc.getName())));
    // real time: the second read is the sampler's next, a second later, of the live JVM's counters
    Thread.sleep(1000);
    ServerSample second = sampler.sample().get(0);
    ServerFigure young =
        RegionServerFigures.gcPause(
            ManagementFactory.getGarbageCollectorMXBeans().get(0).getName());
    assertThat(second.values().get(young)).isGreaterThanOrEqualTo(read.values().get(young));
    assertThat(second.server()).isEqualTo(rs.getServerName().getAddress().toString());
  }

  /**
   * HBase restarts its metrics system about 5 s after regions open or close (its JmxCacheBuster),
   * and the RegionServer bean is away from /jmx meanwhile: the reader says so instead of reading
   * zeros, and the run's baseline read waits until the bean is back (issue 32 §0). Real time: the
   * restart is HBase's own metrics system's.
   */
  @Test
  void aBeanAwayWhileMetricsRestartIsWaitedOutNotReadAsZeros() throws Exception {
    HRegionServer rs = hbase.liveRegionServers().get(0);
    HttpJmxBlockCacheReader reader =
        new HttpJmxBlockCacheReader(List.of("127.0.0.1:" + rs.getInfoServer().getPort()));
    BlockCacheSnapshot published =
        await("the bean published", Duration.ofSeconds(30), Duration.ofSeconds(1))
            .ignoreExceptionsInstanceOf(MissingBeanException.class)
            .until(reader::read, Objects::nonNull);
    DefaultMetricsSystem.instance().stop();
    AtomicBoolean restarted = new AtomicBoolean();
    try {
      assertThatThrownBy(reader::read)
          .isInstanceOf(MissingBeanException.class)
          .hasMessageContaining("without the RegionServer bean");
      // metrics restart once the reading has found the bean away: it must wait for it to return
      BlockCacheReader restartWhenAway =
          new BlockCacheReader() {
            @Override
            public BlockCacheSnapshot read() throws IOException {
              try {
                return reader.read();
              } catch (MissingBeanException away) {
                if (restarted.compareAndSet(false, true)) {
                  DefaultMetricsSystem.instance().start();
                }
                throw away;
              }
            }

            @Override
            public String source() {
              return reader.source();
            }
          };
      ByteArrayOutputStream said = new ByteArrayOutputStream();
      CacheReadings.Reading before =
          new CacheReadings(
                  restartWhenAway,
                  Clock.system(),
                  new PrintStream(said, true, StandardCharsets.UTF_8))
              .before();
      assertThat(restarted).as("the reading found the bean away").isTrue();
      assertThat(before.unavailable()).isNull();
      assertThat(before.snapshot().servers()).isEqualTo(1);
      assertThat(before.snapshot().requests()).isGreaterThanOrEqualTo(published.requests());
    } finally {
      if (!restarted.get()) {
        DefaultMetricsSystem.instance().start();
      }
    }
  }
}
