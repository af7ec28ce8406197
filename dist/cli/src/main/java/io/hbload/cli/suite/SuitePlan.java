package io.hbload.cli.suite;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A checked suite, or one side of a duet: what to run and where its files go. Immutable.
 *
 * @param runProperties per workload, in run order: the merged properties of its runs
 *     (operationcount 0, maxexecutiontime the duration), without output files, which each run adds
 * @param loadProperties the load's, from the first workload (as YCSB users load with workload a's
 *     file)
 * @param resume continue the suite already in {@code dir}
 * @param embedded no cluster configured: the suite starts one embedded HBase for all its runs
 * @param side the side of a duet ({@code a} or {@code b}, its {@code --side} file layered on the
 *     common settings), null for a plain suite
 */
public record SuitePlan(
    List<String> workloads,
    int rounds,
    int discard,
    Duration duration,
    boolean load,
    Path dir,
    boolean resume,
    Map<String, Map<String, String>> runProperties,
    Map<String, String> loadProperties,
    boolean embedded,
    String side) {

  public SuitePlan {
    workloads = List.copyOf(workloads);
  }

  /**
   * How the runner's lines name one of this plan's steps: {@code round2-c}, or {@code a/round2-c}.
   */
  public String label(String step) {
    return side == null ? step : side + "/" + step;
  }

  /**
   * One line a resumed suite must match: its shape and a digest of every run's properties (so that
   * results of another record count or target are never mixed into one table).
   */
  public String description() {
    return "workloads="
        + String.join(",", workloads)
        + " rounds="
        + rounds
        + " discard="
        + discard
        + " duration="
        + duration.toSeconds()
        + "s load="
        + load
        + " properties="
        + digest()
        // a duet's side is not a plain suite: resuming it alone would run it without its partner
        + (side == null ? "" : " side=" + side);
  }

  private String digest() {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (Map<String, String> p : runProperties.values()) {
        sha.update(new TreeMap<>(p).toString().getBytes(StandardCharsets.UTF_8));
      }
      return HexFormat.of().formatHex(sha.digest()).substring(0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  /**
   * Files of one run: {@code round2-c.txt} (YCSB's report), {@code .json}, {@code .hlog}; the
   * load's {@code load.*}.
   */
  public Path report(String step) {
    return dir.resolve(step + ".txt");
  }

  public Path json(String step) {
    return dir.resolve(step + ".json");
  }

  public Path hlog(String step) {
    return dir.resolve(step + ".hlog");
  }

  public static String step(int round, String workload) {
    return "round" + round + "-" + workload;
  }
}
