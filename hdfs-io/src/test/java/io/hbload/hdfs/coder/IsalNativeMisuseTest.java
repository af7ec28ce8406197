package io.hbload.hdfs.coder;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The JNI entry points refuse bad arguments with a Java exception instead of crashing: every case
 * of {@link NativeMisuseProbe}, run once in a child JVM under {@code -Xcheck:jni} (a crash there is
 * an exit code here, not the end of this JVM), raises the expected exception, the misused handle
 * still encodes correctly, and the JVM's JNI checker has nothing to say.
 */
class IsalNativeMisuseTest {
  private static ChildJvm.Result probe;

  @BeforeAll
  static void run_probe() throws Exception {
    IsalAssumptions.requireIsal();
    probe = ChildJvm.run(List.of("-Xcheck:jni"), NativeMisuseProbe.class);
  }

  static Stream<Arguments> cases() {
    return NativeMisuseProbe.CASES.stream().map(c -> Arguments.of(c.name(), c.expected()));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("cases")
  void throws_instead_of_crashing(String name, Class<? extends Throwable> expected) {
    assertThat(probe.lines())
        .as(probe.output())
        .anySatisfy(l -> assertThat(l).startsWith(name + ": " + expected.getName() + ": "));
  }

  @Test
  void child_survives_with_correct_parity_and_no_jni_warnings() {
    assertThat(probe.exit()).as(probe.output()).isZero();
    assertThat(probe.lines()).as(probe.output()).contains("parity after misuse: ok");
    assertThat(probe.jniWarnings()).as(probe.output()).isEmpty();
  }
}
