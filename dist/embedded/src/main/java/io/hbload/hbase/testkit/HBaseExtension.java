package io.hbload.hbase.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncAdmin;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension giving a test class one HBase, started before its first test and stopped after
 * its last:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final HBaseExtension HBASE = HBaseExtension.embedded();
 *
 * @Test
 * void loadsAndRuns(TestHBase hbase) { ... hbase.properties() ... }
 * }</pre>
 *
 * {@link #embedded()} runs HBase's mini cluster in the test JVM (needs the JDK 17 {@code
 * --add-opens} flags of hbload's README); {@link #container(String)} runs an image with
 * Testcontainers, and when Docker (or Testcontainers) is not there the class is skipped with the
 * reason, like Testcontainers' {@code disabledWithoutDocker}. {@link #fromSystemProperty()} lets
 * the build pick: a container when {@code -Dhbload.testkit.image=IMAGE} is set, else embedded.
 * {@link #shared()} gives every test class of the JVM one embedded cluster, started once.
 * Thread-safe per JUnit's lifecycle (one class at a time); use from a static field.
 */
public final class HBaseExtension
    implements BeforeAllCallback, AfterAllCallback, ExecutionCondition, ParameterResolver {
  /** System property naming a Docker image for {@link #fromSystemProperty()}. */
  public static final String IMAGE_PROPERTY = "hbload.testkit.image";

  private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

  private final String image;
  private final int regionServers;
  private final boolean secure;
  private final boolean shared;
  private volatile TestHBase hbase;

  private HBaseExtension(String image, int regionServers, boolean secure, boolean shared) {
    this.image = image;
    this.regionServers = regionServers;
    this.secure = secure;
    this.shared = shared;
  }

  /** An embedded mini cluster with one RegionServer. */
  public static HBaseExtension embedded() {
    return embedded(1);
  }

  public static HBaseExtension embedded(int regionServers) {
    return new HBaseExtension(null, regionServers, false, false);
  }

  /**
   * The JVM's shared embedded mini cluster (one RegionServer): the first test class that registers
   * it starts it, every later class of the same JVM gets the same cluster, and it stops when the
   * JVM exits. A suite then pays one start-up (about 7 s, more in a cold JVM) instead of one per
   * class; with failsafe or surefire that needs {@code reuseForks=true} (their default). After each
   * class the tables it made are dropped, so the next class finds an empty cluster and classes may
   * use the same table names. For tests that read and write tables: a test that stops servers,
   * changes the JVM's security state or needs a configuration of its own takes {@link #embedded()}.
   */
  public static HBaseExtension shared() {
    return new HBaseExtension(null, 1, false, true);
  }

  /**
   * A Kerberized embedded mini cluster (one RegionServer) with its own KDC: {@link
   * TestHBase#clientPrincipal()} and {@link TestHBase#clientKeytab()} log in to it, and {@link
   * TestHBase#properties()} carries them. Run it in a JVM where no plain mini cluster ran before (a
   * fork of its own, e.g. failsafe's {@code reuseForks=false}): Hadoop's security state is
   * process-wide and the secure master does not come up after a plain one (it fails in 60 s).
   */
  public static HBaseExtension embeddedSecure() {
    return new HBaseExtension(null, 1, true, false);
  }

  /** HBase from a Docker image; the class is skipped when Docker is not available. */
  public static HBaseExtension container(String image) {
    return new HBaseExtension(Objects.requireNonNull(image, "image"), 1, false, false);
  }

  /** {@link #container} when {@code -Dhbload.testkit.image} is set, else {@link #embedded()}. */
  public static HBaseExtension fromSystemProperty() {
    String img = System.getProperty(IMAGE_PROPERTY);
    return img == null || img.isBlank() ? embedded() : container(img.trim());
  }

  /** The running HBase (between beforeAll and afterAll). */
  public TestHBase hbase() {
    TestHBase h = hbase;
    if (h == null) {
      throw new IllegalStateException(
          "HBase is not running: register the extension on a static field");
    }
    return h;
  }

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    if (image == null) {
      return ConditionEvaluationResult.enabled(
          secure ? "embedded secure HBase" : shared ? "shared embedded HBase" : "embedded HBase");
    }
    String missing = DockerProbe.unavailableReason();
    return missing == null
        ? ConditionEvaluationResult.enabled("Docker available for " + image)
        : ConditionEvaluationResult.disabled("HBase image " + image + " needs Docker: " + missing);
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    if (hbase == null) {
      hbase =
          shared
              ? SharedTestHBase.get()
              : image != null
                  ? TestHBase.container(image)
                  : secure
                      ? TestHBase.embeddedSecure(regionServers)
                      : TestHBase.embedded(regionServers);
    }
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    TestHBase h = hbase;
    hbase = null;
    if (h == null) {
      return;
    }
    if (shared) {
      dropTables(h);
    } else {
      h.close();
    }
  }

  /**
   * Drops every user table of {@code h}, the tables in parallel (each a disable, then a delete).
   */
  private static void dropTables(TestHBase h) throws Exception {
    try (AsyncConnection c =
        ConnectionFactory.createAsyncConnection(h.configuration()).get(60, TimeUnit.SECONDS)) {
      AsyncAdmin admin = c.getAdmin();
      List<CompletableFuture<Void>> drops = new ArrayList<>();
      for (TableName t : admin.listTableNames().get(60, TimeUnit.SECONDS)) {
        drops.add(
            admin
                .isTableEnabled(t)
                .thenCompose(enabled -> enabled ? admin.disableTable(t) : DONE)
                .thenCompose(disabled -> admin.deleteTable(t)));
      }
      CompletableFuture.allOf(drops.toArray(new CompletableFuture<?>[0]))
          .get(120, TimeUnit.SECONDS);
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext p, ExtensionContext e) {
    return p.getParameter().getType() == TestHBase.class;
  }

  @Override
  public Object resolveParameter(ParameterContext p, ExtensionContext e) {
    return hbase();
  }
}
