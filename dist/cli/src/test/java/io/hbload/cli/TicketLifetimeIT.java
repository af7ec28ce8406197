package io.hbload.cli;

import static io.hbload.core.testing.Waits.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.hbase.embedded.EmbeddedHBase;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.ObjectName;
import org.apache.kerby.KOptions;
import org.apache.kerby.kerberos.kerb.client.KrbClient;
import org.apache.kerby.kerberos.kerb.client.KrbOption;
import org.apache.kerby.kerberos.kerb.type.ticket.TgtTicket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Kerberos tickets that end: a secure embedded HBase (MiniKdc) in this JVM, and hbload in fresh
 * JVMs, each with only the client files (hbase-site.xml, krb5.conf, the client keytab) and a ticket
 * cache of its own. A ticket cache is what {@code kinit} writes; there is no kinit here, so the
 * test writes it with Kerby's client (the KDC's own library), asking for the lifetime it needs. The
 * KDC's servers keep their day-long tickets: short lifetimes are the clients' own requests
 * (krb5.conf's {@code ticket_lifetime}, Kerby's lifetime option).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Tag("own-jvm") // Kerberos: Hadoop's login state is process-wide
class TicketLifetimeIT {
  /** The ticket lifetime the renewal run asks for; the run lasts more than three times as long. */
  private static final int SHORT_LIFETIME_SECONDS = 8;

  private static EmbeddedHBase hbase;
  private static Path dir;
  private static Path confDir;

  @BeforeAll
  static void startSecureCluster() throws Exception {
    dir = Files.createTempDirectory("hbload-ticket-lifetime-it");
    hbase = EmbeddedHBase.startSecure(1, 0);
    confDir = dir.resolve("conf");
    hbase.writeClientFiles(confDir);
  }

  @AfterAll
  static void stop() throws Exception {
    if (hbase != null) {
      hbase.close();
    }
    org.apache.hadoop.fs.FileUtil.fullyDelete(dir.toFile());
  }

  record Child(int exit, String out, List<String> err, double seconds) {
    long count(String op, String what) {
      Matcher m =
          Pattern.compile(
                  "^\\[" + Pattern.quote(op) + "], " + Pattern.quote(what) + ", (\\d+)$",
                  Pattern.MULTILINE)
              .matcher(out);
      return m.find() ? Long.parseLong(m.group(1)) : 0;
    }
  }

  /** hbload in a fresh JVM, with {@code KRB5CCNAME} set as given. */
  private static Child hbload(String ticketCache, long timeoutSeconds, String... args)
      throws Exception {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // a behaviour check, not a speed one: the JIT's first tier alone starts it on less
                // CPU
                "-XX:TieredStopAtLevel=1",
                "--add-opens",
                "java.base/java.lang=ALL-UNNAMED",
                "--add-opens",
                "java.base/java.nio=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
    cmd.addAll(List.of(args));
    String name = "child-" + System.nanoTime();
    ProcessBuilder pb =
        new ProcessBuilder(cmd)
            .redirectOutput(dir.resolve(name + ".out").toFile())
            .redirectError(dir.resolve(name + ".err").toFile());
    pb.environment().put("KRB5CCNAME", ticketCache);
    long t0 = System.nanoTime();
    Process p = pb.start();
    if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError(
          "no exit within "
              + timeoutSeconds
              + " s: "
              + Files.readString(dir.resolve(name + ".err")));
    }
    Child c =
        new Child(
            p.exitValue(),
            Files.readString(dir.resolve(name + ".out")),
            Files.readAllLines(dir.resolve(name + ".err")),
            (System.nanoTime() - t0) / 1e9);
    System.err.printf(
        "TicketLifetimeIT: hbload %s -> %d in %.1f s%n%s%n",
        String.join(" ", args), c.exit(), c.seconds(), String.join("\n", c.err()));
    return c;
  }

  /** What {@code kinit -l SECONDS -kt client.keytab client} writes: a ticket cache with one TGT. */
  private static Path ticketCache(String name, int lifetimeSeconds) throws Exception {
    KrbClient client = new KrbClient(confDir.toFile()); // reads the KDC's krb5.conf there
    client.init();
    KOptions request = new KOptions();
    request.add(KrbOption.CLIENT_PRINCIPAL, hbase.kdc().clientPrincipal());
    request.add(KrbOption.USE_KEYTAB, true);
    request.add(KrbOption.KEYTAB_FILE, confDir.resolve("client.keytab").toFile());
    request.add(KrbOption.LIFE_TIME, lifetimeSeconds);
    TgtTicket tgt = client.requestTgt(request);
    Path cache = dir.resolve(name);
    client.storeTicket(tgt, cache.toFile());
    return cache;
  }

  private static String[] withClusterFiles(String... args) {
    List<String> a = new ArrayList<>(List.of(args));
    a.addAll(
        List.of(
            "--hbase-conf",
            confDir.toString(),
            "--krb5-conf",
            confDir.resolve("krb5.conf").toString()));
    return a.toArray(new String[0]);
  }

  /** The positive control of the expired case: the same kind of cache, still valid, logs in. */
  @Test
  @Order(1)
  void aValidTicketCacheLogsIn() throws Exception {
    Path cache = ticketCache("valid.cc", 600);
    Child c =
        hbload(
            "FILE:" + cache,
            120,
            withClusterFiles("load", "-w", "c", "-p", "recordcount=100", "--fail-on-error"));
    assertThat(c.exit()).as(String.join("\n", c.err())).isZero();
    assertThat(c.count("INSERT", "Return=OK")).isEqualTo(100);
  }

  @Test
  @Order(2)
  void anExpiredTicketCacheFailsInOneLineNamingTheExpiry() throws Exception {
    // short, but clear of the KDC's minimum lifetime (3.6 s), which a slow KDC thread would
    // otherwise cross
    Path cache = ticketCache("expired.cc", 6);
    long ends = System.currentTimeMillis() + 6_000;
    // real time: the KDC's ticket lifetime is wall-clock time, and the ticket must have expired
    Thread.sleep(Math.max(0, ends - System.currentTimeMillis()) + 1_500);
    Child c =
        hbload(
            "FILE:" + cache,
            60,
            withClusterFiles(
                "run", "-w", "c", "-p", "recordcount=100", "-p", "operationcount=100"));
    assertThat(c.exit()).as(String.join("\n", c.err())).isEqualTo(2);
    List<String> errors = c.err().stream().filter(l -> l.startsWith("hbload run: ")).toList();
    assertThat(errors).as(String.join("\n", c.err())).hasSize(1);
    assertThat(c.err().get(c.err().size() - 1)).isEqualTo(errors.get(0));
    assertThat(String.join("\n", c.err())).doesNotContain("\tat ").doesNotContain("Exception");
    Matcher m =
        Pattern.compile(
                "^hbload run: Kerberos login from the ticket cache \\(kinit\\) failed: the ticket"
                    + " of "
                    + Pattern.quote(hbase.kdc().clientPrincipal())
                    + " in "
                    + Pattern.quote(cache.toString())
                    + " expired at (\\S+) \\(run kinit again, or give --principal and --keytab\\)$")
            .matcher(errors.get(0));
    assertThat(m.matches()).as(errors.get(0)).isTrue();
    assertThat(Instant.parse(m.group(1)))
        .isBefore(Instant.now())
        .isAfter(Instant.now().minusSeconds(120));
    assertThat(c.seconds()).as("fails within seconds").isLessThan(15);
  }

  /**
   * A keytab login that asks for {@value #SHORT_LIFETIME_SECONDS}-second tickets runs for about 28
   * s. The client closes connections idle for 200 ms and issues 2 operations a second, so nearly
   * every operation opens a new, Kerberos-authenticated connection (counted by the RegionServer),
   * most of them long after the first ticket ended; without renewal those fail.
   */
  @Test
  @Order(3)
  void aKeytabLoginOutlivesItsTicketLifetimeWithoutErrors() throws Exception {
    Path krb5 = dir.resolve("short-lifetime-krb5.conf");
    String conf =
        Files.readString(confDir.resolve("krb5.conf"))
            .replaceAll("(?m)^\\s*ticket_lifetime\\s*=.*$", "");
    Files.writeString(
        krb5,
        conf.replaceFirst(
            "\\[libdefaults]",
            "[libdefaults]\n    ticket_lifetime = " + SHORT_LIFETIME_SECONDS + "s"));
    long authBefore = regionServerAuthentications();
    Child c =
        hbload(
            "FILE:" + dir.resolve("no-ticket-cache"),
            120,
            "run",
            "-w",
            "c",
            "-p",
            "recordcount=100",
            "-p",
            "operationcount=56",
            "-target",
            "2",
            "-threads",
            "1",
            "-p",
            "maxexecutiontime=60",
            "--fail-on-error",
            "-p",
            "hbase.ipc.client.connection.minIdleTimeBeforeClose=200",
            "--hbase-conf",
            confDir.toString(),
            "--krb5-conf",
            krb5.toString(),
            "--principal",
            hbase.kdc().clientPrincipal(),
            "--keytab",
            confDir.resolve("client.keytab").toString());
    assertThat(c.exit()).as(String.join("\n", c.err())).isZero();
    assertThat(c.seconds())
        .as("outlived the ticket lifetime three times")
        .isGreaterThan(3 * SHORT_LIFETIME_SECONDS);
    assertThat(c.count("READ", "Return=OK")).isEqualTo(56);
    assertThat(c.out()).doesNotContain("Return=ERROR");
    // the RegionServer's JMX values are a snapshot up to 10 s old: wait for the count to catch up
    await(
            "the RegionServer's count of authentications",
            Duration.ofSeconds(12),
            Duration.ofMillis(500))
        .untilAsserted(
            () ->
                assertThat(regionServerAuthentications() - authBefore)
                    .as("connections authenticated anew during the run")
                    .isGreaterThanOrEqualTo(20));
    System.err.printf(
        "TicketLifetimeIT: %d connections authenticated during the run%n",
        regionServerAuthentications() - authBefore);
  }

  /**
   * Successful SASL authentications of the RegionServer's RPC server so far (its metrics, in this
   * JVM).
   */
  private static long regionServerAuthentications() throws Exception {
    var server = ManagementFactory.getPlatformMBeanServer();
    long total = 0;
    for (ObjectName name :
        server.queryNames(new ObjectName("Hadoop:service=HBase,name=RegionServer,sub=IPC"), null)) {
      total += ((Number) server.getAttribute(name, "authenticationSuccesses")).longValue();
    }
    return total;
  }
}
