package io.hbload.report.compare;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * How often this comparison's verdict and gate fire when nothing differs, measured on the user's
 * own A/A duet ({@code compare --calibrate DIR}): the duet's pairs of rounds are re-split many
 * times, each pair's two rounds swapped between the sides by a coin, and every re-split is compared
 * with the same settings. With nothing between the sides, swapping the two rounds of a pair changes
 * nothing of what the data could be, so each re-split is one more A/A comparison of this
 * configuration's own noise (a paired permutation); the share that fires is the false-positive rate
 * of this setup, beside the nominal 5 %. Re-splits of one duet share its rounds: the rate is an
 * estimate for that duet's conditions, not a law. Immutable.
 *
 * @param duet the A/A duet's directory
 * @param pairs its pairs of rounds (per group, the fewest)
 * @param resplits re-splits compared
 * @param verdictDiffered re-splits whose plain verdict found B slower or faster
 * @param gateFailed re-splits that failed the gate; null without a gate
 */
public record Calibration(
    String duet, int pairs, int resplits, int verdictDiffered, Integer gateFailed) {
  /** Re-splits by default. */
  public static final int RESPLITS = 100;

  /**
   * Bootstrap resamples of each re-split's comparison: compare's fewest, enough for a pass or a
   * fail.
   */
  static final int RESAMPLES = 200;

  /**
   * Calibrates {@code settings} on the A/A duet of {@code a} and {@code b} (its two sides); the
   * rounds of each group must be paired, as a duet takes them.
   */
  public static Calibration of(String duet, Side a, Side b, Comparer.Settings settings) {
    int pairs = Integer.MAX_VALUE;
    for (Map.Entry<String, List<Round>> g : a.groups().entrySet()) {
      List<Round> rb = b.groups().get(g.getKey());
      if (rb == null || !Comparer.paired(g.getValue(), rb)) {
        throw new io.hbload.core.config.SpecException(
            "--calibrate "
                + duet
                + ": not an A/A duet (its a/ and b/ rounds of "
                + g.getKey()
                + " were not taken in turn): run one with hbload suite --side a=FILE --side b=FILE,"
                + " the same FILE twice");
      }
      pairs = Math.min(pairs, rb.size());
    }
    Comparer.Settings quiet =
        new Comparer.Settings(
            settings.seed(),
            RESAMPLES,
            true,
            false,
            settings.figures(),
            settings.slowerPercent(),
            null);
    SplittableRandom coin = new SplittableRandom(settings.seed() * 31 + 7);
    RecordedValues recorded = new RecordedValues();
    int differed = 0;
    int failed = 0;
    for (int r = 0; r < RESPLITS; r++) {
      Side[] split = resplit(a, b, coin);
      ComparisonReport report = Comparer.compare(split[0], split[1], quiet, recorded);
      Verdict.Outcome v = report.verdict().outcome();
      differed += v == Verdict.Outcome.SLOWER || v == Verdict.Outcome.FASTER ? 1 : 0;
      failed += report.gate() != null && report.gate().outcome() == Verdict.Outcome.SLOWER ? 1 : 0;
    }
    return new Calibration(
        duet, pairs, RESPLITS, differed, settings.slowerPercent() == null ? null : failed);
  }

  /** Each pair's two rounds swapped between the sides by a coin. */
  private static Side[] resplit(Side a, Side b, SplittableRandom coin) {
    Map<String, List<Round>> ga = new java.util.LinkedHashMap<>();
    Map<String, List<Round>> gb = new java.util.LinkedHashMap<>();
    a.groups()
        .forEach(
            (name, roundsA) -> {
              List<Round> roundsB = b.groups().get(name);
              List<Round> na = new ArrayList<>();
              List<Round> nb = new ArrayList<>();
              for (int i = 0; i < roundsA.size(); i++) {
                boolean swap = coin.nextBoolean();
                na.add(swap ? roundsB.get(i) : roundsA.get(i));
                nb.add(swap ? roundsA.get(i) : roundsB.get(i));
              }
              ga.put(name, na);
              gb.put(name, nb);
            });
    return new Side[] {
      new Side(a.label(), a.kind(), ga, a.inputs()), new Side(b.label(), b.kind(), gb, b.inputs())
    };
  }

  /** The line beside the verdict. */
  @JsonIgnore
  public String line() {
    String verdict =
        String.format(
            Locale.ROOT,
            "the verdict found a difference in %d (%s)",
            verdictDiffered,
            percent(verdictDiffered));
    String gate =
        gateFailed == null
            ? ""
            : String.format(
                Locale.ROOT, ", the gate failed %d (%s)", gateFailed, percent(gateFailed));
    return String.format(
        Locale.ROOT,
        "on the A/A duet %s (%d pairs), re-split %d times: %s%s; nominal at most 5 %%%s",
        duet,
        pairs,
        resplits,
        verdict,
        gate,
        Math.max(verdictDiffered, gateFailed == null ? 0 : gateFailed) > resplits / 10
            ? ": this setup's noise is not what the intervals assume, trust the verdict less"
            : "");
  }

  private String percent(int n) {
    return String.format(Locale.ROOT, "%.0f %%", 100.0 * n / resplits);
  }
}
