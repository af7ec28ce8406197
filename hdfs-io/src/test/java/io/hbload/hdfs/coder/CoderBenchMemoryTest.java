package io.hbload.hdfs.coder;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code coder-bench} with a working set larger than the JVM's memory is bad input (one line, exit
 * 2 in the CLI), not an {@link OutOfMemoryError} with a stack trace: refused up front when the
 * JVM's limits say it cannot fit, and turned into the same error when an allocation fails anyway.
 * Child JVMs, so the limits are small and known.
 */
class CoderBenchMemoryTest {
  private static final long MIB = 1L << 20;

  @Test
  void working_set_beyond_the_jvms_limits_is_refused_before_allocating() throws Exception {
    ChildJvm.Result r =
        ChildJvm.run(
            List.of("-Xmx256m", "-XX:MaxDirectMemorySize=64m"),
            CoderBenchProbe.class,
            "6",
            "3",
            String.valueOf(MIB),
            String.valueOf(1024 * MIB),
            "0");
    assertThat(r.exit()).as(r.output()).isZero();
    assertThat(r.lines())
        .as(r.output())
        .anySatisfy(
            l ->
                assertThat(l)
                    .startsWith(
                        "threw io.hbload.hdfs.config.BadInputException: --working-set 1.0 GiB does not fit")
                    .contains("at most 48.0 MiB"));
  }

  @Test
  void an_allocation_that_fails_anyway_is_bad_input_not_an_error() throws Exception {
    // 24m fits the estimate (3/4 of 64m of direct memory) but a 40m ballast the estimate cannot see
    // is held
    ChildJvm.Result r =
        ChildJvm.run(
            List.of("-Xmx256m", "-XX:MaxDirectMemorySize=64m"),
            CoderBenchProbe.class,
            "2",
            "1",
            String.valueOf(MIB),
            String.valueOf(24 * MIB),
            String.valueOf(40 * MIB));
    assertThat(r.exit()).as(r.output()).isZero();
    assertThat(r.lines())
        .as(r.output())
        .anySatisfy(
            l ->
                assertThat(l)
                    .startsWith(
                        "threw io.hbload.hdfs.config.BadInputException: --working-set 24.0 MiB did not fit in memory")
                    .contains("direct buffer memory"));
  }
}
