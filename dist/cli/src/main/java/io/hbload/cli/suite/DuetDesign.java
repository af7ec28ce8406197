package io.hbload.cli.suite;

/**
 * A duet's rounds when the command line does not say: many short rounds a side, in pairs taken in
 * turn, each after a short warm-up, within five minutes of measuring (2 x 20 x (1 + 5) s = 240 s,
 * plus the load and each round's start).
 *
 * <p>Why short rounds and many of them: {@code compare} draws a duet's rounds in pairs, so what the
 * machine did at that moment is in both sides and cancels; the nearer in time the two rounds of a
 * pair, the more of it cancels, and the more pairs, the narrower the interval (fewer pairs also
 * widen it through Student's t: 2.3 standard errors with 8, 2.1 with 19). On the embedded HBase at
 * 1,000 reads/s, 19 kept pairs of 6 s rounds saw a READ p99 difference of about 37 %, 9 pairs of 10
 * s rounds about 60 % on a busier machine. The warm-up leaves out each round's cold start
 * (connection, region locations, threads), 100-170 ms of backlog that made every round's intended
 * p99 about 100 ms; the first round is discarded for the JVM's own warm-up (JIT, caches).
 */
public final class DuetDesign {
  /** Rounds a side. */
  public static final int ROUNDS = 20;

  /** Leading rounds discarded. */
  public static final int DISCARD = 1;

  /** Measured seconds of each round. */
  public static final int SECONDS = 5;

  /** Seconds of warm-up before each round's measured seconds. */
  public static final int WARMUP_SECONDS = 1;

  private DuetDesign() {}
}
