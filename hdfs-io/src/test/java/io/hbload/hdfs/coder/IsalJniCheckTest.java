package io.hbload.hdfs.coder;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The coder's functional tests once more, in a child JVM under {@code -Xcheck:jni}: the JVM then
 * reports JNI misuse the tests themselves cannot see (a JNI call inside a GetPrimitiveArrayCritical
 * region, more live local references than reserved, a call with an exception pending) as
 * "WARNING..." / "Warning: ..." lines, and any such line fails this test. {@link IsalRsCoderTest}
 * includes RS(200,55), the widest shape (255 units).
 */
class IsalJniCheckTest {
  @Test
  void coder_tests_pass_under_xcheck_jni_without_warnings() throws Exception {
    IsalAssumptions.requireIsal();
    ChildJvm.Result r =
        ChildJvm.run(
            List.of(
                "-Xcheck:jni",
                "-Dhbload.isal.required=" + System.getProperty("hbload.isal.required", "false")),
            JniCheckLauncher.class,
            IsalRsCoderTest.class.getName(),
            IsalReadOnlyOutputTest.class.getName());
    assertThat(r.exit()).as(r.output()).isZero();
    assertThat(r.lines())
        .as(r.output())
        .contains("tests failed: 0", "tests aborted: 0")
        .anySatisfy(l -> assertThat(l).matches("tests succeeded: \\d{3,}"));
    assertThat(r.jniWarnings()).as(r.output()).isEmpty();
  }
}
