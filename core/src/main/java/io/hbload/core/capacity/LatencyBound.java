package io.hbload.core.capacity;

import io.hbload.core.config.SpecException;
import io.hbload.core.measure.Measure;
import io.hbload.core.measure.MeasurementTotals;
import io.hbload.core.measure.Measures;
import io.hbload.core.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * What a rate must hold to count as sustained: latency percentiles under limits and, optionally, an
 * error rate, all of them at once. Written as text, clauses joined by commas: {@code p99<10ms},
 * {@code READ.p99.9<5ms}, {@code service.p99<2ms}, {@code UPDATE.service.p50<800us}, {@code
 * errors<1%}. A percentile is of latency from the intended start (coordinated-omission corrected)
 * unless the clause says {@code service}; without an operation name it is of every operation's call
 * together (the summed histograms, never averaged percentiles). Immutable.
 *
 * @param clauses the percentile limits, each to hold
 * @param maxErrorFraction the largest fraction of calls that may fail (0.01 for {@code errors<1%}),
 *     or -1 for no limit
 */
public record LatencyBound(List<Clause> clauses, double maxErrorFraction) {
  private static final Pattern PERCENTILE =
      Pattern.compile(
          "(?:(?!(?:service|intended)\\.)([A-Za-z][A-Za-z0-9_-]*)\\.)?(?:(service|intended)\\.)?p(\\d+(?:\\.\\d+)?)"
              + "<(\\d+(?:\\.\\d+)?)(ns|us|ms|s)",
          Pattern.CASE_INSENSITIVE);
  private static final Pattern ERRORS =
      Pattern.compile("errors<(\\d+(?:\\.\\d+)?)%", Pattern.CASE_INSENSITIVE);

  /**
   * One percentile limit.
   *
   * @param operation a measurement name such as {@code READ}, or null for every operation together
   * @param service true for service time, false for latency from the intended start
   * @param percentile e.g. 99.9
   * @param limitNanos the percentile must stay below this
   */
  public record Clause(String operation, boolean service, double percentile, long limitNanos) {
    /** The clause as it would be written, e.g. {@code READ.service.p99.9<5ms}. */
    public String text() {
      return (operation == null ? "" : operation + ".")
          + (service ? "service." : "")
          + "p"
          + trim(percentile)
          + "<"
          + duration(limitNanos);
    }
  }

  public LatencyBound {
    clauses = List.copyOf(clauses);
  }

  /** Parses a bound; every problem in it is named in one {@link SpecException}. */
  public static LatencyBound parse(String text) {
    if (text == null || text.isBlank()) {
      throw new SpecException(
          "--find-max: empty bound; write e.g. p99<10ms, READ.p99.9<5ms, errors<1%");
    }
    List<Clause> clauses = new ArrayList<>();
    double errors = -1;
    List<String> problems = new ArrayList<>();
    for (String raw : text.split(",", -1)) {
      String c = raw.replaceAll("\\s+", "");
      Matcher p = PERCENTILE.matcher(c);
      Matcher e = ERRORS.matcher(c);
      if (p.matches()) {
        String op = p.group(1) == null ? null : p.group(1).toUpperCase(Locale.ROOT);
        double percentile = Double.parseDouble(p.group(3));
        double limit = Double.parseDouble(p.group(4));
        long limitNanos = Math.round(limit * unitNanos(p.group(5).toLowerCase(Locale.ROOT)));
        // a search runs YCSB's CoreWorkload: its operations are core's
        if (op != null
            && (Measures.CORE.named(op) == null || op.equals(Measure.CLEANUP.reportName()))) {
          problems.add(
              "--find-max: '"
                  + raw.trim()
                  + "' names no operation ("
                  + op
                  + "); use READ, UPDATE, INSERT,"
                  + " SCAN, DELETE or READ-MODIFY-WRITE");
        } else if (!(percentile > 0 && percentile <= 100)) {
          problems.add(
              "--find-max: '" + raw.trim() + "': the percentile must be above 0 and at most 100");
        } else if (limitNanos <= 0) {
          problems.add("--find-max: '" + raw.trim() + "': the limit must be above 0");
        } else {
          clauses.add(
              new Clause(op, "service".equalsIgnoreCase(p.group(2)), percentile, limitNanos));
        }
      } else if (e.matches()) {
        double pct = Double.parseDouble(e.group(1));
        if (errors >= 0) {
          problems.add("--find-max: more than one error bound ('" + raw.trim() + "')");
        } else if (pct >= 100) {
          problems.add(
              "--find-max: '" + raw.trim() + "': an error bound of 100 % or more bounds nothing");
        } else {
          errors = pct / 100;
        }
      } else {
        problems.add(
            "--find-max: cannot read '"
                + raw.trim()
                + "'; write a clause as p99<10ms, READ.p99.9<5ms,"
                + " service.p99<2ms or errors<1% (units ns, us, ms, s)");
      }
    }
    if (problems.isEmpty() && clauses.isEmpty()) {
      problems.add(
          "--find-max: '"
              + text.trim()
              + "' bounds no latency percentile; add one such as p99<10ms");
    }
    if (!problems.isEmpty()) {
      throw new SpecException(problems);
    }
    return new LatencyBound(clauses, errors);
  }

  /** The bound as text, as it parses back. */
  public String text() {
    List<String> parts = new ArrayList<>(clauses.stream().map(Clause::text).toList());
    if (maxErrorFraction >= 0) {
      parts.add("errors<" + trim(maxErrorFraction * 100) + "%");
    }
    return String.join(",", parts);
  }

  /**
   * Null when {@code result} holds the bound, else what broke it (e.g. {@code p99<10ms broken:
   * 31.2ms}). A clause naming an operation the run did not do is bad input: the bound cannot be
   * judged.
   */
  public String broken(RunResult result) {
    List<String> broken = new ArrayList<>();
    for (Clause c : clauses) {
      Histogram h = latencies(result, c.operation(), c.service());
      if (h.getTotalCount() == 0) {
        if (c.operation() != null) {
          throw new SpecException(
              "--find-max: the bound names "
                  + c.operation()
                  + " but the workload did no "
                  + c.operation()
                  + " (have "
                  + result.measurements().stream().map(MeasurementTotals::name).toList()
                  + ")");
        }
        broken.add(c.text() + ": no operation completed");
        continue;
      }
      long value = h.getValueAtPercentile(c.percentile());
      if (value >= c.limitNanos()) {
        broken.add(c.text() + " broken: " + duration(value));
      }
    }
    if (maxErrorFraction >= 0) {
      double fraction = errorFraction(result);
      if (fraction > maxErrorFraction) {
        broken.add(
            String.format(
                Locale.ROOT,
                "errors %.2f %% > %s %%",
                fraction * 100,
                trim(maxErrorFraction * 100)));
      }
    }
    return broken.isEmpty() ? null : String.join("; ", broken);
  }

  /**
   * The same bound judged on service time only: what the server took from when each call went out,
   * without the wait before it (a late pacer, every {@code hbload.inflight} slot busy). A step that
   * breaks this bound was broken by the server, whatever the client added.
   */
  public LatencyBound onServiceTime() {
    return new LatencyBound(
        clauses.stream()
            .map(c -> new Clause(c.operation(), true, c.percentile(), c.limitNanos()))
            .toList(),
        maxErrorFraction);
  }

  /**
   * The smallest tail a clause on latency from the intended start reads: 0.01 for {@code p99},
   * 0.001 for {@code p99.9} (the least of them when there are several); 1 when every clause is on
   * service time, which no wait before a call moves.
   */
  public double intendedTailFraction() {
    return clauses.stream()
        .filter(c -> !c.service())
        .mapToDouble(c -> (100 - c.percentile()) / 100)
        .min()
        .orElse(1);
  }

  /**
   * The latencies of one operation (its successful calls' measurement), or of every operation's
   * calls together (failures included, CLEANUP left out), summed from the run's histograms.
   */
  static Histogram latencies(RunResult result, String operation, boolean service) {
    Histogram sum = new Histogram(3);
    for (MeasurementTotals m : result.measurements()) {
      boolean wanted = operation == null ? !isCleanup(m) : m.name().equals(operation);
      if (wanted) {
        sum.add(service ? m.service() : m.intended());
      }
    }
    return sum;
  }

  /** Failed calls over all calls (CLEANUP left out; cancelled calls count as failed). */
  static double errorFraction(RunResult result) {
    long calls = 0;
    long errors = 0;
    for (MeasurementTotals m : result.measurements()) {
      if (!isCleanup(m)) {
        errors += m.errors();
        calls += m.returns().values().stream().mapToLong(Long::longValue).sum();
      }
    }
    return calls == 0 ? 0 : (double) errors / calls;
  }

  private static boolean isCleanup(MeasurementTotals m) {
    return m.name().equals(Measure.CLEANUP.reportName());
  }

  private static double unitNanos(String unit) {
    return switch (unit) {
      case "ns" -> 1;
      case "us" -> 1e3;
      case "ms" -> 1e6;
      default -> 1e9;
    };
  }

  /** A number without a needless {@code .0}. */
  static String trim(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }

  /** Nanoseconds in the largest unit that keeps the figure at least 1. */
  static String duration(long nanos) {
    if (nanos >= 1_000_000_000L) {
      return trim(Math.round(nanos / 1e6) / 1e3) + "s";
    }
    if (nanos >= 1_000_000L) {
      return trim(Math.round(nanos / 1e3) / 1e3) + "ms";
    }
    if (nanos >= 1_000L) {
      return trim(nanos / 1e3) + "us";
    }
    return nanos + "ns";
  }
}
