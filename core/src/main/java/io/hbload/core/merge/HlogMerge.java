package io.hbload.core.merge;

import io.hbload.core.binding.ReportLine;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyNames;
import io.hbload.core.config.ShardSpec;
import io.hbload.core.config.SpecException;
import io.hbload.core.export.RunMetadata;
import io.hbload.core.measure.MeasurementTotals;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.read.HlogFile;
import io.hbload.core.result.ClientInfo;
import io.hbload.core.result.RunResult;
import io.hbload.core.spec.RunSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;

/**
 * Merges the {@code .hlog}s of a many-client run into the run's result, losslessly: latencies are
 * the sums of the shards' HdrHistograms (never averages of percentiles), operations and Return
 * counts are summed, and throughput is the total operations over the union of the shards'
 * wall-clock windows. The per-interval series is merged by wall-clock interval. Inputs that cannot
 * belong to one run (another phase, workload or seed, a shard twice, not an hbload log, a damaged
 * one: see {@link HlogFile}) are bad input: a {@link SpecException} naming the file. Stateless.
 */
public final class HlogMerge {
  private HlogMerge() {}

  /** Merges the logs; at least one. */
  public static MergedRun merge(List<Path> hlogs) {
    if (hlogs.isEmpty()) {
      throw new SpecException("nothing to merge: give the shards' .hlog files");
    }
    List<HlogFile> logs = hlogs.stream().map(p -> HlogFile.read(p, false)).toList();
    HlogFile first = logs.get(0);
    Map<String, String> props = RunMetadata.under(first.meta(), "prop.");
    Phase phase = phase(first);
    TreeSet<Integer> seen = new TreeSet<>();
    int shards = shardOf(first).count();
    for (HlogFile log : logs) {
      sameRun(first, log, props, phase);
      ShardSpec shard = shardOf(log);
      if (shard.count() != shards) {
        throw new SpecException(
            log.path()
                + ": shard "
                + shard
                + " is not one of "
                + shards
                + " shards like "
                + first.path());
      }
      if (!seen.add(shard.index())) {
        throw new SpecException(log.path() + ": shard " + shard + " is given twice");
      }
    }
    RunSpec spec = SpecParser.parseFinished(props, phase);
    List<Integer> missing = new ArrayList<>();
    for (int i = 0; i < shards; i++) {
      if (!seen.contains(i)) {
        missing.add(i);
      }
    }
    return build(spec, logs, shards, missing);
  }

  private static MergedRun build(
      RunSpec spec, List<HlogFile> logs, int shards, List<Integer> missing) {
    long start = logs.stream().mapToLong(l -> l.number("startEpochMillis")).min().orElseThrow();
    long end = logs.stream().mapToLong(HlogFile::endEpochMillis).max().orElseThrow();
    long operations = logs.stream().mapToLong(l -> l.number("operations")).sum();
    long maxLate = logs.stream().mapToLong(l -> l.number("startLateMillis")).max().orElse(0);
    // one streaming pass per log: the whole-run totals and the wall-clock series, never every
    // interval at once
    long width = Math.max(1, Math.round(spec.execution().statusIntervalSeconds() * 1000));
    Map<String, Histogram> totals = new LinkedHashMap<>();
    TreeMap<Long, Map<String, Histogram>> series = new TreeMap<>();
    for (HlogFile log : logs) {
      log.forEachInterval(
          i -> {
            if (HlogFile.warmup(i.tag())) {
              return; // warm-up intervals are kept in the log, never measured
            }
            totals.computeIfAbsent(i.tag(), t -> newHistogram()).add(i.histogram());
            long bucket = start + Math.max(0, i.startMillis() - start) / width * width;
            series
                .computeIfAbsent(bucket, b -> new LinkedHashMap<>())
                .computeIfAbsent(i.tag(), t -> newHistogram())
                .add(i.histogram());
          });
    }
    List<String> stopped = new ArrayList<>();
    for (HlogFile log : logs) {
      String reason = log.meta().get("stopReason");
      if (reason != null) {
        stopped.add("shard " + shardOf(log) + ": " + reason);
      }
    }
    if (!missing.isEmpty()) {
      stopped.add(0, "partial: shard(s) " + missing + " of " + shards + " missing");
    }
    List<ReportLine> extra =
        List.of(
            new ReportLine("SHARDS", "Merged", (shards - missing.size()) + " of " + shards),
            new ReportLine("SHARDS", "MaxStartLate(ms)", maxLate));
    String startAt = logs.get(0).meta().get("startAtEpochMillis");
    RunResult result =
        RunResult.ofTotals(
            spec,
            start,
            Math.max(1, end - start),
            operations,
            measurements(totals, logs),
            gc(logs),
            extra,
            stopped.isEmpty() ? null : String.join("; ", stopped),
            new ClientInfo(
                new ShardSpec(0, 1),
                "merged from " + logs.size() + " shard(s)",
                startAt == null ? null : Long.valueOf(startAt),
                maxLate));
    return new MergedRun(result, missing, series);
  }

  /**
   * Per measurement name in first-seen order: summed service and intended histograms, summed Return
   * counts.
   */
  private static List<MeasurementTotals> measurements(
      Map<String, Histogram> totals, List<HlogFile> logs) {
    Map<String, Map<String, Long>> returns = new LinkedHashMap<>();
    for (HlogFile log : logs) {
      RunMetadata.under(log.meta(), "return.")
          .forEach(
              (key, count) -> {
                int dot = key.lastIndexOf('.');
                returns
                    .computeIfAbsent(key.substring(0, dot), n -> new LinkedHashMap<>())
                    .merge(key.substring(dot + 1), Long.parseLong(count), Long::sum);
              });
    }
    Map<String, MeasurementTotals> out = new LinkedHashMap<>();
    totals.forEach(
        (tag, h) -> {
          String name = tag.substring(0, tag.lastIndexOf('.'));
          if (!out.containsKey(name)) {
            Histogram service = totals.getOrDefault(name + ".service", newHistogram());
            Histogram intended = totals.getOrDefault(name + ".intended", service);
            out.put(
                name,
                new MeasurementTotals(
                    name, service, intended, returns.getOrDefault(name, Map.of())));
          }
        });
    // a measurement whose calls all failed has Return counts but no histogram under its base name
    returns.forEach(
        (name, counts) ->
            out.computeIfAbsent(
                name, n -> new MeasurementTotals(n, newHistogram(), newHistogram(), counts)));
    return List.copyOf(out.values());
  }

  private static List<RunResult.GcTotals> gc(List<HlogFile> logs) {
    Map<String, long[]> sums = new LinkedHashMap<>();
    for (HlogFile log : logs) {
      RunMetadata.under(log.meta(), "gc.")
          .forEach(
              (name, v) -> {
                String[] parts = v.split(",");
                long[] s = sums.computeIfAbsent(name, n -> new long[2]);
                s[0] += Long.parseLong(parts[0]);
                s[1] += Long.parseLong(parts[1]);
              });
    }
    List<RunResult.GcTotals> out = new ArrayList<>();
    sums.forEach((name, s) -> out.add(new RunResult.GcTotals(name, s[0], s[1])));
    return out;
  }

  private static void sameRun(
      HlogFile first, HlogFile log, Map<String, String> props, Phase phase) {
    if (phase(log) != phase) {
      throw new SpecException(
          log.path()
              + ": a "
              + phase(log).name().toLowerCase()
              + " phase, but "
              + first.path()
              + " is a "
              + phase.name().toLowerCase()
              + " phase");
    }
    Map<String, String> other = RunMetadata.under(log.meta(), "prop.");
    TreeSet<String> keys = new TreeSet<>(props.keySet());
    keys.addAll(other.keySet());
    for (String k : keys) {
      // each shard draws from its own mix of the run's seed, but a seed given (--seed) is the
      // run's: one for all
      boolean perClient = PropertyNames.PER_CLIENT.contains(k) && !k.equals(PropertyNames.SEED);
      if (!perClient && !Objects.equals(props.get(k), other.get(k))) {
        throw new SpecException(
            log.path()
                + ": not the same run as "
                + first.path()
                + ": "
                + k
                + " is '"
                + other.get(k)
                + "', not '"
                + props.get(k)
                + "'");
      }
    }
  }

  private static Phase phase(HlogFile log) {
    String p = log.meta().getOrDefault("phase", "");
    return switch (p) {
      case "load" -> Phase.LOAD;
      case "run" -> Phase.RUN;
      default -> throw new SpecException(log.path() + ": unknown phase '" + p + "'");
    };
  }

  private static ShardSpec shardOf(HlogFile log) {
    String s = log.meta().getOrDefault("shard", "");
    int slash = s.indexOf('/');
    try {
      return new ShardSpec(
          Integer.parseInt(s.substring(0, slash)), Integer.parseInt(s.substring(slash + 1)));
    } catch (RuntimeException e) {
      throw new SpecException(log.path() + ": bad shard '" + s + "' in its run metadata");
    }
  }

  static Histogram newHistogram() {
    Histogram h = new Histogram(3);
    h.setAutoResize(true);
    return h;
  }
}
