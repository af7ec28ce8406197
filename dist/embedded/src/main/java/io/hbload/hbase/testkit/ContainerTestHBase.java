package io.hbload.hbase.testkit;

import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import io.hbload.hbase.cluster.HBaseCluster;
import io.hbload.hbase.config.ClusterSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * {@link TestHBase} in a Docker container. HBase clients connect to the address a RegionServer
 * registers in ZooKeeper, not to the port Docker maps, so the container is named {@code localhost}
 * and the master and RegionServer ports are bound 1:1 on the host (one such container per host at a
 * time); only ZooKeeper gets a random port. Not verified on this project's build machines (no
 * Docker engine there). Thread-safe after start.
 */
final class ContainerTestHBase implements TestHBase {
  private static final int ZK = 2181;
  private static final int MASTER = 16000;
  private static final int REGIONSERVER = 16020;

  private final GenericContainer<?> container;

  @SuppressWarnings("resource") // closed in close()
  ContainerTestHBase(String image) throws IOException {
    container =
        new GenericContainer<>(DockerImageName.parse(image))
            .withExposedPorts(ZK, MASTER, REGIONSERVER)
            .withCreateContainerCmdModifier(
                cmd -> {
                  cmd.withHostName("localhost");
                  cmd.getHostConfig()
                      .withPortBindings(
                          new PortBinding(Ports.Binding.bindPort(MASTER), new ExposedPort(MASTER)),
                          new PortBinding(
                              Ports.Binding.bindPort(REGIONSERVER), new ExposedPort(REGIONSERVER)));
                })
            .waitingFor(Wait.forListeningPort().withStartupTimeout(Duration.ofMinutes(3)));
    container.start();
    try {
      awaitMeta();
    } catch (IOException | RuntimeException e) {
      container.stop();
      throw e;
    }
  }

  /** ZooKeeper listening is not HBase serving: wait until hbase:meta answers. */
  private void awaitMeta() throws IOException {
    long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
    IOException last = null;
    while (System.nanoTime() < deadline) {
      try (Connection c = ConnectionFactory.createConnection(configuration());
          Admin admin = c.getAdmin()) {
        admin.tableExists(TableName.META_TABLE_NAME);
        return;
      } catch (IOException e) {
        last = e;
      }
      try {
        Thread.sleep(1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException(
            "interrupted waiting for HBase in " + container.getDockerImageName(), e);
      }
    }
    throw new IOException(
        "HBase in " + container.getDockerImageName() + " did not serve hbase:meta in 2 min", last);
  }

  @Override
  public String zkQuorum() {
    return container.getHost();
  }

  @Override
  public int zkPort() {
    return container.getMappedPort(ZK);
  }

  @Override
  public Configuration configuration() {
    Configuration conf = HBaseConfiguration.create();
    conf.set(HConstants.ZOOKEEPER_QUORUM, zkQuorum());
    conf.setInt(HConstants.ZOOKEEPER_CLIENT_PORT, zkPort());
    return conf;
  }

  /** The container's cluster as a configured one (nothing to stop: the container is). */
  @Override
  public HBaseCluster cluster() {
    try {
      return HBaseCluster.open(
          new ClusterSpec(null, zkQuorum() + ":" + zkPort(), Map.of()), null, () -> {});
    } catch (IOException e) {
      throw new UncheckedIOException(
          e); // a ZooKeeper address only: nothing to read that could fail
    }
  }

  @Override
  public void close() {
    container.stop();
  }
}
