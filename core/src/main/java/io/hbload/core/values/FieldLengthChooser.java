package io.hbload.core.values;

import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.keys.Zipfian;
import java.util.random.RandomGenerator;

/**
 * Picks the length of one field value per YCSB's {@code fieldlengthdistribution}: constant {@code
 * fieldlength}, uniform or zipfian over [{@code minfieldlength}, {@code fieldlength}], or drawn
 * from a {@code fieldlengthhistogram} file.
 *
 * <p>Not thread-safe: one per worker (see {@link #create}). {@link #next()} allocates nothing.
 */
public interface FieldLengthChooser {
  int next();

  /** Largest length {@link #next()} can return, for sizing buffers once. */
  int maxLength();

  /**
   * The chooser for {@code spec}, drawing from {@code rnd}. A zipfian chooser computes ζ over the
   * length range here (O(fieldlength)); a histogram chooser reads its file here.
   *
   * @throws io.hbload.core.config.SpecException "property fieldlengthhistogram: ..." if the
   *     histogram file cannot be read or is malformed
   */
  static FieldLengthChooser create(WorkloadSpec spec, RandomGenerator rnd) {
    int max = spec.fields().length();
    int min = spec.fields().minLength();
    return switch (spec.fields().lengthDistribution()) {
      case CONSTANT ->
          new FieldLengthChooser() {
            @Override
            public int next() {
              return max;
            }

            @Override
            public int maxLength() {
              return max;
            }
          };
      case UNIFORM ->
          new FieldLengthChooser() {
            @Override
            public int next() {
              return rnd.nextInt(min, max + 1);
            }

            @Override
            public int maxLength() {
              return max;
            }
          };
      case ZIPFIAN ->
          new FieldLengthChooser() {
            private final Zipfian zipfian = new Zipfian(min, max, rnd);

            @Override
            public int next() {
              return (int) zipfian.next();
            }

            @Override
            public int maxLength() {
              return max;
            }
          };
      case HISTOGRAM -> HistogramLengthChooser.read(spec.fields().lengthHistogramFile(), rnd);
    };
  }
}
