package io.hbload.core.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a spec came from: the merged properties as given and what the parser had to say about them.
 * Kept apart from the typed settings because it is for people and result documents only: no setting
 * is ever read from {@code properties} (each is a typed field of the spec or of the binding's
 * settings); {@link #sets} says only whether one was given. Immutable.
 *
 * @param properties every merged property, as given: echoed into result documents so a run can be
 *     reproduced
 * @param notes warnings found while parsing, printed before the run (e.g. threads cut to the op
 *     count)
 * @param commandLine the command that made the spec, {@code hbload} and its arguments, so that a
 *     result can be re-run from itself (a {@code pe} result holds PE's command, rows and options);
 *     empty when the spec was built through the Java API
 */
public record Provenance(
    Map<String, String> properties, List<String> notes, List<String> commandLine) {
  public Provenance {
    properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    notes = List.copyOf(notes);
    commandLine = List.copyOf(commandLine);
  }

  /** A spec's provenance before a command line is known. */
  public Provenance(Map<String, String> properties, List<String> notes) {
    this(properties, notes, List.of());
  }

  /**
   * Whether the properties set {@code key} at all (in a workload file or on the command line), as
   * against leaving it to its default. For a caller whose default differs from the parser's, such
   * as find-max's steps, which warm up 1 s where a phase warms up not at all: an explicit {@code
   * hbload.warmup=0s} is then honoured, not taken for the default. Only whether it was set: its
   * value is the typed spec's.
   */
  public boolean sets(String key) {
    return properties.containsKey(key);
  }

  /** A copy with these notes instead. */
  public Provenance withNotes(List<String> notes) {
    return new Provenance(properties, notes, commandLine);
  }

  /** A copy that says it was made by this command ({@code hbload} and its arguments). */
  public Provenance withCommandLine(List<String> commandLine) {
    return new Provenance(properties, notes, commandLine);
  }
}
