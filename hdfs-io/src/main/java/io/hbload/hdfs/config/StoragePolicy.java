package io.hbload.hdfs.config;

import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.hadoop.hdfs.protocol.ErasureCodingPolicy;
import org.apache.hadoop.hdfs.protocol.SystemErasureCodingPolicies;

/**
 * How the benchmark files are stored: n-way replication or an HDFS erasure coding policy.
 *
 * @param name the policy name as HDFS knows it, or {@value #REPLICATION}
 * @param replication replicas per block (replication only; 0 for EC)
 * @param dataUnits k (EC only)
 * @param parityUnits p (EC only)
 * @param cellBytes cell size (EC only)
 * @param codec the EC codec name, e.g. "rs" (EC only)
 */
public record StoragePolicy(
    String name, int replication, int dataUnits, int parityUnits, int cellBytes, String codec) {
  /** The name that selects replication. */
  public static final String REPLICATION = "REPLICATION";

  /** Replication with {@code replicas} copies. */
  public static StoragePolicy replication(int replicas) {
    if (replicas < 1) {
      throw new BadInputException("--replication must be at least 1, got " + replicas);
    }
    return new StoragePolicy(REPLICATION, replicas, 0, 0, 0, "");
  }

  /**
   * A built-in policy by name (case-insensitive), e.g. RS-6-3-1024k; replication by "REPLICATION".
   *
   * @throws BadInputException naming the known policies when the name is not one
   */
  public static StoragePolicy parse(String name, int replicas) {
    if (REPLICATION.equalsIgnoreCase(name.trim())) {
      return replication(replicas);
    }
    ErasureCodingPolicy ec =
        SystemErasureCodingPolicies.getByName(
            name.trim().toUpperCase(Locale.ROOT).replace("1024K", "1024k"));
    if (ec == null) {
      String known =
          SystemErasureCodingPolicies.getPolicies().stream()
              .map(ErasureCodingPolicy::getName)
              .collect(Collectors.joining(", "));
      throw new BadInputException(
          "unknown policy '" + name + "' (known: REPLICATION, " + known + ")");
    }
    return of(ec);
  }

  /** The record for an HDFS policy object (also user-defined ones read from a real cluster). */
  public static StoragePolicy of(ErasureCodingPolicy ec) {
    return new StoragePolicy(
        ec.getName(),
        0,
        ec.getNumDataUnits(),
        ec.getNumParityUnits(),
        ec.getCellSize(),
        ec.getCodecName());
  }

  public boolean isErasureCoded() {
    return !REPLICATION.equals(name);
  }

  /** DataNodes a write needs to place every block (replicas or all k+p units). */
  public int dataNodesForFullWidth() {
    return isErasureCoded() ? dataUnits + parityUnits : replication;
  }

  /** Directory-safe label, e.g. "rs-6-3-1024k" or "replication-3". */
  public String label() {
    return isErasureCoded() ? name.toLowerCase(Locale.ROOT) : "replication-" + replication;
  }

  @Override
  public String toString() {
    return isErasureCoded() ? name : "REPLICATION x" + replication;
  }
}
