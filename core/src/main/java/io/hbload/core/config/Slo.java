package io.hbload.core.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A latency objective each status interval of a paced run is judged against ({@code --slo},
 * property {@code hbload.slo}): percentile limits such as {@code p99<10ms}, {@code p99.9<50ms},
 * {@code service.p50<800us}, all of which must hold, comma-separated. A percentile is of latency
 * from the intended start of every scheduled operation together (coordinated-omission corrected)
 * unless the clause says {@code service}. The report names the first interval that breaks it and
 * the rate the schedule asked for then. Immutable.
 */
public record Slo(List<Limit> limits) {
  private static final Pattern CLAUSE =
      Pattern.compile("(service\\.|intended\\.)?p(\\d+(?:\\.\\d+)?)<(\\d+(?:\\.\\d+)?)(us|ms|s)");

  /** One percentile limit: {@code percentile} of latency below {@code limitNanos}. */
  public record Limit(double percentile, long limitNanos, boolean service) {
    /** As written back, e.g. {@code p99<10ms}. */
    public String text() {
      return (service ? "service." : "")
          + "p"
          + RateSchedule.number(percentile)
          + "<"
          + duration(limitNanos);
    }
  }

  public Slo {
    limits = List.copyOf(limits);
    if (limits.isEmpty()) {
      throw new IllegalArgumentException("an SLO needs a limit");
    }
  }

  /** The objective {@code text} states, or null with each problem added to {@code problems}. */
  public static Slo parse(String text, List<String> problems) {
    List<Limit> limits = new ArrayList<>();
    int before = problems.size();
    if (text == null || text.isBlank()) {
      problems.add("empty; write e.g. p99<10ms (p50, p90, p99, p99.9; units us, ms, s)");
      return null;
    }
    for (String raw : text.split(",", -1)) {
      String c = raw.replaceAll("\\s+", "").toLowerCase(Locale.ROOT);
      Matcher m = CLAUSE.matcher(c);
      if (!m.matches()) {
        problems.add(
            "cannot read '"
                + raw.strip()
                + "'; write e.g. p99<10ms, p99.9<50ms or service.p50<800us"
                + " (units us, ms, s)");
        continue;
      }
      double p = Double.parseDouble(m.group(2));
      double limit = Double.parseDouble(m.group(3));
      double unit = m.group(4).equals("us") ? 1e3 : m.group(4).equals("ms") ? 1e6 : 1e9;
      long nanos = Math.round(limit * unit);
      if (!(p > 0 && p < 100)) {
        problems.add("'" + raw.strip() + "': the percentile must be above 0 and below 100");
      } else if (nanos <= 0) {
        problems.add("'" + raw.strip() + "': the limit must be above 0");
      } else {
        limits.add(new Limit(p, nanos, "service.".equals(m.group(1))));
      }
    }
    return problems.size() == before ? new Slo(limits) : null;
  }

  /** As written back. */
  public String text() {
    return String.join(",", limits.stream().map(Limit::text).toList());
  }

  static String duration(long nanos) {
    if (nanos % 1_000_000_000L == 0) {
      return nanos / 1_000_000_000L + "s";
    }
    if (nanos % 1_000_000L == 0) {
      return nanos / 1_000_000L + "ms";
    }
    if (nanos % 1_000L == 0) {
      return nanos / 1_000L + "us";
    }
    return RateSchedule.number(nanos / 1e3) + "us";
  }
}
