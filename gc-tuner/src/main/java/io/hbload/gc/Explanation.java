package io.hbload.gc;

/**
 * Why a rule decided what it did, and where the rule comes from. Immutable, thread-safe.
 *
 * @param rule short id, e.g. {@code parallel-gc-threads}
 * @param decision what was emitted or left out, and the arithmetic behind it
 * @param source the publication, JDK bug or HotSpot source the rule rests on
 */
public record Explanation(String rule, String decision, String source) {}
