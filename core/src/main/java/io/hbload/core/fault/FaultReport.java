package io.hbload.core.fault;

import io.hbload.core.config.ScheduledFault;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The faults of a phase and what each cost, among the run's figures ({@link
 * io.hbload.core.result.RunResult#figure}): the text report's {@code [FAULT]} lines, the JSON's
 * {@code faults} object and the recovery gate read it. Immutable.
 *
 * @param target where the faults went, as the target described itself
 * @param measuredStartEpochMillis when measuring started: the report's instants count from it
 * @param recoveryLimit the longest recovery allowed ({@code --fail-if-recovery-exceeds}), or null
 * @param intervals the series the costs were read from
 * @param notFired the scheduled faults that never fired: the run ended before them
 */
public record FaultReport(
    String target,
    long measuredStartEpochMillis,
    FaultImpact.Settings settings,
    Duration recoveryLimit,
    List<FaultImpact.Interval> intervals,
    List<FaultImpact.Cost> costs,
    List<ScheduledFault> notFired) {

  public FaultReport {
    intervals = List.copyOf(intervals);
    costs = List.copyOf(costs);
    notFired = List.copyOf(notFired);
  }

  /** Every scheduled fault fired. */
  public FaultReport(
      String target,
      long measuredStartEpochMillis,
      FaultImpact.Settings settings,
      Duration recoveryLimit,
      List<FaultImpact.Interval> intervals,
      List<FaultImpact.Cost> costs) {
    this(target, measuredStartEpochMillis, settings, recoveryLimit, intervals, costs, List.of());
  }

  /**
   * The faults of {@code schedule} that never fired in {@code fired}: the run ended first (an
   * operation count reached, a stop). A repeated one counts when it never fired at all.
   */
  public static List<ScheduledFault> notFired(
      List<ScheduledFault> schedule, List<InjectedFault> fired) {
    List<ScheduledFault> out = new ArrayList<>();
    for (ScheduledFault s : schedule) {
      if (fired.stream().noneMatch(f -> f.scheduled().equals(s))) {
        out.add(s);
      }
    }
    return out;
  }

  /**
   * One line per fault that did not recover within the limit (none without a limit): a run with any
   * fails its recovery gate.
   */
  public List<String> slowRecoveries() {
    List<String> out = new ArrayList<>();
    if (recoveryLimit == null) {
      return out;
    }
    for (FaultImpact.Cost c : costs) {
      if (c.recovered() && c.recoveryMillis() > recoveryLimit.toMillis()) {
        out.add(
            String.format(
                Locale.ROOT,
                "fault %s took %.1f s to recover",
                c.fault().label(),
                c.recoveryMillis() / 1000.0));
      } else if (!c.recovered() && judged(c)) {
        out.add("fault " + c.fault().label() + " did not recover");
      }
    }
    return out;
  }

  /**
   * One line per fault whose recovery the gate could not judge (none without a limit): it never
   * fired, there was no baseline before it, or the run ended within a steady stretch too short to
   * count. Neither a pass nor a failure.
   */
  public List<String> unjudgedRecoveries() {
    List<String> out = new ArrayList<>();
    if (recoveryLimit == null) {
      return out;
    }
    // a gate over a fault that never happened would pass blind
    for (ScheduledFault s : notFired) {
      out.add(
          "fault " + s.describe() + " could not be judged: it never fired (the run ended first)");
    }
    for (FaultImpact.Cost c : costs) {
      if (!c.recovered() && !judged(c)) {
        out.add(
            "fault "
                + c.fault().label()
                + (c.baselineIntervals() == 0
                    ? " could not be judged: no baseline before it"
                    : " could not be judged: the run ended before "
                        + settings.stableIntervals()
                        + " steady intervals"));
      }
    }
    return out;
  }

  /** Whether a fault that did not recover is known not to have: it had a baseline and time. */
  private static boolean judged(FaultImpact.Cost c) {
    return c.baselineIntervals() > 0 && !c.endedSteady();
  }

  /** Seconds from the start of measuring to {@code epochMillis}. */
  public double secondsIn(long epochMillis) {
    return (epochMillis - measuredStartEpochMillis) / 1000.0;
  }
}
