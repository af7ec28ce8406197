package io.hbload.hbase.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cluster JVM's flags: what is accepted, what java refuses (checked with the real {@code java}
 * of this JVM), and the command line the child gets.
 */
class ClusterJvmTest {
  @Test
  void splitsAtWhiteSpaceAndKeepsLauncherValues() {
    assertThat(
            ClusterJvm.parseOptions(
                "  -Xmx1g\t-XX:+UseG1GC\n--add-opens java.base/java.io=ALL-UNNAMED -Dk=v "))
        .containsExactly(
            "-Xmx1g", "-XX:+UseG1GC", "--add-opens", "java.base/java.io=ALL-UNNAMED", "-Dk=v");
  }

  @Test
  void refusesWordsThatAreNotOptionsOrThatReplaceTheProgram() {
    assertThatThrownBy(() -> ClusterJvm.parseOptions("-Xmx1g Main"))
        .hasMessage("'Main' is not a JVM option (each word must start with -)");
    assertThatThrownBy(() -> ClusterJvm.parseOptions("-cp /tmp"))
        .hasMessageContaining("-cp is not allowed");
    assertThatThrownBy(() -> ClusterJvm.parseOptions(" ")).hasMessage("no JVM options given");
  }

  @Test
  void javaSaysWhyItRefusesAFlagInOneLine() throws Exception {
    assertThat(ClusterJvm.refusal(List.of("-Xmx64m", "-XX:+UseG1GC"))).isNull();
    assertThat(ClusterJvm.refusal(List.of("-XX:+NoSuchHbloadFlag")))
        .isEqualTo("Unrecognized VM option 'NoSuchHbloadFlag'");
    assertThat(ClusterJvm.refusal(List.of("-XX:G1NewSizePercent=3")))
        .contains("must be enabled via -XX:+UnlockExperimentalVMOptions");
  }

  @Test
  void theChildGetsWhatHBaseNeedsThenTheUsersFlagsThenThisClassPath() {
    List<String> c = ClusterJvm.command(List.of("-Xmx1g"), "x.Main", List.of("embedded"));
    assertThat(c.subList(1, 4)).isEqualTo(ClusterJvm.JDK17_OPENS);
    int user = c.indexOf("-Xmx1g");
    assertThat(user).isGreaterThan(3);
    assertThat(c.subList(user + 1, c.size()))
        .containsExactly("-cp", System.getProperty("java.class.path"), "x.Main", "embedded");
  }

  @Test
  void aJvmsReasonIsItsFirstLineThatSaysSomething() {
    assertThat(
            ClusterJvm.reason(
                List.of("Error occurred during initialization of VM", "Too small maximum heap"), 1))
        .isEqualTo("Too small maximum heap");
    assertThat(
            ClusterJvm.reason(
                List.of(
                    "[0.001s][error][logging] Error opening log file '/x/gc.log': No such file",
                    "Invalid -Xlog option '-Xlog:gc:file=/x/gc.log', see error log for details.",
                    "Error: Could not create the Java Virtual Machine."),
                1))
        .isEqualTo("Error opening log file '/x/gc.log': No such file");
    assertThat(
            ClusterJvm.reason(
                List.of(
                    "",
                    "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space",
                    "\tat java.base/java.util.ArrayList.iterator(ArrayList.java:947)"),
                1))
        .isEqualTo("java.lang.OutOfMemoryError: Java heap space");
    assertThat(ClusterJvm.reason(List.of("\tat x.Y.z(Y.java:1)", " "), 137))
        .isEqualTo("java exited with 137");
  }
}
