package io.hbload.core.mixgraph;

import io.hbload.core.binding.ReportLine;
import io.hbload.core.config.MixgraphSpec;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a mixgraph run offered against what was configured: the checked key values ({@link
 * MixgraphKeys#checked}) of its operations and the sizes of its Puts' values, added up from every
 * worker's tallies, and their Kolmogorov-Smirnov distances to the configured distributions as
 * report lines ({@code [MIXGRAPH], KeyDistance, 0.0021}). A distance above {@link #WARN_ABOVE} that
 * the sample's own noise cannot explain (above 1.95 / sqrt(n), the 0.1 % critical value) is also a
 * warning on stderr. One per run; thread-safe (workers add their tallies as they end).
 */
public final class MixgraphCheck {
  /** Issue 35 section 4's bound on the distance between offered and configured. */
  public static final double WARN_ABOVE = 0.02;

  private final MixgraphModel model;
  private final Tally keys;
  private final Tally sizes;

  public MixgraphCheck(MixgraphSpec spec, long records) {
    this.model = new MixgraphModel(spec, records);
    this.keys = model.keys().newTally();
    this.sizes = model.values().newTally();
  }

  /** Empty tallies for one worker's checked keys, with the run's bins. */
  public Tally newKeyTally() {
    return keys.emptyCopy();
  }

  /** Empty tallies for one worker's value sizes, with the run's bins. */
  public Tally newSizeTally() {
    return sizes.emptyCopy();
  }

  /** Adds a worker's tallies as it ends. */
  public void add(Tally workerKeys, Tally workerSizes) {
    keys.add(workerKeys);
    sizes.add(workerSizes);
  }

  /**
   * The report lines of the run's offered distributions; warnings on {@code messages}. None when
   * the run drew nothing (a load).
   */
  public List<ReportLine> report(PrintStream messages) {
    List<ReportLine> out = new ArrayList<>();
    String what = model.keys().power() ? "key ranks" : "keys";
    line(out, messages, "Key", what, keys.count(), keys.distance(model.keys()::checkedCdf));
    line(
        out,
        messages,
        "ValueSize",
        "value sizes",
        sizes.count(),
        sizes.distance(model.values()::cdf));
    return out;
  }

  private static void line(
      List<ReportLine> out, PrintStream messages, String name, String what, long n, double d) {
    if (n == 0) {
      return;
    }
    double rounded = Math.round(d * 1e5) / 1e5;
    out.add(new ReportLine("MIXGRAPH", name + "Draws", n));
    out.add(new ReportLine("MIXGRAPH", name + "Distance", rounded));
    double noise = 1.95 / Math.sqrt(n);
    if (d > WARN_ABOVE && d > noise) {
      messages.println(
          String.format(
              Locale.ROOT,
              "hbload: WARNING: the %s this run offered are %.4f (Kolmogorov-Smirnov distance) from"
                  + " the configured distribution, above %.2f",
              what,
              d,
              WARN_ABOVE));
    }
  }
}
