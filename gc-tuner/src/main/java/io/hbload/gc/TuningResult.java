package io.hbload.gc;

import java.util.List;

/**
 * The calculator's answer: options in command-line order, one explanation per rule, warnings, and
 * the derived numbers. Immutable (lists are copies), thread-safe.
 *
 * @param input what was asked
 * @param options the JVM options, in the order they must appear (unlock flags before what they
 *     unlock)
 * @param explanations one per rule, in the order the rules ran
 * @param warnings things the operator should look at; none of them stops the options from working
 * @param derived the computed numbers, also for options the JDK already defaults and which were
 *     left out
 */
public record TuningResult(
    TuningInput input,
    List<JvmOption> options,
    List<Explanation> explanations,
    List<String> warnings,
    Derived derived) {

  public TuningResult {
    options = List.copyOf(options);
    explanations = List.copyOf(explanations);
    warnings = List.copyOf(warnings);
  }

  /** The options as strings. */
  public List<String> optionTexts() {
    return options.stream().map(JvmOption::text).toList();
  }

  /** One JVM options line, space separated. */
  public String optionsLine() {
    return String.join(" ", optionTexts());
  }

  /**
   * Numbers the rules computed. Immutable, thread-safe.
   *
   * @param parallelGcThreads HotSpot's default for the CPU count (emitted as {@code
   *     ParallelGCThreads})
   * @param concGcThreads G1's default {@code ConcGCThreads} for that ParallelGCThreads (not
   *     emitted)
   * @param g1NewSizePercent the effective minimum young percent (5, the JVM default, when not
   *     emitted)
   * @param edenTargetBytes pause goal x evacuation rate
   * @param regionSizeBytes G1's ergonomic region size for this heap on this JDK
   * @param maxDirectMemoryBytes emitted MaxDirectMemorySize, 0 when no BucketCache was given
   */
  public record Derived(
      int parallelGcThreads,
      int concGcThreads,
      int g1NewSizePercent,
      long edenTargetBytes,
      long regionSizeBytes,
      long maxDirectMemoryBytes) {}
}
