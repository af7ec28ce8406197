package io.hbload.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each rule of {@link FlowRules} run against planted class sets (io.hbload.archfixture, test code
 * only): it must report the planted violation, naming the classes, and accept the set that keeps
 * every arrow. A rule that matched nothing (a renamed package, a wrong pattern) would pass {@link
 * ArchitectureTest} quietly; here it fails.
 */
class FlowRulesTest {
  private static final String FIXTURES = "io.hbload.archfixture";

  @Test
  void theClockRuleReportsTimeReadOutsideTheClockPackage() {
    EvaluationResult result =
        FlowRules.timeOnlyThroughTheClock(FIXTURES + ".clock").evaluate(fixtures("clock"));

    String report = String.join("\n", result.getFailureReport().getDetails());
    assertThat(report)
        .contains("clock.engine.Stopwatch")
        .contains("System.nanoTime()")
        .contains("System.currentTimeMillis()")
        .contains("Thread.sleep(long)")
        .contains("Instant.now()")
        .contains("LockSupport.parkNanos(long)")
        .doesNotContain("clock.time.RealClock");
  }

  @Test
  void theWorkloadRuleReportsAnEngineThatTestsASourcesType() {
    EvaluationResult result =
        FlowRules.noTypeTestsOnWorkloads(FIXTURES + ".ops").evaluate(fixtures("ops"));

    String report = String.join("\n", result.getFailureReport().getDetails());
    assertThat(report)
        .contains("ops.exec.Loop.run")
        .contains("instanceof " + FIXTURES + ".ops.source.OwnCalls")
        .doesNotContain("ops.exec.Loop.equals")
        .doesNotContain("ops.source.Steps");
  }

  @Test
  void theCycleRuleReportsAPlantedPackageCycle() {
    EvaluationResult result =
        FlowRules.freeOfCycles(FIXTURES + ".cycle").evaluate(fixtures("cycle"));

    assertThat(result.hasViolation()).isTrue();
    assertThat(String.join("\n", result.getFailureReport().getDetails()))
        .contains("Cycle detected")
        .contains("cycle.a.Producer")
        .contains("cycle.b.Consumer");
  }

  @Test
  void theSubsystemCycleRuleReportsACycleBetweenTopLevelPackages() {
    EvaluationResult result =
        FlowRules.subsystemsFreeOfCycles(FIXTURES + ".cycle").evaluate(fixtures("cycle"));

    assertThat(String.join("\n", result.getFailureReport().getDetails()))
        .contains("Cycle detected")
        .contains("Slice a")
        .contains("Slice b");
  }

  @Test
  void theCycleRulesAcceptOneWayPackages() {
    assertThat(
            FlowRules.subsystemsFreeOfCycles(FIXTURES + ".acyclic")
                .evaluate(fixtures("acyclic"))
                .getFailureReport()
                .getDetails())
        .isEmpty();
    EvaluationResult result =
        FlowRules.freeOfCycles(FIXTURES + ".acyclic").evaluate(fixtures("acyclic"));

    assertThat(result.getFailureReport().getDetails()).isEmpty();
  }

  @Test
  void theLayerRuleReportsEveryPlantedArrowTheWrongWay() {
    EvaluationResult result =
        FlowRules.moduleLayers(FIXTURES + ".layers", true).evaluate(fixtures("layers"));

    List<String> details = result.getFailureReport().getDetails();
    String report = String.join("\n", details);
    assertThat(report)
        .as("observe -> cli")
        .containsPattern("layers\\.observe\\.Meters[^\\n]*layers\\.cli\\.Command")
        .as("core -> hdfs")
        .containsPattern("layers\\.core\\.Engine[^\\n]*layers\\.hdfs\\.Writer")
        .as("hdfs -> hbase")
        .containsPattern("layers\\.hdfs\\.Writer[^\\n]*layers\\.hbase\\.Table")
        .as("mapreduce -> gc")
        .containsPattern("layers\\.mapreduce\\.Job[^\\n]*layers\\.gc\\.Flags")
        .as("hbase -> hbase.embedded")
        .containsPattern("layers\\.hbase\\.Session[^\\n]*layers\\.hbase\\.embedded\\.MiniCluster")
        .as("hdfs -> hdfs.embedded")
        .containsPattern("layers\\.hdfs\\.Target[^\\n]*layers\\.hdfs\\.embedded\\.MiniDfs");
  }

  @Test
  void theLayerRuleAcceptsEveryArrowAlongTheFlow() {
    EvaluationResult result =
        FlowRules.moduleLayers(FIXTURES + ".flow", false).evaluate(fixtures("flow"));

    assertThat(result.getFailureReport().getDetails()).isEmpty();
  }

  private static JavaClasses fixtures(String set) {
    JavaClasses classes = new ClassFileImporter().importPackages(FIXTURES + "." + set);
    assertThat(classes).as(set + " fixtures found").isNotEmpty();
    return classes;
  }
}
