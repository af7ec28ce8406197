package io.hbload.core.server;

import io.hbload.core.time.Clock;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The servers' samples and, beside them, the client's own host: how busy its CPUs were and how much
 * of them other processes than this JVM held. A tail that stands out while the host is saturated by
 * someone else (another client, a build, the cluster's own JVM on the same machine) is explained by
 * that, not by the store: on a shared 2-core host most slow intervals that no server event
 * explained fell where other processes held the CPUs. Linux only ({@code /proc/stat}); elsewhere,
 * or when the file cannot be read, only the servers' samples. Confined to the sampling thread.
 */
public final class HostCpuSampler implements ServerSampler {
  /** The host's CPUs busy at least this share of an interval: saturated. */
  static final double SATURATED = 0.9;

  /** Other processes holding at least this share of the host's CPUs: theirs is the saturation. */
  static final double OTHERS = 0.25;

  /** Milliseconds per clock tick of {@code /proc/stat} (USER_HZ, 100 on every Linux ABI). */
  private static final long MILLIS_PER_TICK = 10;

  static final ServerFigure BUSY =
      new ServerFigure(
          "host.cpu.busy.percent",
          Map.of(),
          "% of its CPUs",
          ServerFigure.Kind.GAUGE,
          "Client host CPU",
          "");

  /** Other processes' share when the host was saturated, else 0: an event. */
  static final ServerFigure SATURATED_BY_OTHERS =
      new ServerFigure(
              "host.cpu.others.percent",
              Map.of(),
              "% of its CPUs",
              ServerFigure.Kind.GAUGE,
              "Client host CPU",
              "")
          .asEvent("host CPU saturated; other processes' share (%)");

  private final ServerSampler servers;
  private final Supplier<long[]> stat;
  private final LongSupplier processCpuNanos;
  private final String host;
  private final Clock clock;
  private long[] last;
  private long lastProcessNanos;

  HostCpuSampler(
      ServerSampler servers,
      Supplier<long[]> stat,
      LongSupplier processCpuNanos,
      String host,
      Clock clock) {
    this.servers = servers;
    this.stat = stat;
    this.processCpuNanos = processCpuNanos;
    this.host = host;
    this.clock = clock;
  }

  /**
   * {@code servers}' samples with this host's beside them; {@code servers} itself where the host
   * cannot be read.
   */
  public static ServerSampler beside(ServerSampler servers, String host, Clock clock) {
    Path file = Path.of("/proc/stat");
    if (!Files.isReadable(file)
        || !(ManagementFactory.getOperatingSystemMXBean()
            instanceof com.sun.management.OperatingSystemMXBean os)
        || os.getProcessCpuTime() < 0) {
      return servers;
    }
    return new HostCpuSampler(
        servers, () -> read(file), os::getProcessCpuTime, "client host " + host, clock);
  }

  @Override
  public List<ServerSample> sample() throws IOException {
    List<ServerSample> out = new ArrayList<>(servers.sample());
    // no server answered: said as such by the sampling, not hidden behind this host's figures
    ServerSample own = out.isEmpty() ? null : host(clock.epochMillis());
    if (own != null) {
      out.add(own);
    }
    return out;
  }

  /** This host's figures over the time since the last read; null on the first or a failed read. */
  ServerSample host(long epochMillis) {
    long[] now = stat.get();
    long process = processCpuNanos.getAsLong();
    long[] before = last;
    long processBefore = lastProcessNanos;
    last = now;
    lastProcessNanos = process;
    if (now == null || before == null) {
      return null;
    }
    long total = now[0] - before[0];
    long idle = now[1] - before[1];
    if (total <= 0) {
      return null;
    }
    double busy = (double) (total - idle) / total;
    double capacityMillis = (double) total * MILLIS_PER_TICK; // every CPU's ticks
    double othersMillis =
        Math.max(0, (total - idle) * MILLIS_PER_TICK - (process - processBefore) / 1e6);
    double others = Math.min(1, othersMillis / capacityMillis);
    double saturatedByOthers = busy >= SATURATED && others >= OTHERS ? 100 * others : 0;
    return new ServerSample(
        host,
        epochMillis,
        Map.of(BUSY, Math.rint(100 * busy), SATURATED_BY_OTHERS, Math.rint(saturatedByOthers)));
  }

  /**
   * The {@code cpu} line's total ticks and idle ticks (idle and iowait: a CPU waiting on a disk
   * would run anyone who asked), null when unreadable.
   */
  static long[] read(Path file) {
    try (var lines = Files.lines(file)) {
      return lines
          .filter(l -> l.startsWith("cpu "))
          .findFirst()
          .map(HostCpuSampler::parse)
          .orElse(null);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** {@code cpu user nice system idle iowait irq softirq steal ...}: total and idle ticks. */
  static long[] parse(String cpuLine) {
    String[] f = cpuLine.trim().split("\\s+");
    long total = 0;
    // user .. steal; guest time is already counted in user
    for (int i = 1; i < f.length && i <= 8; i++) {
      total += Long.parseLong(f[i]);
    }
    long idle = Long.parseLong(f[4]) + (f.length > 5 ? Long.parseLong(f[5]) : 0);
    return new long[] {total, idle};
  }

  /** Whether {@code s} is this host's sample, not a server's: its figures are kept apart. */
  public static boolean isHost(ServerSample s) {
    return s.values().containsKey(BUSY);
  }

  @Override
  public String source() {
    return servers.source();
  }
}
