package io.hbload.core.exec;

import io.hbload.core.time.Clock;
import io.hbload.core.audit.WriteAudit;
import io.hbload.core.binding.Binding;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertySources;
import io.hbload.core.keys.KeySpace;
import io.hbload.core.measure.LatencyNames;
import io.hbload.core.measure.Measures;
import io.hbload.core.measure.WorkerRecorder;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.source.OperationSlot;
import io.hbload.core.source.PhaseContext;
import io.hbload.core.source.Workload;
import io.hbload.core.spec.RunSpec;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One whole run-phase operation as a blocking worker performs it (the YCSB source chooses op, key, fields/values
 * into the slot; the loop runs its step, a call on the no-op binding, between two clock reads and records it), plus a periodic interval swap as the reporter does: the
 * engine's own cost per operation. Run from the repository root after a build:
 * {@code java -cp "$(cat core/target/test-classpath.txt):core/target/test-classes:core/target/classes"
 * org.openjdk.jmh.Main OperationPathBenchmark -prof gc}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class OperationPathBenchmark {
  @Param({"a", "c"})
  public String workload;

  /**
   * With {@code --verify}: every write's values digested when issued and the write remembered in
   * the worker's audit log (forgotten at each swap below, so the log keeps its size).
   */
  @Param({"false", "true"})
  public boolean verify;

  private WriteAudit audit;

  private BlockingLoop<Binding> loop;
  private WorkerRecorder recorder;
  private int calls;
  private long cycle;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    Path file = Path.of(System.getProperty("hbload.workloads", "workloads"), "workload" + workload);
    RunSpec spec = SpecParser.parse(new PropertySources().file(file).set("recordcount", "100000")
        .set("operationcount", "100000000").set("db", "basic").merge(), Phase.RUN);
    @SuppressWarnings("unchecked") // -db basic: YCSB's CoreWorkload on a Binding
    Workload<Binding, ?> ycsb = (Workload<Binding, ?>) spec.binding().open(spec.bindingContext(
        new PrintStream(OutputStream.nullOutputStream())));
    PhaseContext phase =
        new PhaseContext(Phase.RUN, spec.workload(), new KeySpace(spec.workload()), Clock.system(), 1,
        Measures.CORE);
    loop = new BlockingLoop<>(0, 0, ycsb, new WorkerSetup(spec, phase,
        new AtomicReferenceArray<>(1), new LatencyNames(Measures.CORE, false, Set.of()), new PhaseState(spec.execution().clock()), 0,
        audit = verify ? new WriteAudit(Clock.system()) : null));
    loop.openForBenchmark(new SplittableRandom(1));
    recorder = loop.recorder();
  }

  @Benchmark
  public void operation() {
    loop.operation(false, OperationSlot.UNSCHEDULED, cycle++);
    if ((++calls & 0xFFFFF) == 0) {
      recorder.swap(); // about once a status interval at full speed
      if (audit != null) {
        audit.clear();
      }
    }
  }

  @Benchmark
  public long clockRead() {
    return System.nanoTime();
  }
}
