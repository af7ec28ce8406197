package io.hbload.core.bench;

import io.hbload.core.binding.Key;
import io.hbload.core.config.Distribution;
import io.hbload.core.keys.KeyChooser;
import io.hbload.core.keys.KeyNames;
import io.hbload.core.keys.KeySpace;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Cost of choosing a key number per request distribution ({@code next}), of naming it
 * ({@code format}, hashed as in YCSB's default {@code insertorder}) and of both together, for one worker
 * thread with its own chooser, as the engine runs them. Key space: YCSB's workload a shape with
 * recordcount = 1,000,000 and operationcount = 10,000,000 ({@code latest} sums ζ over 10<sup>6</sup>
 * items once in set-up).
 *
 * <p>Build, then run from the repository root:
 * <pre>
 * mvn -B -q -pl core test-compile
 * java -cp "$(cat core/target/test-classpath.txt):core/target/test-classes:core/target/classes" \
 *     org.openjdk.jmh.Main KeyChooserBenchmark -f 1 -wi 3 -i 5
 * </pre>
 * (add {@code -w 1s -r 1s} for a quick look; {@code -p distribution=ZIPFIAN} for one distribution).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class KeyChooserBenchmark {
  private final Key key = new Key();
  private long keyNumber;

  /** One worker's chooser; the parameter lives here so that {@link #format} runs only once. */
  @State(Scope.Thread)
  public static class Chooser {
    @Param({"UNIFORM", "ZIPFIAN", "LATEST", "HOTSPOT", "SEQUENTIAL", "EXPONENTIAL"})
    public Distribution distribution;

    KeyChooser chooser;

    @Setup
    public void setUp() {
      chooser = new KeySpace(BenchWorkload.of(distribution, false)).newChooser(new SplittableRandom(42));
    }
  }

  @Benchmark
  public long next(Chooser c) {
    return c.chooser.next();
  }

  /** Naming only (hashed), over changing key numbers as in a run. */
  @Benchmark
  public Key format() {
    KeyNames.format(keyNumber++ & 0xFFFFF, false, 1, key);
    return key;
  }

  @Benchmark
  public Key nextAndFormat(Chooser c) {
    KeyNames.format(c.chooser.next(), false, 1, key);
    return key;
  }
}
