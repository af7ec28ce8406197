package io.hbload.core.bench;

import io.hbload.core.binding.Key;
import io.hbload.core.binding.Status;
import io.hbload.core.config.Distribution;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.keys.KeyNames;
import io.hbload.core.values.FieldSelection;
import io.hbload.core.values.IntegrityCheck;
import io.hbload.core.values.RowValues;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Cost of building a row's values (10 fields of 100 bytes, YCSB's defaults) per worker: random slices
 * ({@code allRandom}, {@code oneRandom}), YCSB's deterministic values ({@code allDeterministic}) and a
 * full verify of a returned row ({@code verifyRow}).
 *
 * <p>Run from the repository root after {@code mvn -B -q -pl core test-compile}:
 * <pre>
 * java -cp "$(cat core/target/test-classpath.txt):core/target/test-classes:core/target/classes" \
 *     org.openjdk.jmh.Main RowValuesBenchmark -f 1 -wi 3 -i 5
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RowValuesBenchmark {
  private RowValues random;
  private RowValues deterministic;
  private IntegrityCheck check;
  private FieldSelection all;
  private final Key key = new Key();
  private long keyNumber;

  @Setup
  public void setUp() {
    random = new RowValues(spec(false), new SplittableRandom(1));
    WorkloadSpec integrity = spec(true);
    deterministic = new RowValues(integrity, new SplittableRandom(2));
    check = new IntegrityCheck(integrity);
    all = FieldSelection.all(integrity);
    KeyNames.format(12345, false, 1, key);
    deterministic.all(key); // the row verifyRow hands back
  }

  private static WorkloadSpec spec(boolean integrity) {
    return BenchWorkload.of(Distribution.ZIPFIAN, integrity);
  }

  @Benchmark
  public RowValues allRandom() {
    return random.all(key);
  }

  @Benchmark
  public RowValues oneRandom() {
    return random.one(key, (int) (keyNumber++ % 10));
  }

  @Benchmark
  public RowValues allDeterministic() {
    KeyNames.format(keyNumber++, false, 1, key);
    return deterministic.all(key);
  }

  @Benchmark
  public Status verifyRow() {
    check.reset();
    for (int i = 0; i < deterministic.count(); i++) {
      byte[] name = deterministic.nameBytes(i);
      check.field(name, 0, name.length, deterministic.array(i), deterministic.offset(i), deterministic.length(i));
    }
    Status status = check.verify(key, all);
    if (status != Status.OK) {
      throw new IllegalStateException("verify of a correct row gave " + status);
    }
    return status;
  }
}
