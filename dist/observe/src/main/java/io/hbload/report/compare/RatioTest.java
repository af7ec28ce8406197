package io.hbload.report.compare;

import java.util.Arrays;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * What a figure's 95 % interval of the ratio B/A rests on, kept so that the gate can test the ratio
 * against any threshold with a p-value, not only against the interval's ends. The gate judges many
 * figures at once and corrects for that (Holm's step-down, in {@link Verdict}), which needs each
 * figure's p-value at levels smaller than the interval's 2.5 % a side.
 *
 * <p>Each p-value is the dual of the interval the table prints: it is the one-sided level at which
 * that kind of interval would just reach the threshold, so {@code p < 0.025} exactly when the 95 %
 * interval lies beyond it. Immutable.
 */
public sealed interface RatioTest {
  /**
   * The one-sided p-value of "the ratio is at most {@code ratio}" against "it is above": small when
   * the data put B/A above it.
   */
  double pAbove(double ratio);

  /** The one-sided p-value of "the ratio is at least {@code ratio}" against "it is below". */
  double pBelow(double ratio);

  /**
   * Welch's t on the log of the ratio (rounds, or a dfsio pass's files): centre, standard error and
   * degrees of freedom of the interval {@code exp(centre ± t se)}.
   */
  record Welch(double logCentre, double standardError, double degreesOfFreedom)
      implements RatioTest {
    double[] interval95() {
      double t = new TDistribution(null, degreesOfFreedom).inverseCumulativeProbability(0.975);
      return new double[] {
        Math.exp(logCentre - t * standardError), Math.exp(logCentre + t * standardError)
      };
    }

    @Override
    public double pAbove(double ratio) {
      return 1 - cdf((logCentre - Math.log(ratio)) / standardError);
    }

    @Override
    public double pBelow(double ratio) {
      return cdf((logCentre - Math.log(ratio)) / standardError);
    }

    private double cdf(double t) {
      return new TDistribution(null, degreesOfFreedom).cumulativeProbability(t);
    }
  }

  /**
   * The block bootstrap's replicate ratios (resampled B over resampled A) of one figure, with the
   * number of blocks of the shorter side. The interval is the expanded percentile interval ({@link
   * BlockBootstrap#expandedTail}): the replicates' quantiles at Phi(-c t(b-1)) with c =
   * sqrt(b/(b-1)). Its dual p-value: with F the share of replicates on the null side of the
   * threshold, p = T(b-1)(Phi^-1(F) / c), so p below a level exactly when that level's expanded
   * interval excludes the threshold.
   *
   * <p>The replicates resolve F only down to some ten in their number (2000 by default, so 0.5 %),
   * and Holm's smaller levels need more: with 8 blocks a level of 0.2 % is an F of 1e-6. Below
   * {@link #EMPIRICAL_TAIL} replicates F is read from a normal fitted to the replicates' log ratios
   * instead, the same normal approximation the expansion rests on. Reading a share of 0 as p = 0
   * would make every threshold past all the replicates significant at any level, which with few
   * blocks happens by chance about once in a hundred A/A pairs per figure.
   */
  record Bootstrap(double[] sortedLogRatios, int blocks) implements RatioTest {
    /** Fewest replicates beyond a threshold for their share to be used as it is. */
    static final int EMPIRICAL_TAIL = 10;

    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);

    /** From the replicate ratios (sorted here on their logs); null when one is not finite. */
    static Bootstrap of(double[] ratios, int blocks) {
      double[] logs = new double[ratios.length];
      for (int i = 0; i < ratios.length; i++) {
        logs[i] = Math.log(ratios[i]);
        if (!Double.isFinite(logs[i])) {
          return null;
        }
      }
      Arrays.sort(logs);
      return new Bootstrap(logs, blocks);
    }

    @Override
    public double pAbove(double ratio) {
      double threshold = Math.log(ratio);
      int atOrBelow = upperBound(threshold);
      return p(atOrBelow, threshold, true);
    }

    @Override
    public double pBelow(double ratio) {
      double threshold = Math.log(ratio);
      int atOrAbove = sortedLogRatios.length - lowerBound(threshold);
      return p(atOrAbove, threshold, false);
    }

    private double p(int nullSide, double threshold, boolean above) {
      int n = sortedLogRatios.length;
      double share;
      if (nullSide >= EMPIRICAL_TAIL) {
        share = (double) nullSide / n;
      } else {
        double mean = Arrays.stream(sortedLogRatios).average().orElse(Double.NaN);
        double sd = Math.sqrt(variance(mean));
        if (sd == 0) {
          share = nullSide > 0 ? (double) nullSide / n : 0;
        } else {
          double z = (threshold - mean) / sd;
          share = above ? NORMAL.cumulativeProbability(z) : NORMAL.cumulativeProbability(-z);
        }
      }
      if (share <= 0) {
        return 0;
      }
      if (share >= 1) {
        return 1;
      }
      double c = Math.sqrt(blocks / (blocks - 1.0));
      return new TDistribution(null, blocks - 1)
          .cumulativeProbability(NORMAL.inverseCumulativeProbability(share) / c);
    }

    private double variance(double mean) {
      double s = 0;
      for (double x : sortedLogRatios) {
        s += (x - mean) * (x - mean);
      }
      return s / (sortedLogRatios.length - 1);
    }

    /** The number of replicates at or below {@code v}. */
    private int upperBound(double v) {
      int lo = 0;
      int hi = sortedLogRatios.length;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (sortedLogRatios[mid] <= v) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      return lo;
    }

    /** The number of replicates below {@code v}. */
    private int lowerBound(double v) {
      int lo = 0;
      int hi = sortedLogRatios.length;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (sortedLogRatios[mid] < v) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      return lo;
    }
  }
}
