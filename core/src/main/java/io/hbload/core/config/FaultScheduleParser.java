package io.hbload.core.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Reads a fault schedule as a person writes it: entries {@code at DURATION ACTION} or {@code every
 * DURATION ACTION}, separated by {@code ;} or new lines, e.g. {@code at 30s restart-regionserver;
 * every 60s flush}; or {@code @FILE}, one entry a line, {@code #} starting a comment. ACTION is a
 * {@link FaultAction}'s short name or one of ChaosMonkey's class names. Every problem is found in
 * one pass and thrown together as a {@link SpecException} naming {@code property}. Stateless.
 */
public final class FaultScheduleParser {
  private FaultScheduleParser() {}

  /**
   * The schedule {@code text} describes ({@link FaultSchedule#NONE} for null or blank), with the
   * recovery limit {@code recoveryLimit} (null for none); {@code runSeconds} is how long the phase
   * runs (0 when not bounded by time), so that a fault that could never fire is bad input.
   */
  public static FaultSchedule parse(
      String property, String text, Duration recoveryLimit, long runSeconds) {
    List<String> problems = new ArrayList<>();
    FaultSchedule schedule = parse(text, recoveryLimit, runSeconds, problems);
    if (!problems.isEmpty()) {
      throw new SpecException(
          problems.stream().map(p -> "property " + property + ": " + p).toList());
    }
    return schedule;
  }

  /**
   * As {@link #parse(String, String, Duration, long)}, adding each problem to {@code problems}
   * instead of throwing (for a parser that reports every property's problems at once): then {@link
   * FaultSchedule#NONE}.
   */
  public static FaultSchedule parse(
      String text, Duration recoveryLimit, long runSeconds, List<String> problems) {
    List<ScheduledFault> faults = new ArrayList<>();
    int before = problems.size();
    if (text != null && !text.isBlank()) {
      String body = text.strip();
      String where = "";
      if (body.startsWith("@")) {
        Path file = Path.of(body.substring(1).strip());
        where = file + ": ";
        try {
          body = Files.readString(file);
        } catch (IOException e) {
          problems.add("cannot read the fault file " + file + ": " + e);
          return FaultSchedule.NONE;
        }
      }
      for (String line : body.split("\\R")) {
        int hash = line.indexOf('#');
        String content = hash >= 0 ? line.substring(0, hash) : line;
        for (String entry : content.split(";")) {
          if (!entry.isBlank()) {
            ScheduledFault f = entry(entry.strip(), runSeconds, where, problems);
            if (f != null) {
              faults.add(f);
            }
          }
        }
      }
      if (faults.isEmpty() && problems.size() == before) {
        problems.add(where + "no fault in '" + text.strip() + "'");
      }
    }
    if (recoveryLimit != null && faults.isEmpty() && problems.size() == before) {
      problems.add("a recovery limit needs faults (--faults) to recover from");
    }
    if (faults.isEmpty() || problems.size() > before) {
      return FaultSchedule.NONE;
    }
    faults.sort(Comparator.comparing(ScheduledFault::offset)); // stable: same instant, as written
    return new FaultSchedule(faults, recoveryLimit);
  }

  private static ScheduledFault entry(
      String entry, long runSeconds, String where, List<String> problems) {
    String[] words = entry.split("\\s+");
    if (words.length != 3) {
      problems.add(
          where
              + "'"
              + entry
              + "' is not a fault (write 'at 30s restart-regionserver' or 'every 60s flush')");
      return null;
    }
    String when = words[0].toLowerCase(Locale.ROOT);
    if (!when.equals("at") && !when.equals("every")) {
      problems.add(where + "'" + entry + "' starts with '" + words[0] + "': use 'at' or 'every'");
      return null;
    }
    Duration offset = PropertyReader.parseDuration(words[1]);
    FaultAction action = FaultAction.named(words[2]).orElse(null);
    if (offset == null) {
      problems.add(
          where + "'" + words[1] + "' in '" + entry + "' is not a duration (use e.g. 30s, 2m)");
    }
    if (action == null) {
      problems.add(where + unknownAction(words[2]));
    }
    if (offset == null || action == null) {
      return null;
    }
    boolean repeats = when.equals("every");
    if (repeats && offset.isZero()) {
      problems.add(where + "'" + entry + "': a fault cannot repeat every 0 s");
      return null;
    }
    if (runSeconds > 0 && offset.compareTo(Duration.ofSeconds(runSeconds)) >= 0) {
      problems.add(
          where
              + "'"
              + entry
              + "' would fire after the run ends (maxexecutiontime "
              + runSeconds
              + " s)");
      return null;
    }
    return new ScheduledFault(offset, repeats, action);
  }

  /** The one line for a name that is no action: the closest names, then every short name. */
  private static String unknownAction(String name) {
    List<String> close =
        FaultAction.allNames().stream()
            .filter(
                n ->
                    EditDistance.between(n.toLowerCase(Locale.ROOT), name.toLowerCase(Locale.ROOT))
                        <= Math.max(2, n.length() / 4))
            .toList();
    return "unknown fault '"
        + name
        + "'"
        + (close.isEmpty() ? "" : " (did you mean " + String.join(" or ", close) + "?)")
        + "; known: "
        + String.join(
            ", ", Arrays.stream(FaultAction.values()).map(FaultAction::shortName).toList())
        + " (or ChaosMonkey's action class names)";
  }
}
