package io.hbload.core.export;

import io.hbload.core.exec.RunListener;
import io.hbload.core.exec.StatusSnapshot;
import io.hbload.core.result.RunResult;
import io.hbload.core.spec.RunSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Progress of a phase that prints no status lines (no {@code -s}, or the engine's own load before a
 * run), so that long work is never silent: at every status interval one line with what is done, the
 * current rate and an estimate of what is left; on a terminal the line is redrawn in place. The
 * estimate comes from the operations left at the rate of the phase so far, or from the time left of
 * a time-bounded phase, and is left out while there is no rate. Called on the reporter thread only.
 */
public final class ProgressLine implements RunListener {
  private final PrintStream out;
  private final String what;
  private final boolean terminal;
  private boolean drawn;
  private long lineOperations;
  private long lineMillis;

  /**
   * @param what the phase's name in the line ("run", "load", "load before the run")
   * @param terminal redraw one line in place instead of one line per interval
   */
  public ProgressLine(PrintStream out, String what, boolean terminal) {
    this.out = out;
    this.what = what;
    this.terminal = terminal;
  }

  /**
   * Whether this process's stderr is a terminal (Linux: file descriptor 2 is a tty); false when
   * unknown.
   */
  public static boolean stderrIsTerminal() {
    try {
      String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
      return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      return false;
    }
  }

  @Override
  public void interval(RunSpec spec, StatusSnapshot s) {
    if (spec.execution().status() || !s.statusDue() || s.elapsedMillis() < 100) {
      return; // the status line says it already; the tick right at the start has nothing to say
    }
    String line = format(spec, s, what, lineOperations, lineMillis);
    lineOperations = s.totalOperations();
    lineMillis = s.elapsedMillis();
    if (terminal) {
      out.print("\r" + line + "\u001b[K");
      out.flush();
      drawn = true;
    } else {
      out.println(line);
    }
  }

  @Override
  public void phaseFinished(RunResult result) {
    if (drawn) {
      out.println(); // the report's lines start on a line of their own
      drawn = false;
    }
  }

  @Override
  public void warmupFinished(RunSpec spec, long epochMillis, long operations) {
    lineOperations = 0; // the measured phase counts from zero again
    lineMillis = 0;
  }

  /**
   * The line; "now" is the rate since the previous line, at {@code lineOperations} after {@code
   * lineMillis}.
   */
  static String format(
      RunSpec spec, StatusSnapshot s, String what, long lineOperations, long lineMillis) {
    double seconds = s.elapsedMillis() / 1000.0;
    double current =
        s.elapsedMillis() > lineMillis
            ? 1000.0 * (s.totalOperations() - lineOperations) / (s.elapsedMillis() - lineMillis)
            : s.totalOperations() / seconds;
    long planned =
        spec.execution().operations() > 0 ? s.totalOperations() + s.remainingOperations() : 0;
    return "hbload: "
        + what
        + ' '
        + figures(
            Unit.OPERATIONS,
            s.totalOperations(),
            planned,
            seconds,
            current,
            spec.execution().operations() > 0 ? 0 : spec.execution().maxExecutionTimeSeconds());
  }

  /** What is counted, in the line's words. */
  public record Unit(String noun, String perSecond) {
    public static final Unit OPERATIONS = new Unit("operations", "ops/sec");
  }

  /**
   * The figures of a progress line from plain counts, for the engine's phases and for work counted
   * elsewhere (a MapReduce job's counters): {@code 1,200 of 5,000 operations (24 %) in 12 s, 100
   * ops/sec now, about 38 s left}. The estimate is the units left at the average rate so far, or,
   * for work bounded by time, the time left; {@code ETA unknown} while nothing is counted yet.
   *
   * @param done units done so far
   * @param planned units the work does in all; 0 when it is bounded by time (or by nothing)
   * @param seconds since the counted work started
   * @param currentPerSecond the rate since the previous line
   * @param limitSeconds the time bound when {@code planned} is 0; 0 for none
   */
  public static String figures(
      Unit unit,
      long done,
      long planned,
      double seconds,
      double currentPerSecond,
      double limitSeconds) {
    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%,d", done));
    if (planned > 0) {
      line.append(
          String.format(
              Locale.ROOT,
              " of %,d %s (%.0f %%)",
              planned,
              unit.noun(),
              100.0 * done / Math.max(1, planned)));
    } else {
      line.append(' ').append(unit.noun());
    }
    line.append(
        String.format(
            Locale.ROOT,
            " in %s, %,.0f %s now",
            duration(seconds),
            currentPerSecond,
            unit.perSecond()));
    if (planned > done || planned == 0 && limitSeconds > 0) {
      if (done <= 0 || seconds <= 0) {
        line.append(", ETA unknown");
      } else {
        double left =
            planned > 0 ? (planned - done) / (done / seconds) : Math.max(0, limitSeconds - seconds);
        line.append(", about ").append(duration(left)).append(" left");
      }
    }
    return line.toString();
  }

  /** 4.2 s, 42 s, 3 min 20 s, 2 h 5 min: as precise as a person reads an estimate. */
  public static String duration(double seconds) {
    if (seconds < 10) {
      return String.format(Locale.ROOT, "%.1f s", seconds);
    }
    long s = Math.round(seconds);
    if (s < 60) {
      return s + " s";
    } else if (s < 3600) {
      return (s / 60) + " min " + (s % 60) + " s";
    }
    return (s / 3600) + " h " + (s % 3600 / 60) + " min";
  }
}
