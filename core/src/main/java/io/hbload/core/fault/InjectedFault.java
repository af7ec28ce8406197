package io.hbload.core.fault;

import io.hbload.core.config.ScheduledFault;

/**
 * One fault as it happened: which entry of the schedule fired, when it was due, when the action
 * started and returned (wall clock, as the interval series is), and what the target said it did or
 * why it failed. Immutable.
 *
 * @param number from 1, in the order the faults fired
 * @param endedEpochMillis when the action returned; -1 when it was still running as the phase ended
 * @param detail what the target did, or null
 * @param error why the action failed, or null; a failed action does not stop the load
 */
public record InjectedFault(
    int number,
    ScheduledFault scheduled,
    long dueEpochMillis,
    long injectedEpochMillis,
    long endedEpochMillis,
    String detail,
    String error) {

  /** Whether the action returned before the phase ended. */
  public boolean ended() {
    return endedEpochMillis >= 0;
  }

  /** Whether the target carried the action out. */
  public boolean succeeded() {
    return ended() && error == null;
  }

  /** {@code 1 restart-regionserver (at 5s)}: how the report names it. */
  public String label() {
    return number + " " + scheduled.action().shortName() + " (" + scheduled.timing() + ")";
  }
}
