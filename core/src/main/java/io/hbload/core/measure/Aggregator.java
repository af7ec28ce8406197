package io.hbload.core.measure;

import io.hbload.core.binding.Status;
import io.hbload.core.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The reporter's side of measurement: collects every worker's finished interval, merges them into
 * one interval view (status line, HdrHistogram log) and adds it to the run totals. Used only by the
 * reporter thread, then by the run controller after the workers have stopped. Not thread-safe.
 */
public final class Aggregator {
  private final boolean intendedRecorded;
  private final LatencyNames names;
  private final Histogram[] intervalService;
  private final Histogram[] intervalIntended;
  private final Histogram[] totalService;
  private final Histogram[] totalIntended;
  private final long[] totalReturns;
  private final List<Integer> seenSlots = new ArrayList<>();

  /**
   * Per worker (by its position in what {@link #collect} is given), per measure: its service times
   * so far.
   */
  private final List<Histogram[]> workerService = new ArrayList<>();

  private final List<long[]> workerOperations = new ArrayList<>();
  private final Map<Integer, List<Integer>> returnOrder = new LinkedHashMap<>();
  private long totalOperations;
  private long intervalStartMillis;
  private final Clock clock;

  /**
   * Merges what the recorders of {@code names} (the run's) hold; {@code clock} (the phase's) stamps
   * the end of each interval collected.
   */
  public Aggregator(
      LatencyNames names, boolean intendedRecorded, long startEpochMillis, Clock clock) {
    this.names = names;
    this.intervalService = new Histogram[names.slots()];
    this.intervalIntended = new Histogram[names.slots()];
    this.totalService = new Histogram[names.slots()];
    this.totalIntended = new Histogram[names.slots()];
    this.totalReturns = new long[names.measures().count() * Status.MAX_IDS];
    this.intendedRecorded = intendedRecorded;
    this.intervalStartMillis = startEpochMillis;
    this.clock = clock;
  }

  /**
   * Swaps and merges every recorder's interval. A recorder's position in the list is its worker's
   * index; null for a worker that has not started recording yet.
   */
  public IntervalView collect(List<WorkerRecorder> recorders) {
    for (int slot : seenSlots) {
      intervalService[slot].reset();
      if (intendedRecorded) {
        intervalIntended[slot].reset();
      }
    }
    long ops = 0;
    for (int w = 0; w < recorders.size(); w++) {
      WorkerRecorder r = recorders.get(w);
      if (r == null) {
        continue;
      }
      IntervalData d = r.swap();
      ops += d.operations;
      Histogram[] mine = worker(w);
      workerOperations.get(w)[0] += d.operations;
      for (int slot = 0; slot < names.slots(); slot++) {
        Histogram s = d.service[slot];
        if (s == null) {
          continue;
        }
        int m = names.measureOf(slot).ordinal();
        if (mine[m] == null) {
          mine[m] = IntervalData.newHistogram();
        }
        mine[m].add(s);
        if (intervalService[slot] == null) {
          intervalService[slot] = IntervalData.newHistogram();
          totalService[slot] = IntervalData.newHistogram();
          if (intendedRecorded) {
            intervalIntended[slot] = IntervalData.newHistogram();
            totalIntended[slot] = IntervalData.newHistogram();
          }
          seenSlots.add(slot);
        }
        intervalService[slot].add(s);
        if (intendedRecorded && d.intended[slot] != null) {
          intervalIntended[slot].add(d.intended[slot]);
        }
      }
      long[] returns = d.returns;
      for (int i = 0; i < returns.length; i++) {
        if (returns[i] != 0) {
          if (totalReturns[i] == 0) {
            returnOrder
                .computeIfAbsent(i / Status.MAX_IDS, k -> new ArrayList<>())
                .add(i % Status.MAX_IDS);
          }
          totalReturns[i] += returns[i];
        }
      }
    }
    totalOperations += ops;
    List<IntervalView.Latency> latencies = new ArrayList<>(seenSlots.size());
    for (int slot : seenSlots) {
      totalService[slot].add(intervalService[slot]);
      Histogram intended = intervalService[slot];
      if (intendedRecorded) {
        totalIntended[slot].add(intervalIntended[slot]);
        intended = intervalIntended[slot];
      }
      latencies.add(new IntervalView.Latency(names.name(slot), intervalService[slot], intended));
    }
    long now = clock.epochMillis();
    IntervalView view = new IntervalView(intervalStartMillis, now, ops, latencies);
    intervalStartMillis = now;
    return view;
  }

  private Histogram[] worker(int w) {
    while (workerService.size() <= w) {
      workerService.add(null);
      workerOperations.add(null);
    }
    if (workerService.get(w) == null) {
      workerService.set(w, new Histogram[names.measures().count()]);
      workerOperations.set(w, new long[1]);
    }
    return workerService.get(w);
  }

  public long totalOperations() {
    return totalOperations;
  }

  /** Whether worker {@code w} has recorded anything collected so far. */
  public boolean workerSeen(int w) {
    return w < workerService.size() && workerService.get(w) != null;
  }

  /**
   * Worker {@code w}'s service times per measure (by report name, every outcome together) since the
   * warm-up.
   */
  public Map<String, Histogram> workerService(int w) {
    Map<String, Histogram> out = new LinkedHashMap<>();
    if (!workerSeen(w)) {
      return out;
    }
    Histogram[] mine = workerService.get(w);
    for (int m = 0; m < mine.length; m++) {
      if (mine[m] != null) {
        out.put(names.measures().of(m).reportName(), mine[m].copy());
      }
    }
    return out;
  }

  /** The operations worker {@code w} counted since the warm-up. */
  public long workerOperations(int w) {
    return workerSeen(w) ? workerOperations.get(w)[0] : 0;
  }

  /**
   * Ends the warm-up: the totals collected so far are the warm-up's and are dropped from every
   * figure; returns their operation count. Race-free because the caller has just {@link #collect
   * collected}: each recorder's swap is a phaser flip, so every operation recorded before it is in
   * the collected (warm-up) intervals and every later one lands in an interval collected after this
   * call. The workers never notice.
   */
  public long endWarmup() {
    long warmup = totalOperations;
    totalOperations = 0;
    for (int slot : seenSlots) {
      totalService[slot].reset();
      if (intendedRecorded) {
        totalIntended[slot].reset();
      }
    }
    Arrays.fill(totalReturns, 0);
    returnOrder.clear();
    for (int w = 0; w < workerService.size(); w++) {
      if (workerService.get(w) != null) {
        for (Histogram h : workerService.get(w)) {
          if (h != null) {
            h.reset();
          }
        }
        workerOperations.get(w)[0] = 0;
      }
    }
    return warmup;
  }

  /**
   * Totals for every measurement with samples or outcomes: a measure whose calls all failed still
   * appears under its base name with zero operations and its Return counts, as in YCSB.
   */
  public List<MeasurementTotals> totals() {
    Map<String, MeasurementTotals> out = new LinkedHashMap<>();
    for (int slot : seenSlots) {
      if (totalService[slot].getTotalCount() == 0) {
        continue; // recorded during the warm-up only
      }
      String name = names.name(slot);
      Histogram intended = intendedRecorded ? totalIntended[slot] : totalService[slot];
      out.put(
          name,
          new MeasurementTotals(
              name,
              totalService[slot].copy(),
              intended.copy(),
              returnsOf(names.measureOf(slot), slot)));
    }
    for (Map.Entry<Integer, List<Integer>> e : returnOrder.entrySet()) {
      Measure m = names.measures().of(e.getKey());
      if (!out.containsKey(m.reportName())) {
        Histogram empty = IntervalData.newHistogram();
        out.put(
            m.reportName(),
            new MeasurementTotals(
                m.reportName(), empty, empty, returnsOf(m, LatencyNames.okSlot(m))));
      }
    }
    return List.copyOf(out.values());
  }

  private Map<String, Long> returnsOf(Measure m, int slot) {
    Map<String, Long> returns = new LinkedHashMap<>();
    if (slot != LatencyNames.okSlot(m) || !m.hasReturns()) {
      return returns;
    }
    for (int id : returnOrder.getOrDefault(m.ordinal(), List.of())) {
      returns.put(Status.nameOf(id), totalReturns[m.ordinal() * Status.MAX_IDS + id]);
    }
    return returns;
  }
}
