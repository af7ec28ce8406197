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
 * Issue 23 §2 done-when, and issue 32 §4: {@code run --find-max} on the embedded HBase finds a rate
 * and prints the curve, or names the client as the limit in a way a user can act on. Nothing is
 * configured, so the run starts the embedded cluster in this JVM and loads the records itself; its
 * block-cache figures are then read in-process, a second after each step rather than the 15 s an
 * HTTP reader waits. The steps are offered open-loop on the pipelined engine, as docs/find-max.md
 * tells users to ({@code hbload.inflight}), so operations can wait for a slot: the search must
 * judge those waits by their effect, say in each step how many operations waited, and end on the
 * generator only when the waits broke the bound (exit 4, with the share of operations that waited
 * and the last rate that held). The bound (p99 under 50 ms of intended latency) is loose enough
 * that a loaded 2-core machine holds it at a few hundred reads a second; 1 s steps after 300 ms of
 * warm-up each and a precision of 50 % keep the search to a few steps.
 */
class FindMaxHBaseIT {
  @TempDir static Path dir;

  @Test
  void findsARateOnTheEmbeddedHBaseOrNamesTheGeneratorLimit() throws Exception {
    Path json = dir.resolve("find.json");
    CommandOutput o =
        CommandOutput.of(
            HbloadCommand.commandLine(),
            "run",
            "-w",
            "c",
            "-p",
            "recordcount=1000",
            "-threads",
            "2",
            "-p",
            "hbload.inflight=32",
            "-target",
            "500",
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
    // the curve in the failsafe report, so that a CI run can be read without running it again
    System.out.println(o.err());
    assertThat(o.exit()).as(o.err()).isIn(0, 4);
    JsonNode find = new ObjectMapper().readTree(json.toFile()).path("findMax");
    JsonNode steps = find.path("steps");
    assertThat(steps.size()).as(o.err()).isGreaterThanOrEqualTo(2);
    // the table: a header, then a line per step in the JSON's order, then the summary
    List<String> err = o.errLines();
    int header =
        err.indexOf(
            err.stream().filter(l -> l.strip().startsWith("offered")).findFirst().orElseThrow());
    for (int i = 0; i < steps.size(); i++) {
      JsonNode step = steps.get(i);
      String row = err.get(header + 1 + i).strip();
      assertThat(row)
          .as(o.err())
          .startsWith(
              String.format(Locale.ROOT, "%.0f ", step.path("offeredOpsPerSec").asDouble()));
      // how much of the step waited for a slot: in the JSON, the table and the step's line
      // every record was loaded before the search, so no read misses (a load cut short by the
      // steps' maxexecutiontime once made 20-40 % of them NOT_FOUND)
      assertThat(step.path("errorFraction").asDouble()).as(o.err()).isZero();
      long waited = step.path("slotWaitedOperations").asLong(-1);
      assertThat(waited).as(o.err()).isBetween(0L, step.path("operations").asLong());
      assertThat(row)
          .as(o.err())
          .contains(
              String.format(Locale.ROOT, "%.2f%%", step.path("slotWaitedShare").asDouble() * 100));
      if (waited > 0) {
        assertThat(o.err())
            .contains(
                String.format(
                    Locale.ROOT,
                    "find-max step %d: offered %.0f ops/s",
                    i + 1,
                    step.path("offeredOpsPerSec").asDouble()),
                String.format(
                    Locale.ROOT,
                    "%,d of %,d operations",
                    waited,
                    step.path("operations").asLong()));
      }
    }
    String summary = err.get(header + 1 + steps.size());
    assertThat(err.get(err.size() - 1)).isEqualTo(summary);
    if (o.exit() == 4) {
      assertThat(find.path("limitedBy").asText()).isEqualTo("generator");
      assertThat(summary)
          .as(o.err())
          .contains(
              "generator limit: the client, not the server, was the limit at",
              "last rate that held: ",
              "add client threads, hbload.inflight or client hosts");
      assertThat(find.path("generatorLimitOpsPerSec").asDouble()).isGreaterThan(0);
      assertThat(find.path("sustainedOpsPerSec").isNull()).isTrue();
      JsonNode last = steps.get(steps.size() - 1);
      if (last.path("generatorLimit").asText().contains("waited for a slot")) {
        // a slot limit is claimed only when at least p99's tail of the step waited
        assertThat(last.path("slotWaitedShare").asDouble())
            .as(o.err())
            .isGreaterThanOrEqualTo(0.01);
      }
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
              "ops/s breaks it (confirmed)");
    }
  }
}
