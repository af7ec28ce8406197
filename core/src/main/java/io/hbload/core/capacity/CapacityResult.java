package io.hbload.core.capacity;

import com.fasterxml.jackson.core.JsonGenerator;
import io.hbload.core.export.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * What a capacity search found: the highest rate that held the bound (the last good), the lowest
 * that broke it (the first bad, confirmed), so the capacity lies between the two (the uncertainty);
 * or, when the client could not offer the rate, the rate at which the generator, not the server,
 * was the limit. Every step measured, repeats included, in the order run. Immutable.
 *
 * @param bound the bound searched under, as text
 * @param sustainedOpsPerSec the highest offered rate that held the bound, NaN when none did
 * @param firstBrokenOpsPerSec the lowest offered rate that broke it (confirmed), NaN when none did
 * @param generatorLimitOpsPerSec NaN when the server was the limit, else the rate the client
 *     achieved when it fell behind: the search then measured the generator, and no server capacity
 *     is reported
 * @param note why the search ended when not by reaching its precision (step limit, generator), else
 *     null
 * @param shards how many clients offered each step together (1 without {@code --shard})
 * @param settings how the search walked: each step's warm-up and measured time among them
 */
public record CapacityResult(
    String bound,
    double sustainedOpsPerSec,
    double firstBrokenOpsPerSec,
    double generatorLimitOpsPerSec,
    List<CapacityStep> steps,
    String note,
    int shards,
    CapacitySearch.Settings settings) {

  public CapacityResult {
    steps = List.copyOf(steps);
  }

  /**
   * True when the client, not the server, stopped the search: then there is no server capacity to
   * report.
   */
  public boolean generatorLimited() {
    return !Double.isNaN(generatorLimitOpsPerSec);
  }

  /**
   * The capacity found (the last good rate), NaN when the generator was the limit or no rate held.
   */
  public double capacityOpsPerSec() {
    return generatorLimited() ? Double.NaN : sustainedOpsPerSec;
  }

  /** The bisection interval's width relative to the rate found, NaN when either end is unknown. */
  public double uncertainty() {
    return (firstBrokenOpsPerSec - sustainedOpsPerSec) / sustainedOpsPerSec;
  }

  /**
   * The knee of the curve: the lowest offered rate whose intended p99 is at least twice the lowest
   * intended p99 of the steps offered less (where queueing starts to show), NaN when latency never
   * rose so.
   */
  public double kneeOpsPerSec() {
    List<CapacityStep> byRate =
        new ArrayList<>(steps.stream().filter(s -> s.generatorLimit() == null).toList());
    byRate.sort(Comparator.comparingDouble(CapacityStep::offeredOpsPerSec));
    long lowest = Long.MAX_VALUE;
    for (CapacityStep s : byRate) {
      long p99 = s.intendedNanos()[1];
      if (lowest != Long.MAX_VALUE && p99 >= 2 * lowest) {
        return s.offeredOpsPerSec();
      }
      lowest = Math.min(lowest, p99);
    }
    return Double.NaN;
  }

  /**
   * True when no offered rate held the bound (and the client was not the limit): there is no rate
   * to report, so a script must not go on as if there were.
   */
  public boolean noRateHeld() {
    return !generatorLimited() && Double.isNaN(sustainedOpsPerSec);
  }

  /** The conclusion in one line. */
  public String summary() {
    if (generatorLimited()) {
      return String.format(
          Locale.ROOT,
          "find-max %s: generator limit: the client, not the server, was the limit at %.0f ops/s"
              + " (%s); last rate that held: %s; no server capacity measured: add client"
              + " threads, hbload.inflight or client hosts",
          bound,
          generatorLimitOpsPerSec,
          steps.get(steps.size() - 1).generatorLimit(),
          Double.isNaN(sustainedOpsPerSec)
              ? "none"
              : String.format(Locale.ROOT, "%.0f ops/s", sustainedOpsPerSec));
    }
    if (Double.isNaN(sustainedOpsPerSec)) {
      return String.format(
          Locale.ROOT,
          "find-max %s: no rate held the bound (lowest tried %.0f ops/s)",
          bound,
          steps.stream().mapToDouble(CapacityStep::offeredOpsPerSec).min().orElse(Double.NaN));
    }
    if (Double.isNaN(firstBrokenOpsPerSec)) {
      return String.format(
          Locale.ROOT,
          "find-max %s: every rate held the bound, up to %.0f ops/s%s",
          bound,
          sustainedOpsPerSec,
          note == null ? "" : " (" + note + ")");
    }
    return String.format(
        Locale.ROOT,
        "find-max %s: %.0f ops/s holds the bound; %.0f ops/s breaks it (confirmed):"
            + " the capacity is in [%.0f, %.0f) ops/s (+%.1f %%)%s",
        bound,
        sustainedOpsPerSec,
        firstBrokenOpsPerSec,
        sustainedOpsPerSec,
        firstBrokenOpsPerSec,
        uncertainty() * 100,
        Double.isNaN(kneeOpsPerSec())
            ? ""
            : String.format(Locale.ROOT, "; knee at %.0f ops/s", kneeOpsPerSec()));
  }

  /** The curve as a text table, a step a line, then the summary line. */
  public List<String> table() {
    List<String> lines = new ArrayList<>();
    lines.add(
        String.format(
            Locale.ROOT,
            "%10s %10s %9s %9s %9s %9s %9s %9s %7s %7s %5s  %s",
            "offered",
            "achieved",
            "int.p50",
            "int.p99",
            "int.p99.9",
            "svc.p50",
            "svc.p99",
            "svc.p99.9",
            "errors",
            "waited",
            "cpu",
            "verdict"));
    for (CapacityStep s : steps) {
      long[] i = s.intendedNanos();
      long[] v = s.serviceNanos();
      String why = s.generatorLimit() != null ? s.generatorLimit() : s.broken();
      lines.add(
          String.format(
              Locale.ROOT,
              "%10.0f %10.0f %9s %9s %9s %9s %9s %9s %6.2f%% %6.2f%% %4.0f%%  %s%s%s",
              s.offeredOpsPerSec(),
              s.achievedOpsPerSec(),
              ms(i[0]),
              ms(i[1]),
              ms(i[2]),
              ms(v[0]),
              ms(v[1]),
              ms(v[2]),
              s.errorFraction() * 100,
              s.slotWaitedShare() * 100,
              s.cpuLoad() < 0 ? Double.NaN : s.cpuLoad() * 100,
              s.verdict(),
              s.repeat() ? " (repeat)" : "",
              why == null ? "" : ": " + why));
    }
    lines.add(summary());
    return lines;
  }

  private static String ms(long nanos) {
    return String.format(Locale.ROOT, "%.2fms", nanos / 1e6);
  }

  /**
   * The result as a JSON document holding one {@code findMax} object; latencies in microseconds, as
   * YCSB prints.
   */
  public String json() {
    return Json.write(
        Json.Layout.INDENTED,
        g -> {
          g.writeStartObject();
          g.writeFieldName("findMax");
          write(g);
          g.writeEndObject();
        });
  }

  /** The {@code findMax} object, for a document of the caller's. */
  public void write(JsonGenerator g) throws IOException {
    g.writeStartObject();
    g.writeStringField("bound", bound);
    g.writeStringField("limitedBy", generatorLimited() ? "generator" : "server");
    g.writeNumberField("shards", shards);
    Json.finiteOrNull(g, "sustainedOpsPerSec", capacityOpsPerSec());
    Json.finiteOrNull(
        g, "firstBrokenOpsPerSec", generatorLimited() ? Double.NaN : firstBrokenOpsPerSec);
    Json.finiteOrNull(g, "uncertainty", generatorLimited() ? Double.NaN : uncertainty());
    Json.finiteOrNull(g, "generatorLimitOpsPerSec", generatorLimitOpsPerSec);
    // the highest rate that held, whoever stopped the search: with a generator limit, what is known
    Json.finiteOrNull(g, "lastHeldOpsPerSec", sustainedOpsPerSec);
    Json.finiteOrNull(g, "kneeOpsPerSec", kneeOpsPerSec());
    g.writeStringField("summary", summary());
    g.writeNumberField("stepWarmupMillis", settings.warmup().toMillis());
    g.writeNumberField("stepMeasuredSeconds", settings.measured().toSeconds());
    if (note != null) {
      g.writeStringField("note", note);
    }
    g.writeArrayFieldStart("steps");
    for (CapacityStep s : steps) {
      g.writeStartObject();
      Json.fixed(g, "offeredOpsPerSec", s.offeredOpsPerSec(), 1);
      Json.fixed(g, "achievedOpsPerSec", s.achievedOpsPerSec(), 1);
      g.writeNumberField("operations", s.operations());
      percentiles(g, "intendedMicros", s.intendedNanos());
      percentiles(g, "serviceMicros", s.serviceNanos());
      g.writeNumberField("errorFraction", s.errorFraction());
      g.writeNumberField("slotWaitedOperations", s.slotWaitedOperations());
      g.writeNumberField("slotWaitedShare", s.slotWaitedShare());
      g.writeStringField("verdict", s.verdict());
      g.writeBooleanField("repeat", s.repeat());
      // a broken rate counts only when its repeat broke too: that repeat is the confirmation
      g.writeBooleanField("confirmedBroken", s.repeat() && !s.held());
      if (s.broken() != null) {
        g.writeStringField("broken", s.broken());
      }
      if (s.generatorLimit() != null) {
        g.writeStringField("generatorLimit", s.generatorLimit());
      }
      Json.finiteOrNull(g, "cpuLoad", s.cpuLoad() < 0 ? Double.NaN : s.cpuLoad());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  private static void percentiles(JsonGenerator g, String name, long[] nanos) throws IOException {
    g.writeObjectFieldStart(name);
    for (int i = 0; i < CapacityStep.PERCENTILES.length; i++) {
      g.writeNumberField("p" + LatencyBound.trim(CapacityStep.PERCENTILES[i]), nanos[i] / 1000);
    }
    g.writeEndObject();
  }
}
