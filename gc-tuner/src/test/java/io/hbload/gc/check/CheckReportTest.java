package io.hbload.gc.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The text {@code gc-tune --check} prints; real JVM runs are in {@link FlagCheckerTest}. */
class CheckReportTest {
  private static final FlagCheck XMS =
      new FlagCheck(
          "-Xms2g", "InitialHeapSize", "2147483648", "2147483648", true, "origin command line");
  private static final FlagCheck LOG =
      new FlagCheck(
          "-Xlog:gc*:file=/tmp/c/gc-check.log",
          null,
          "log file written",
          "/tmp/c/gc-check.log",
          true,
          "the JVM created the GC log");

  @Test
  void rendersAPassingCheckAsCommentLines() {
    CheckReport r =
        new CheckReport(
            "/jdk17/bin/java",
            17,
            17,
            0,
            List.of("/jdk17/bin/java"),
            List.of(XMS, LOG),
            List.of("log file /var/log/gc.log replaced by /tmp/c/gc-check.log for the check"),
            List.of());
    assertThat(r.render())
        .isEqualTo(
            """
                # check: /jdk17/bin/java (JDK 17), exit 0: OK, every flag took its value from the command line
                #   left out: log file /var/log/gc.log replaced by /tmp/c/gc-check.log for the check
                #   ok   -Xms2g -> InitialHeapSize = 2147483648 (origin command line)
                #   ok   -Xlog:gc*:file=/tmp/c/gc-check.log (the JVM created the GC log)
                """);
  }

  @Test
  void rendersAFailureWithItsFindingsLast() {
    FlagCheck missing =
        new FlagCheck(
            "-XX:G1NewSizePercent=1", "G1NewSizePercent", "1", null, false, "JVM did not start");
    CheckReport r =
        new CheckReport(
            "/jdk25/bin/java",
            17,
            25,
            1,
            List.of(),
            List.of(missing),
            List.of(),
            List.of("options were computed for JDK 17 but /jdk25/bin/java is JDK 25"));
    assertThat(r.ok()).isFalse();
    assertThat(r.render())
        .isEqualTo(
            """
                # check: /jdk25/bin/java (JDK 25), exit 1: FAILED
                #   FAIL -XX:G1NewSizePercent=1 -> G1NewSizePercent = null (JVM did not start)
                #   finding: options were computed for JDK 17 but /jdk25/bin/java is JDK 25
                """);
  }
}
