package io.hbload.core.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.binding.BindingContext;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.binding.Bindings;
import io.hbload.core.config.BindingSettings;
import io.hbload.core.config.Execution;
import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyReader;
import io.hbload.core.config.ReportFormat;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.exec.RunListener;
import io.hbload.core.exec.Runner;
import io.hbload.core.parse.SpecParser;
import io.hbload.core.result.RunResult;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The spec's parts, its {@code with...} copies, and the binding provider it carries from the parser
 * to the run.
 */
class RunSpecTest {
  private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

  @TempDir Path dir;

  private static RunSpec run(String... kv) {
    Map<String, String> p = new HashMap<>(Map.of("recordcount", "100", "operationcount", "200"));
    for (int i = 0; i < kv.length; i += 2) {
      p.put(kv[i], kv[i + 1]);
    }
    return SpecParser.parse(p, Phase.RUN);
  }

  @Test
  void eachWithCopyChangesItsPartAndLeavesTheOthers() {
    RunSpec spec = run("threadcount", "4", "hbload.seed", "9", "label", "x");
    Path report = dir.resolve("report.txt");
    RunSpec copy =
        spec.withOutputs(spec.outputs().withExportFile(report).withFormat(ReportFormat.JSON_ARRAY));
    assertThat(copy.outputs().exportFile()).isEqualTo(report);
    assertThat(copy.outputs().format()).isEqualTo(ReportFormat.JSON_ARRAY);
    assertThat(copy.outputs().label()).isEqualTo("x");
    assertThat(copy.outputs().percentiles()).isEqualTo(spec.outputs().percentiles());
    assertThat(copy.execution()).isSameAs(spec.execution());
    assertThat(copy.workload()).isSameAs(spec.workload());
    assertThat(copy.binding()).isSameAs(spec.binding());
    assertThat(copy.provenance()).isSameAs(spec.provenance());
    assertThat(spec.outputs().exportFile()).as("the original is unchanged").isNull();
    assertThat(spec.outputs().format()).isEqualTo(ReportFormat.TEXT);

    Execution e =
        spec.execution().toBuilder()
            .threads(2)
            .operations(50)
            .warmup(Duration.ofSeconds(3))
            .build();
    assertThat(e)
        .isEqualTo(
            new Execution(
                2,
                spec.execution().target(),
                50,
                spec.execution().maxExecutionTimeSeconds(),
                spec.execution().stopGraceSeconds(),
                spec.execution().status(),
                spec.execution().statusIntervalSeconds(),
                spec.execution().measurementInterval(),
                spec.execution().spinSleep(),
                Duration.ofSeconds(3),
                spec.execution().inflight(),
                9L,
                spec.execution().shard(),
                null,
                spec.execution().clock(),
                spec.execution().faults(),
                spec.execution().audit(),
                spec.execution().slo()));
    assertThat(spec.withExecution(e).warmsUp()).isTrue();
    assertThat(spec.warmsUp()).isFalse();
    assertThat(spec.withPhase(Phase.LOAD).phase()).isEqualTo(Phase.LOAD);
    assertThat(spec.provenance().withNotes(List.of("n")).notes()).containsExactly("n");
  }

  @Test
  void theLoadBeforeARunIsACopyOfTheRunWithItsOwnCountsAndNoWarmUpOrNotes() {
    RunSpec spec =
        run(
            "threadcount",
            "1000",
            "hbload.warmup",
            "5s",
            "hbload.json",
            dir.resolve("r.json").toString());
    assertThat(spec.provenance().notes()).isNotEmpty(); // threads cut to the operation count
    RunSpec load = SpecParser.loadBefore(spec);
    assertThat(load.phase()).isEqualTo(Phase.LOAD);
    assertThat(load.execution().operations()).isEqualTo(100);
    assertThat(load.execution().threads()).isEqualTo(100);
    assertThat(load.warmsUp()).isFalse();
    assertThat(load.provenance().notes()).isEmpty();
    assertThat(load.provenance().properties()).isEqualTo(spec.provenance().properties());
    assertThat(load.outputs()).isEqualTo(spec.outputs());
    assertThat(load.binding()).isSameAs(spec.binding());
  }

  @Test
  void theSpecCarriesTheProviderItsNameResolvedToAndTheNameAsGiven() {
    RunSpec byName = run("db", "basic");
    assertThat(byName.binding().provider()).isInstanceOf(Bindings.find("basic").getClass());
    assertThat(byName.binding().provider().name()).isEqualTo("basic");
    assertThat(byName).as("equal specs from two look-ups").isEqualTo(run("db", "basic"));
    assertThat(byName.binding().name()).isEqualTo("basic");
    RunSpec byClass = run("db", "site.ycsb.BasicDB");
    assertThat(byClass.binding().provider().name()).isEqualTo("basic");
    assertThat(byClass.binding().name())
        .as("result documents echo db as given")
        .isEqualTo("site.ycsb.BasicDB");
  }

  /**
   * The provider a spec was parsed with is the one whose session the run opens: no second look-up
   * by name.
   */
  @Test
  void theRunOpensTheProviderInstanceTheSpecWasParsedWith() throws Exception {
    Counting counting = new Counting();
    RunSpec spec =
        SpecParser.parse(
            Map.of("recordcount", "100", "operationcount", "200", "db", "basic"),
            Phase.RUN,
            counting);
    assertThat(spec.binding().provider()).isSameAs(counting);
    assertThat(spec.binding().name()).isEqualTo("basic");
    RunResult result = new Runner(spec, QUIET, new RunListener() {}).run();
    assertThat(result.operations()).isEqualTo(200);
    assertThat(counting.contexts).hasSize(1);
    BindingContext context = counting.contexts.get(0);
    assertThat(context.phase()).isEqualTo(Phase.RUN);
    assertThat(context.workload()).isSameAs(spec.workload());
    assertThat(context.execution()).isSameAs(spec.execution());
    assertThat(context.bindingSettings()).isSameAs(spec.binding().settings());
  }

  /** The built-in basic binding, counting the sessions it opens. */
  private static final class Counting implements BindingProvider {
    private final BindingProvider basic = Bindings.find("basic");
    final List<BindingContext> contexts = new ArrayList<>();

    @Override
    public String name() {
      return "counting";
    }

    @Override
    public String description() {
      return "basic, counting its sessions";
    }

    @Override
    public BindingSettings settings(PropertyReader properties, WorkloadSpec workload, Phase phase) {
      return basic.settings(properties, workload, phase);
    }

    @Override
    public BindingSession open(BindingContext context) throws BindingException {
      contexts.add(context);
      return basic.open(context);
    }
  }
}
