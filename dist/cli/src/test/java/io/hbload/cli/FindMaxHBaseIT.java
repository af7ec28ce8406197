package io.hbload.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23 §2 done-when: {@code run --find-max} on the embedded HBase finds a rate and prints the
 * curve. Nothing is configured, so the run starts the embedded cluster in this JVM and loads the
 * records itself; its block-cache figures are then read in-process, a second after each step rather
 * than the 15 s an HTTP reader waits. The bound (p99 under 50 ms of intended latency) is loose
 * enough that a loaded 2-core machine holds it at a few hundred reads a second, and tight enough
 * that doubling from 200 ops/s breaks it within a few steps of 1 s (after 300 ms of warm-up each);
 * a precision of 50 % keeps the bisection to a step or two. When the client, not the server, falls
 * behind first, the search must say so instead of reporting a capacity.
 */
class FindMaxHBaseIT {
  @TempDir static Path dir;

  @Test
  void findsARateOnTheEmbeddedHBaseAndPrintsTheCurve() throws Exception {
    Path json = dir.resolve("find.json");
    CommandOutput o =
        CommandOutput.of(
            HbloadCommand.commandLine(),
            "run",
            "-w",
            "c",
            "-p",
            "recordcount=1000",
            "-target",
            "200",
            "-p",
            "maxexecutiontime=1",
            "-p",
            "hbload.warmup=300ms",
            "--find-max",
            "p99<50ms",
            "--find-max-precision",
            "0.5",
            "--json",
            json.toString());
    assertThat(o.exit()).as(o.err()).isZero();
    JsonNode find = new ObjectMapper().readTree(json.toFile()).path("findMax");
    JsonNode steps = find.path("steps");
    assertThat(steps.size()).as(o.err()).isGreaterThanOrEqualTo(2);
    // the table: a header, then a line per step in the JSON's order, then the summary
    List<String> err = o.errLines();
    int header =
        err.indexOf(
            err.stream().filter(l -> l.strip().startsWith("offered")).findFirst().orElseThrow());
    for (int i = 0; i < steps.size(); i++) {
      String row = err.get(header + 1 + i).strip();
      assertThat(row)
          .as(o.err())
          .startsWith(
              String.format(
                  Locale.ROOT, "%.0f ", steps.get(i).path("offeredOpsPerSec").asDouble()));
    }
    String summary = err.get(header + 1 + steps.size());
    if (find.path("limitedBy").asText().equals("generator")) {
      assertThat(summary).as(o.err()).contains("the generator, not the server, is the limit at");
      assertThat(find.path("generatorLimitOpsPerSec").asDouble()).isGreaterThan(0);
      assertThat(find.path("sustainedOpsPerSec").isNull()).isTrue();
    } else {
      assertThat(find.path("limitedBy").asText()).isEqualTo("server");
      double found = find.path("sustainedOpsPerSec").asDouble();
      assertThat(found).as(o.err()).isGreaterThan(0);
      assertThat(summary)
          .as(o.err())
          .contains(
              "find-max p99<50ms: "
                  + String.format(Locale.ROOT, "%.0f", found)
                  + " ops/s holds the bound",
              "ops/s breaks it (confirmed)",
              "knee at");
      assertThat(find.path("kneeOpsPerSec").asDouble()).isGreaterThan(0);
    }
  }
}
