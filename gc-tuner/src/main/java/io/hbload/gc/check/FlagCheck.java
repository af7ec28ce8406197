package io.hbload.gc.check;

/**
 * Outcome for one emitted option. Immutable, thread-safe.
 *
 * @param option the option as emitted
 * @param flagName the HotSpot flag checked, or null when the option has none (logging)
 * @param expected the intended value
 * @param actual what PrintFlagsFinal (or, for logging, the file system) showed; null when missing
 * @param ok whether it took the intended value from the command line
 * @param note why it failed, or how it was checked
 */
public record FlagCheck(
    String option, String flagName, String expected, String actual, boolean ok, String note) {
  /** One report line: {@code ok -Xms2g -> InitialHeapSize = 2147483648 (origin command line)}. */
  public String line() {
    return (ok ? "ok   " : "FAIL ")
        + option
        + (flagName == null ? "" : " -> " + flagName + " = " + actual)
        + " ("
        + note
        + ")";
  }
}
