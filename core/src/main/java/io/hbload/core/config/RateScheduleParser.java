package io.hbload.core.config;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code target} as a person writes it: a number ({@code 5000}, YCSB's constant rate; 0 for
 * none), steps ({@code 1000@60s,2000@60s,4000@60s}), a ramp ({@code ramp:100..5000/10m}), a sine
 * ({@code sine:mean=2000,amp=1500,period=1h}, optionally {@code ,phase=RADIANS}) or {@code @FILE},
 * a file of {@code time,rate} lines (time in seconds, a duration such as {@code 90s} or {@code
 * 1.5h}, or {@code hh:mm[:ss]}; {@code #} comments, blank lines and a {@code time,rate} header
 * skipped), linear between its points. The time scale divides every time of a schedule ({@code 24}
 * plays a day's curve in an hour). Every problem is one line added to the caller's list; a damaged
 * file names its line. Stateless.
 */
public final class RateScheduleParser {
  private static final Pattern RAMP =
      Pattern.compile("ramp:\\s*([^.\\s]+(?:\\.\\d+)?)\\s*\\.\\.\\s*([^/\\s]+)\\s*/\\s*(.+)");
  private static final Pattern CLOCK =
      Pattern.compile("(\\d{1,3}):(\\d{2})(?::(\\d{2}(?:\\.\\d+)?))?");

  private RateScheduleParser() {}

  /**
   * The schedule {@code text} describes, or null with the problems added; {@code timeScale} above 0
   * (1 for none).
   */
  public static RateSchedule parse(String text, double timeScale, List<String> problems) {
    int before = problems.size();
    String t = text == null ? "" : text.strip();
    if (t.isEmpty()) {
      problems.add(
          "empty; write a rate (5000), steps (1000@60s,2000@60s), ramp:100..5000/10m,"
              + " sine:mean=2000,amp=1500,period=1h or @FILE");
      return null;
    }
    Double plain = number(t);
    if (plain != null) {
      if (!(plain >= 0) || plain.isInfinite()) {
        problems.add("'" + t + "' is not a rate: a rate is 0 (none) or above");
        return null;
      }
      if (timeScale != 1 && plain > 0) {
        problems.add("a time scale needs a schedule that changes over time, not the constant " + t);
      }
      return problems.size() == before ? RateSchedule.constant(plain) : null;
    }
    RateSchedule s;
    String lower = t.toLowerCase(Locale.ROOT);
    if (lower.startsWith("ramp:")) {
      s = ramp(t, timeScale, problems);
    } else if (lower.startsWith("sine:")) {
      s = sine(t, timeScale, problems);
    } else if (t.startsWith("@")) {
      s = file(t, timeScale, problems);
    } else if (t.contains("@")) {
      s = steps(t, timeScale, problems);
    } else {
      problems.add(
          "cannot read '"
              + t
              + "': write a rate (5000), steps (1000@60s,2000@60s), ramp:100..5000/10m,"
              + " sine:mean=2000,amp=1500,period=1h or @FILE");
      return null;
    }
    return problems.size() == before ? s : null;
  }

  /** As {@link #parse(String, double, List)}, throwing every problem under {@code property}. */
  public static RateSchedule parse(String property, String text, double timeScale) {
    List<String> problems = new ArrayList<>();
    RateSchedule s = parse(text, timeScale, problems);
    if (!problems.isEmpty()) {
      throw new SpecException(
          problems.stream().map(p -> "property " + property + ": " + p).toList());
    }
    return s;
  }

  private static RateSchedule steps(String t, double scale, List<String> problems) {
    List<RateSchedule.Step> steps = new ArrayList<>();
    for (String raw : t.split(",", -1)) {
      String part = raw.strip();
      if (part.isEmpty()) {
        problems.add("'" + t + "' has an empty step; write steps as RATE@DURATION,RATE@DURATION");
        return null;
      }
      int at = part.indexOf('@');
      if (at < 0) {
        problems.add("step '" + part + "' has no @DURATION; write RATE@DURATION, e.g. 1000@60s");
        return null;
      }
      Double rate = rate(part.substring(0, at), "step '" + part + "'", problems);
      Double seconds = duration(part.substring(at + 1), "step '" + part + "'", problems);
      if (rate == null || seconds == null) {
        return null;
      }
      steps.add(new RateSchedule.Step(rate, seconds / scale));
    }
    return new RateSchedule.Steps(steps);
  }

  private static RateSchedule ramp(String t, double scale, List<String> problems) {
    Matcher m = RAMP.matcher(t.strip());
    if (!m.matches()) {
      problems.add(
          "cannot read '"
              + t
              + "': write a ramp as ramp:FROM..TO/DURATION, e.g. ramp:100..5000/10m");
      return null;
    }
    Double from = rate(m.group(1), "the ramp's first rate", problems);
    Double to = rate(m.group(2), "the ramp's last rate", problems);
    Double seconds = duration(m.group(3), "the ramp", problems);
    if (from == null || to == null || seconds == null) {
      return null;
    }
    return new RateSchedule.Ramp(from, to, seconds / scale);
  }

  private static RateSchedule sine(String t, double scale, List<String> problems) {
    Map<String, String> args = new LinkedHashMap<>();
    for (String part : t.strip().substring("sine:".length()).split(",", -1)) {
      int eq = part.indexOf('=');
      String key = eq < 0 ? part.strip() : part.substring(0, eq).strip().toLowerCase(Locale.ROOT);
      if (eq < 0 || !List.of("mean", "amp", "period", "phase").contains(key)) {
        problems.add(
            "cannot read '"
                + part.strip()
                + "' in '"
                + t
                + "': write sine:mean=RATE,amp=RATE,period=DURATION[,phase=RADIANS]");
        return null;
      }
      args.put(key, part.substring(eq + 1).strip());
    }
    for (String need : List.of("mean", "amp", "period")) {
      if (!args.containsKey(need)) {
        problems.add("'" + t + "' has no " + need + "=; write sine:mean=2000,amp=1500,period=1h");
        return null;
      }
    }
    Double mean = rate(args.get("mean"), "the sine's mean", problems);
    Double amp = number(args.get("amp"));
    if (amp == null || amp.isInfinite()) {
      problems.add("the sine's amp '" + args.get("amp") + "' is not a number");
      return null;
    }
    Double period = duration(args.get("period"), "the sine's period", problems);
    Double phase = args.containsKey("phase") ? number(args.get("phase")) : Double.valueOf(0);
    if (phase == null || phase.isInfinite()) {
      problems.add("the sine's phase '" + args.get("phase") + "' is not a number (radians)");
      return null;
    }
    if (mean == null || period == null) {
      return null;
    }
    if (!(Math.abs(amp) < mean)) {
      problems.add(
          "'"
              + t
              + "': the amplitude "
              + args.get("amp")
              + " must be below the mean "
              + args.get("mean")
              + ", or the rate falls to 0 or below");
      return null;
    }
    return new RateSchedule.Sine(mean, amp, period / scale, phase);
  }

  private static RateSchedule file(String t, double scale, List<String> problems) {
    Path path = Path.of(t.substring(1).strip());
    List<String> lines;
    try {
      lines = Files.readAllLines(path, StandardCharsets.UTF_8);
    } catch (MalformedInputException e) {
      problems.add("the rate file " + path + " is not UTF-8 text");
      return null;
    } catch (IOException e) {
      problems.add("cannot read the rate file " + path + " (" + e.getClass().getSimpleName() + ")");
      return null;
    }
    List<RateSchedule.Point> points = new ArrayList<>();
    boolean header = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      int hash = line.indexOf('#');
      String body = (hash < 0 ? line : line.substring(0, hash)).strip();
      if (body.isEmpty()) {
        continue;
      }
      String where = path + " line " + (i + 1) + ": ";
      String[] cells = body.split("\\s*[,;\\t ]\\s*");
      if (!header
          && points.isEmpty()
          && cells.length == 2
          && number(cells[1]) == null
          && cells[0].matches("[A-Za-z_ ]+")
          && cells[1].matches("[A-Za-z_/ ()]+")) {
        header = true; // time,rate
        continue;
      }
      if (cells.length != 2) {
        problems.add(where + "expected TIME,RATE, got '" + body + "'");
        return null;
      }
      Double seconds = time(cells[0]);
      if (seconds == null) {
        problems.add(where + "'" + cells[0] + "' is not a time (seconds, 90s, 1.5h or hh:mm[:ss])");
        return null;
      }
      Double rate = rate(cells[1], where + "the rate", problems);
      if (rate == null) {
        return null;
      }
      double at = seconds / scale;
      if (points.isEmpty() && seconds != 0) {
        problems.add(where + "the first point must be at time 0, got " + cells[0]);
        return null;
      }
      if (!points.isEmpty() && !(at > points.get(points.size() - 1).seconds())) {
        problems.add(
            where + "time " + cells[0] + " is not after the line before's: times must increase");
        return null;
      }
      points.add(new RateSchedule.Point(at, rate));
    }
    if (points.size() < 2) {
      problems.add(
          "the rate file "
              + path
              + " has "
              + points.size()
              + " point"
              + (points.size() == 1 ? "" : "s")
              + "; it needs at least two TIME,RATE lines");
      return null;
    }
    return new RateSchedule.Points(
        points, t.strip() + (scale == 1 ? "" : " (time scale " + RateSchedule.number(scale) + ")"));
  }

  /** Seconds as {@code 90}, {@code 90s}, {@code 1.5h} or {@code hh:mm[:ss]}; null when none. */
  private static Double time(String s) {
    Matcher m = CLOCK.matcher(s.strip());
    if (m.matches()) {
      double secs = m.group(3) == null ? 0 : Double.parseDouble(m.group(3));
      return Integer.parseInt(m.group(1)) * 3600.0 + Integer.parseInt(m.group(2)) * 60.0 + secs;
    }
    Duration d = PropertyReader.parseDuration(s);
    return d == null ? null : d.toNanos() / 1e9;
  }

  /** A rate above 0, or null with the problem added. */
  private static Double rate(String s, String what, List<String> problems) {
    Double v = number(s.strip());
    if (v == null || v.isInfinite()) {
      problems.add(what + ": '" + s.strip() + "' is not a rate (operations per second)");
      return null;
    }
    if (!(v > 0)) {
      problems.add(what + ": the rate " + s.strip() + " must be above 0");
      return null;
    }
    return v;
  }

  /** A duration above 0 in seconds, or null with the problem added. */
  private static Double duration(String s, String what, List<String> problems) {
    Duration d = PropertyReader.parseDuration(s.strip());
    if (d == null) {
      problems.add(what + ": '" + s.strip() + "' is not a duration (e.g. 60s, 10m, 1h, 250ms)");
      return null;
    }
    if (d.isZero()) {
      problems.add(what + ": the duration " + s.strip() + " must be above 0");
      return null;
    }
    return d.toNanos() / 1e9;
  }

  /** Whether {@code text} is a plain number (YCSB's constant {@code target}), not a schedule. */
  public static boolean isNumber(String text) {
    return number(text) != null;
  }

  private static Double number(String s) {
    if (s == null || s.isBlank() || !s.strip().matches("[-+]?[0-9.]+(?:[eE][-+]?\\d+)?")) {
      return null;
    }
    try {
      return Double.parseDouble(s.strip());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
