package io.hbload.core.config;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The faults a phase injects beside its load ({@code --faults}), parsed once from the command line
 * or the Java API by {@link FaultScheduleParser}, and the longest recovery a fault may take before
 * the run fails ({@code --fail-if-recovery-exceeds}, null for no limit). Offsets count from the
 * start of measuring (after the warm-up); {@code exec} is the command that carries out process
 * faults on a cluster hbload does not own ({@code --fault-exec}). Immutable.
 */
public record FaultSchedule(
    List<ScheduledFault> faults, Duration recoveryLimit, Optional<FaultExec> exec) {
  /** No faults: the phase runs its load alone. */
  public static final FaultSchedule NONE = new FaultSchedule(List.of(), null);

  public FaultSchedule {
    faults = List.copyOf(faults);
  }

  /** Faults carried out by the cluster's owner or its admin API, no command. */
  public FaultSchedule(List<ScheduledFault> faults, Duration recoveryLimit) {
    this(faults, recoveryLimit, Optional.empty());
  }

  /**
   * The same faults, process faults carried out by {@code command} ({@code --fault-exec}) on a
   * cluster hbload does not own.
   */
  public FaultSchedule withExec(FaultExec command) {
    return new FaultSchedule(faults, recoveryLimit, Optional.of(command));
  }

  /** Whether a fault of the schedule stops or starts a server. */
  public boolean hasProcessFault() {
    return faults.stream().anyMatch(f -> f.action().kind() == FaultAction.Kind.PROCESS);
  }

  public boolean isEmpty() {
    return faults.isEmpty();
  }

  /** Every action the schedule asks for, for a target to say up front whether it can. */
  public Set<FaultAction> actions() {
    Set<FaultAction> out = EnumSet.noneOf(FaultAction.class);
    faults.forEach(f -> out.add(f.action()));
    return out;
  }

  /** As written: {@code at 30s restart-regionserver; every 60s flush}. */
  public String describe() {
    return String.join("; ", faults.stream().map(ScheduledFault::describe).toList());
  }

  /** A duration as the schedule writes it: {@code 30s}, {@code 1.5s}, {@code 250ms}. */
  static String format(Duration d) {
    long millis = d.toMillis();
    if (millis % 1000 == 0) {
      return millis / 1000 + "s";
    }
    return millis < 1000 ? millis + "ms" : millis / 1000.0 + "s";
  }
}
