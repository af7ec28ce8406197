package io.hbload.gc.check;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PrintFlagsFinalTest {
  @Test
  void parsesJdk9PlusAndJdk8Lines() {
    PrintFlagsFinal t =
        PrintFlagsFinal.parse(
            """
                [Global flags]
                     uint ParallelGCThreads                        = 28                                        {product} {command line}
                     bool UseG1GC                                  = true                                      {product} {ergonomic}
                    uintx G1NewSizePercent                         = 5                                      {experimental} {default}
                    ccstr ErrorFile                                =                                           {product} {default}
                    uintx MaxHeapSizeX                            := 107374182400                        {product}
                openjdk version "17.0.15" 2025-04-15
                """);
    assertThat(t.size()).isEqualTo(5);
    assertThat(t.get("ParallelGCThreads"))
        .get()
        .satisfies(
            f -> {
              assertThat(f.value()).isEqualTo("28");
              assertThat(f.setOnCommandLine()).isTrue();
            });
    assertThat(t.get("UseG1GC").get().setOnCommandLine()).isFalse();
    assertThat(t.get("G1NewSizePercent").get().kind()).isEqualTo("experimental");
    assertThat(t.get("ErrorFile").get().value()).isEmpty();
    // JDK 8: ":=" marks a value set on the command line, no origin column
    assertThat(t.get("MaxHeapSizeX").get().setOnCommandLine()).isTrue();
    assertThat(t.get("Nope")).isEmpty();
  }
}
