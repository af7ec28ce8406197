package io.hbload.core.audit;

import java.util.List;
import java.util.Locale;

/**
 * What the read-back found, one of a run's figures: keys whose last write was acknowledged ({@code
 * acknowledged} = {@code present} + {@code lost} + {@code changed}), those holding what was
 * acknowledged (a deleted row absent counts as present), those missing, those holding something
 * else; keys whose outcome is unknown (writes that failed or timed out, or overlapping writes that
 * may have landed in either order: not judged) and, among them, rows of unacknowledged inserts that
 * are there ({@code unexpected}: not a failure); keys that could not be read (errors after
 * retries). Up to {@value #NAMED} lost or changed keys are named. Immutable.
 *
 * @param writes the writes remembered (every outcome)
 * @param file where the remembered set was written, or null
 * @param set the remembered set itself, for its file; null when read back
 */
public record AuditReport(
    long writes,
    long acknowledged,
    long present,
    long lost,
    long changed,
    long unknown,
    long unexpected,
    long unreadable,
    List<String> lostKeys,
    List<String> changedKeys,
    double seconds,
    AuditSet set) {
  /** Lost (and changed) keys named at most. */
  public static final int NAMED = 10;

  public AuditReport {
    lostKeys = List.copyOf(lostKeys);
    changedKeys = List.copyOf(changedKeys);
  }

  /** Whether every acknowledged write was found as acknowledged (and every key could be read). */
  public boolean passed() {
    return lost == 0 && changed == 0 && unreadable == 0;
  }

  /** The {@code [VERIFY]} line's text after its tag. */
  public String summary() {
    String s =
        String.format(
            Locale.ROOT,
            "acknowledged %d, present %d, lost %d, changed %d, unknown %d, unexpected %d",
            acknowledged,
            present,
            lost,
            changed,
            unknown,
            unexpected);
    return unreadable > 0 ? s + ", unreadable " + unreadable : s;
  }

  /** Why the audit failed, one line; null when it passed. */
  public String failure() {
    if (passed()) {
      return null;
    }
    StringBuilder b = new StringBuilder("acknowledged writes not found:");
    if (lost > 0) {
      b.append(' ').append(lost).append(" lost (").append(String.join(", ", lostKeys));
      b.append(lost > lostKeys.size() ? ", ...)" : ")");
    }
    if (changed > 0) {
      b.append(lost > 0 ? ";" : "").append(' ').append(changed).append(" changed (");
      b.append(String.join(", ", changedKeys))
          .append(changed > changedKeys.size() ? ", ...)" : ")");
    }
    if (unreadable > 0) {
      b.append(lost + changed > 0 ? ";" : "").append(' ').append(unreadable);
      b.append(" could not be read");
    }
    return b.toString();
  }
}
