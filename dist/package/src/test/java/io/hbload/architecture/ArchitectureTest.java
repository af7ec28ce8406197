package io.hbload.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import io.hbload.cli.Main;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.config.PropertyNames;
import io.hbload.core.config.PropertyReader;
import io.hbload.core.config.Provenance;
import io.hbload.core.spec.RunSpec;
import io.hbload.hbase.config.HBaseProperties;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The flow's arrows over every io.hbload class (this module sees them all): the modules as layers
 * and no package cycles ({@link FlowRules}, each proven against a planted violation by {@link
 * FlowRulesTest}). And properties are read only by the parsers: the engine's spec parser and each
 * binding's settings parser (code in a {@code parse} or {@code config} package, or a {@link
 * BindingProvider#settings} method). Everything else gets typed specs. Checked on the compiled
 * classes of every module (ArchUnit) and, for string-keyed reads ArchUnit cannot see, on the
 * sources.
 */
class ArchitectureTest {
  private static JavaClasses classes;

  @BeforeAll
  static void importAll() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(
                location -> !location.contains("-tests.jar")) // test helpers of other modules
            .importPackages("io.hbload");
    assertThat(classes.contain(RunSpec.class)).as("core imported").isTrue();
    assertThat(classes.contain(Main.class)).as("cli imported").isTrue();
  }

  @Test
  void theModulesDependOneWayAlongTheFlow() {
    FlowRules.moduleLayers("io.hbload", false).check(classes);
  }

  @Test
  void noCyclesBetweenSubsystems() {
    FlowRules.subsystemsFreeOfCycles("io.hbload").check(classes);
  }

  /**
   * No cycles between any two io.hbload packages. A constant another package declares is inlined by
   * javac, so a cycle through constants alone is invisible here (the mapreduce file-name suffixes
   * were one, found with jdeps).
   */
  @Test
  void noPackageCycles() {
    FlowRules.freeOfCycles("io.hbload").check(classes);
  }

  @Test
  void coreReadsTimeAndSleepsOnlyThroughItsClock() {
    FlowRules.timeOnlyThroughTheClock("io.hbload.core").check(classes);
  }

  @Test
  void theEngineNeverAsksWhichWorkloadItRuns() {
    FlowRules.noTypeTestsOnWorkloads("io.hbload.core").check(classes);
  }

  @Test
  void onlyParsersUseThePropertyReader() {
    classes()
        .that()
        .resideOutsideOfPackages("..config..", "..parse..")
        .should(notCallOutsideBindingSettings(PropertyReader.class))
        .check(classes);
  }

  @Test
  void theRawPropertiesOfASpecAreOnlyEchoedIntoResultDocuments() {
    noClasses()
        .that()
        .resideOutsideOfPackages("..config..", "..parse..", "..export..")
        .should()
        .callMethod(Provenance.class, "properties")
        .check(classes);
  }

  @Test
  void onlyParsersReadJavaUtilProperties() {
    noClasses()
        .that()
        .resideOutsideOfPackages("..config..", "..parse..")
        .should()
        .callMethod(Properties.class, "getProperty", String.class)
        .orShould()
        .callMethod(Properties.class, "getProperty", String.class, String.class)
        .orShould()
        .callMethod(Properties.class, "stringPropertyNames")
        .check(classes);
  }

  /**
   * A read by key with a literal name ({@code map.get("recordcount")}) is invisible to ArchUnit:
   * scan the sources.
   */
  @Test
  void noSourceOutsideTheParsersReadsAPropertyByName() throws Exception {
    List<String> names = new ArrayList<>();
    names.addAll(constants(PropertyNames.class));
    names.addAll(constants(HBaseProperties.class));
    assertThat(names).contains("recordcount", "columnfamily", "hbload.zk");
    List<String> offenders = new ArrayList<>();
    for (Path root :
        List.of(
            Path.of("../../core/src/main/java"),
            Path.of("../../hbase-binding/src/main/java"),
            Path.of("../../hdfs-io/src/main/java"),
            Path.of("../../gc-tuner/src/main/java"),
            Path.of("../embedded/src/main/java"),
            Path.of("../observe/src/main/java"),
            Path.of("../mapreduce/src/main/java"),
            Path.of("../cli/src/main/java"))) {
      assertThat(root).isDirectory();
      try (Stream<Path> files = Files.walk(root)) {
        for (Path f :
            files.filter(p -> p.toString().endsWith(".java")).filter(notInConfig()).toList()) {
          String text = Files.readString(f);
          for (String name : names) {
            Pattern read =
                Pattern.compile(
                    "\\.(get|getOrDefault|containsKey|getProperty)\\(\\s*\""
                        + Pattern.quote(name)
                        + "\"");
            if (read.matcher(text).find()) {
              offenders.add(f + " reads '" + name + "'");
            }
          }
        }
      }
    }
    assertThat(offenders).isEmpty();
  }

  private static Predicate<Path> notInConfig() {
    return p -> !p.toString().replace('\\', '/').matches(".*/(config|parse)/.*");
  }

  private static List<String> constants(Class<?> type) throws IllegalAccessException {
    List<String> out = new ArrayList<>();
    for (Field f : type.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
        String v = (String) f.get(null);
        if (!v.endsWith(".")) { // prefixes, not names
          out.add(v);
        }
      }
    }
    return out;
  }

  /**
   * No call into {@code type} (constructors too) but from a binding provider's {@code settings}
   * method.
   */
  private static ArchCondition<JavaClass> notCallOutsideBindingSettings(Class<?> type) {
    return new ArchCondition<>(
        "not call " + type.getSimpleName() + " outside a BindingProvider.settings method") {
      @Override
      public void check(JavaClass javaClass, ConditionEvents events) {
        for (JavaCall<?> call : javaClass.getCodeUnitCallsFromSelf()) {
          boolean target = call.getTargetOwner().isEquivalentTo(type);
          boolean inSettings =
              call.getOrigin().getName().equals("settings")
                  && call.getOriginOwner().isAssignableTo(BindingProvider.class);
          if (target && !inSettings) {
            events.add(SimpleConditionEvent.violated(call, call.getDescription()));
          }
        }
      }
    };
  }
}
