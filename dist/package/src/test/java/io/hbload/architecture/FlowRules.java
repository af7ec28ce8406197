package io.hbload.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.InstanceofCheck;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.time.Instant;
import java.util.concurrent.locks.LockSupport;

/**
 * The arrows of the flow as ArchUnit rules, over the packages under a root: {@code io.hbload} for
 * the product, a fixture root for the tests that prove each rule catches a planted violation (so a
 * rule that stopped seeing anything would fail there instead of passing quietly here).
 */
final class FlowRules {
  private FlowRules() {}

  /**
   * The engine's one clock (issue 33 §2): no class under {@code root} outside {@code root.time}
   * reads the system's time or sleeps by itself. They take an injected {@code Clock}, so that a
   * test runs the same code on a virtual clock; a time read that bypassed it would make such a test
   * wait in real time or see time stand still.
   */
  static ArchRule timeOnlyThroughTheClock(String root) {
    return noClasses()
        .that()
        .resideInAPackage(root + "..")
        .and()
        .resideOutsideOfPackage(root + ".time..")
        .should()
        .callMethod(System.class, "nanoTime")
        .orShould()
        .callMethod(System.class, "currentTimeMillis")
        .orShould()
        .callMethod(Thread.class, "sleep", long.class)
        .orShould()
        .callMethod(Thread.class, "sleep", long.class, int.class)
        .orShould()
        .callMethod(Instant.class, "now")
        .orShould()
        .callMethod(LockSupport.class, "parkNanos", long.class)
        .orShould()
        .callMethod(LockSupport.class, "parkNanos", Object.class, long.class)
        .orShould()
        .callMethod(LockSupport.class, "parkUntil", long.class)
        .orShould()
        .callMethod(LockSupport.class, "parkUntil", Object.class, long.class)
        .because("time in " + root + " comes from its injected Clock (" + root + ".time)");
  }

  /**
   * Operations run themselves (issue 33 §1): the engine (its loops, phases and capacity search,
   * under {@code root.exec}, {@code root.capacity}, {@code root.launch}) never asks which workload,
   * session, client or step it has with {@code instanceof}: it runs any {@code Workload}'s typed
   * steps the same way, so a new kind of operation needs no case in the engine.
   */
  static ArchRule noTypeTestsOnWorkloads(String root) {
    return noClasses()
        .that()
        .resideInAnyPackage(root + ".exec..", root + ".capacity..", root + ".launch..")
        .should(
            new ArchCondition<JavaClass>(
                "test the type of a workload, source, step, session or client with instanceof") {
              @Override
              public void check(JavaClass c, ConditionEvents events) {
                for (JavaCodeUnit unit : c.getCodeUnits()) {
                  for (InstanceofCheck check : unit.getInstanceofChecks()) {
                    String tested = check.getRawType().getPackageName();
                    if (tested.startsWith(root + ".source")
                        || tested.startsWith(root + ".binding")) {
                      events.add(
                          SimpleConditionEvent.satisfied(
                              c,
                              unit.getFullName()
                                  + " tests instanceof "
                                  + check.getRawType().getName()
                                  + " "
                                  + check.getSourceCodeLocation()));
                    }
                  }
                }
              }
            })
        .because("the engine runs any workload through its typed steps");
  }

  /** No package cycles: each package under {@code root} is a slice. */
  static ArchRule freeOfCycles(String root) {
    return slices().matching(root + ".(**)").should().beFreeOfCycles();
  }

  /**
   * No cycles between the subsystems: each top-level package under {@code root} (and all below it)
   * is a slice.
   */
  static ArchRule subsystemsFreeOfCycles(String root) {
    return slices().matching(root + ".(*)..").should().beFreeOfCycles();
  }

  /**
   * The modules as layers: cli -> mapreduce -> observe/report and embedded -> hbase/hdfs/gc ->
   * core, and core depends on none of them. The embedded cluster and the test kit ({@code
   * hbase.embedded}, {@code hbase.testkit}: the hbload-embedded module) sit above the binding whose
   * packages they share: the binding never reaches them (it finds the embedded cluster as a
   * service), so the plain binding carries no mini cluster; likewise the embedded HDFS ({@code
   * hdfs.embedded}, in the same module) above hdfs-io. The same arrows the Maven modules enforce at
   * compile time, checked here over the classes, so an arrow the poms would allow by a transitive
   * dependency (observe reaching hbase through hdfs-io's classpath) still fails. {@code
   * optionalLayers}: a fixture need not populate every layer; the product must.
   */
  static LayeredArchitecture moduleLayers(String root, boolean optionalLayers) {
    return layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .withOptionalLayers(optionalLayers)
        .layer("Cli")
        .definedBy(root + ".cli..")
        .layer("MapReduce")
        .definedBy(root + ".mapreduce..")
        .layer("Observe")
        .definedBy(root + ".observe..", root + ".report..")
        .layer("Embedded")
        .definedBy(root + ".hbase.embedded..", root + ".hbase.testkit..", root + ".hdfs.embedded..")
        .layer("HBase")
        .definedBy(
            resideInAPackage(root + ".hbase..")
                .and(
                    not(resideInAnyPackage(root + ".hbase.embedded..", root + ".hbase.testkit.."))))
        .layer("Hdfs")
        .definedBy(
            resideInAPackage(root + ".hdfs..")
                .and(not(resideInAPackage(root + ".hdfs.embedded.."))))
        .layer("Gc")
        .definedBy(root + ".gc..")
        .layer("Core")
        .definedBy(root + ".core..")
        .whereLayer("Cli")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("MapReduce")
        .mayOnlyBeAccessedByLayers("Cli")
        .whereLayer("Observe")
        .mayOnlyBeAccessedByLayers("MapReduce", "Cli")
        .whereLayer("Embedded")
        .mayOnlyBeAccessedByLayers("MapReduce", "Cli")
        .whereLayer("HBase")
        .mayOnlyBeAccessedByLayers("Embedded", "MapReduce", "Cli")
        .whereLayer("Hdfs")
        .mayOnlyBeAccessedByLayers("Embedded", "Observe", "MapReduce", "Cli")
        .whereLayer("Gc")
        .mayOnlyBeAccessedByLayers("Cli")
        .whereLayer("Core")
        .mayNotAccessAnyLayer();
  }
}
