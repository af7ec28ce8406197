package io.hbload.hbase.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The test-kit snippet in the READMEs is the sample test that runs in the build, not a copy that
 * can rot.
 */
class DocSnippetTest {
  private static final Path SAMPLE =
      Path.of("src/test/java/io/hbload/hbase/HBaseTestKitSampleIT.java");

  static String snippet() throws IOException {
    String source = Files.readString(SAMPLE);
    int start = source.indexOf('\n', source.indexOf("--8<-- [start:testkit]")) + 1;
    int end = source.lastIndexOf('\n', source.indexOf("--8<-- [end:testkit]")) + 1;
    return source.substring(start, end);
  }

  @Test
  void readmesShowTheSampleTestVerbatim() throws IOException {
    String snippet = snippet();
    assertThat(snippet).contains("@RegisterExtension", "Hbload.workload(\"a\")", "p99Micros()");
    assertThat(Files.readString(Path.of("../../README.md")))
        .contains("```java\n" + snippet + "```");
    assertThat(Files.readString(Path.of("README.md"))).contains(snippet);
  }
}
