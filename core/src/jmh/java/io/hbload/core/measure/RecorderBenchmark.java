package io.hbload.core.measure;

import io.hbload.core.binding.Status;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost of recording one operation's outcome (one phaser critical section, service and intended
 * latency, outcome count), per worker, with the reporter's interval swap every 2^20 records. The
 * two-thread variant shows that workers, each with its own recorder, do not slow each other down.
 * Run: {@code java -cp "$(cat core/target/test-classpath.txt):core/target/test-classes:core/target/classes"
 * org.openjdk.jmh.Main RecorderBenchmark -prof gc}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RecorderBenchmark {
  private WorkerRecorder untimed;
  private WorkerRecorder scheduled;
  private final long[] latencies = new long[4096];
  private int i;

  @Setup
  public void setUp() {
    LatencyNames names = new LatencyNames(Measures.CORE, false, Set.of());
    untimed = new WorkerRecorder(names, false);
    scheduled = new WorkerRecorder(names, true);
    SplittableRandom r = new SplittableRandom(3);
    for (int k = 0; k < latencies.length; k++) {
      // lognormal-ish latencies around 200 us with a tail, in ns
      latencies[k] = (long) (200_000 * Math.exp(r.nextGaussian() * 0.8));
    }
  }

  private void record(WorkerRecorder recorder) {
    long v = latencies[i++ & 4095];
    long token = recorder.begin();
    recorder.record(Measure.READ, Status.OK, v + 1000, v);
    recorder.countOperation();
    recorder.end(token);
    if ((i & 0xFFFFF) == 0) {
      recorder.swap();
    }
  }

  @Benchmark
  public void recordServiceOnly() {
    record(untimed);
  }

  @Benchmark
  public void recordServiceAndIntended() {
    record(scheduled);
  }

  @Benchmark
  @Threads(2)
  public void recordServiceOnlyTwoThreads() {
    record(untimed);
  }
}
