package io.hbload.cli.contract;

/**
 * The exit codes every subcommand returns, and only these: scripts and CI jobs branch on them, so a
 * new command must not invent its own.
 */
public final class ExitCode {
  /** Completed as asked. */
  public static final int OK = 0;

  /**
   * A run failure: a worker failed, data did not verify, a check found a problem, or an internal
   * error.
   */
  public static final int FAILURE = 1;

  /** Bad input: usage, options, properties, files, cluster settings. Nothing ran. */
  public static final int BAD_INPUT = 2;

  /**
   * {@code compare --fail-if-slower} could not judge what it gates (too few intervals, rounds or
   * latencies), or {@code --fail-if-recovery-exceeds} a fault's recovery (no baseline before it, or
   * the run ended first): neither a pass nor a failure, so a CI job does not read silence as a
   * pass.
   */
  public static final int CANNOT_JUDGE = 3;

  /**
   * {@code run --find-max}: the generator (this client), not the server, was the limit, so no
   * server capacity was measured; the line names the rate and the last rate that held. Apart from
   * {@link #FAILURE} so that a script can add client threads, slots or hosts and search again.
   */
  public static final int GENERATOR_LIMIT = 4;

  /** Interrupted (Ctrl-C); the report of what was done is still printed. */
  public static final int INTERRUPTED = 130;

  /** The lines {@code --help} prints under "Exit codes". */
  public static final String[] HELP = {
    "0:completed",
    "1:run failure (a worker failed, errors with --fail-on-error, a failed check, an internal error;"
        + " run --find-max: no rate held the bound; a fault not recovered within"
        + " --fail-if-recovery-exceeds)",
    "2:bad input: usage, options, properties, files, cluster settings",
    "3:compare --fail-if-slower could not judge what it gates (see compare --help);"
        + " --fail-if-recovery-exceeds could not judge a fault's recovery",
    "4:run --find-max: the generator (the client), not the server, was the limit; no server"
        + " capacity measured",
    "130:interrupted (the report of what was done is still printed)"
  };

  private ExitCode() {}
}
