package io.hbload.gc.check;

import java.util.List;

/**
 * What one {@code --check} run showed. Immutable, thread-safe.
 *
 * @param java the binary that was run
 * @param targetFeature the JDK the options were computed for
 * @param actualFeature the JDK the binary reported, 0 when it printed no version
 * @param exitCode exit code of {@code java ... -version}
 * @param command the full command line that was run
 * @param checks one per emitted option that was passed
 * @param omitted options left out on this machine, each with the reason
 * @param findings problems seen in the JVM's output (unrecognized or locked options, range errors,
 *     warnings) or a version mismatch
 */
public record CheckReport(
    String java,
    int targetFeature,
    int actualFeature,
    int exitCode,
    List<String> command,
    List<FlagCheck> checks,
    List<String> omitted,
    List<String> findings) {
  public CheckReport {
    command = List.copyOf(command);
    checks = List.copyOf(checks);
    omitted = List.copyOf(omitted);
    findings = List.copyOf(findings);
  }

  /**
   * True when the JVM started (exit 0), is the target release, printed no warning and every flag
   * took.
   */
  public boolean ok() {
    return exitCode == 0
        && findings.isEmpty()
        && targetFeature == actualFeature
        && checks.stream().allMatch(FlagCheck::ok);
  }

  /**
   * The report as {@code #} comment lines, one per fact, each ending in a newline: printed after
   * the options, the output stays valid in {@code hbase-env.sh} and in a {@code java @argfile}.
   */
  public String render() {
    StringBuilder sb = new StringBuilder();
    sb.append("# check: ")
        .append(java)
        .append(" (JDK ")
        .append(actualFeature)
        .append("), exit ")
        .append(exitCode)
        .append(": ")
        .append(ok() ? "OK, every flag took its value from the command line" : "FAILED")
        .append('\n');
    omitted.forEach(o -> sb.append("#   left out: ").append(o).append('\n'));
    checks.forEach(c -> sb.append("#   ").append(c.line()).append('\n'));
    findings.forEach(f -> sb.append("#   finding: ").append(f).append('\n'));
    return sb.toString();
  }
}
