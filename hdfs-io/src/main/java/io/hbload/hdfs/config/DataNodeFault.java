package io.hbload.hdfs.config;

import io.hbload.core.fault.FaultCommand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * DataNodes stopped in the middle of a timed dfsio pass ({@code --kill-datanodes K --at T
 * --duration D}): the pass reads (or writes) its files over and over for D, and at T hbload stops K
 * of the DataNodes holding the files' blocks, chosen with {@code seed}; on a cluster it does not
 * own, through the user's {@code exec} command. Immutable; input errors that need no cluster are
 * reported at once in one {@link BadInputException}.
 *
 * @param count DataNodes to stop, at least 1
 * @param at when, from the start of the measured pass
 * @param duration how long the pass runs
 * @param seed picks which DataNodes among those holding blocks of the files
 * @param exec the command that stops a DataNode on a real cluster; empty on the embedded one
 */
public record DataNodeFault(
    int count, Duration at, Duration duration, long seed, Optional<FaultCommand> exec) {
  /** When the DataNodes go unless told: after a healthy baseline long enough for a p99. */
  public static final Duration DEFAULT_AT = Duration.ofSeconds(10);

  /** How long a pass with a fault runs unless told. */
  public static final Duration DEFAULT_DURATION = Duration.ofSeconds(60);

  public DataNodeFault {
    List<String> errors = new ArrayList<>();
    if (count < 1) {
      errors.add("--kill-datanodes must be at least 1, got " + count);
    }
    if (at.isNegative() || at.isZero()) {
      errors.add("--at must be positive (a healthy baseline comes first), got " + at);
    }
    if (duration.compareTo(at) <= 0) {
      errors.add(
          "--at "
              + seconds(at)
              + " is not before the pass's end (--duration "
              + seconds(duration)
              + "): the DataNodes would never be stopped");
    }
    if (!errors.isEmpty()) {
      throw new BadInputException(String.join("; ", errors));
    }
  }

  /**
   * Refuses a fault the policy cannot survive, or the cluster cannot carry out, before anything
   * starts.
   *
   * @param dataNodes DataNodes of the cluster, or -1 when unknown (a real cluster that will not
   *     tell a non-superuser)
   */
  public void check(StoragePolicy policy, int dataNodes) {
    if (dataNodes >= 0 && count >= dataNodes) {
      throw new BadInputException(
          "--kill-datanodes "
              + count
              + " would stop every DataNode but "
              + (dataNodes - count)
              + " of "
              + dataNodes
              + ": nothing would be left to read from");
    }
    if (policy.isErasureCoded() && count > policy.parityUnits()) {
      throw new BadInputException(
          "--kill-datanodes "
              + count
              + " is more than "
              + policy.name()
              + " survives (its "
              + policy.parityUnits()
              + " parity units): a block group with more units on the stopped DataNodes cannot be"
              + " decoded, so reads would fail rather than degrade; refused");
    }
    if (!policy.isErasureCoded() && count >= policy.replication()) {
      throw new BadInputException(
          "--kill-datanodes "
              + count
              + " is not less than "
              + policy
              + "'s "
              + policy.replication()
              + " replicas: a block whose replicas all sat on the stopped DataNodes would be"
              + " missing, so reads would fail rather than degrade; refused");
    }
  }

  private static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
  }
}
