package io.hbload.cli.suite;

import io.hbload.core.export.ProgressLine;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * The suite's own progress line, printed as each step starts: {@code step 3 of 7, 2 min 5 s
 * elapsed, about 4 min 10 s left}. A run step lasts the suite's {@code --duration} plus what it
 * costs around it (its start, warm-up, drain and files), measured as the mean over the run steps
 * finished so far, so the estimate starts at the durations alone and grows honest as steps finish.
 * A load's length is not known before it ends, so its line leaves it out of the estimate and says
 * so. Not thread-safe: the runner's thread only; allocates a line per step.
 */
final class SuiteEta {
  private final int steps;
  private final long runNanos;
  private final LongSupplier nanoClock;
  private final long startNanos;
  private int started;
  private int runsLeft;
  private long stepStartNanos;
  private boolean inRun;
  private int runsFinished;
  private long overheadNanos;

  /**
   * @param loads the loads that come first (a duet's sides load one each)
   * @param runs the run steps still to do (resumed ones excluded)
   * @param runDuration each run step's {@code --duration}
   * @param nanoClock {@link System#nanoTime} outside tests; the suite starts at its first reading
   */
  SuiteEta(int loads, int runs, Duration runDuration, LongSupplier nanoClock) {
    this.steps = runs + loads;
    this.runsLeft = runs;
    this.runNanos = runDuration.toNanos();
    this.nanoClock = nanoClock;
    this.startNanos = nanoClock.getAsLong();
  }

  /** The line of the step about to start (a run, or the load). */
  String starting(boolean run) {
    long now = nanoClock.getAsLong();
    stepStartNanos = now;
    inRun = run;
    started++;
    long perRun = runNanos + (runsFinished == 0 ? 0 : overheadNanos / runsFinished);
    String left = ProgressLine.duration(runsLeft * perRun / 1e9);
    return "hbload suite: step "
        + started
        + " of "
        + steps
        + ", "
        + ProgressLine.duration((now - startNanos) / 1e9)
        + " elapsed, about "
        + left
        + (run ? " left" : " left after the load");
  }

  /** The step last started has ended (counted or not). */
  void finished() {
    if (inRun) {
      overheadNanos += Math.max(0, nanoClock.getAsLong() - stepStartNanos - runNanos);
      runsFinished++;
      runsLeft--;
      inRun = false;
    }
  }
}
