package io.hbload.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.Hbload;
import io.hbload.core.export.JsonResult;
import io.hbload.core.result.RunResult;
import io.hbload.core.time.EventClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of a run on a schedule draws the schedule against what was done: a real run on virtual
 * time (steps past a capacity of 2,000 ops/s: two workers, 1 ms calls) written as its JSON, then
 * rendered: the intended and achieved rate, the backlog, and the objective's break as a rule at the
 * interval and rate where it broke.
 */
@Timeout(value = 120, threadMode = ThreadMode.SEPARATE_THREAD)
class RateHtmlTest {
  @Test
  void theScheduleTheBacklogAndTheBreakAreDrawn(@TempDir Path dir) throws Exception {
    EventClock clock = new EventClock();
    RunResult r =
        clock.run(
            () ->
                Hbload.workloadFile(Path.of("../../workloads/workloadc"))
                    .binding("basic")
                    .property("basicdb.simulatedelay", "1")
                    .property("basicdb.randomizedelay", "false")
                    .recordCount(100)
                    .threads(2)
                    .target("1500@3s,3000@2s")
                    .slo("p99<10ms")
                    .clock(clock)
                    .run());
    Path json = dir.resolve("run.json");
    Files.writeString(json, JsonResult.render(r));
    String html = HtmlReport.render(List.of(RunInput.read(json, List.of(), false)));
    assertThat(html)
        .contains("<h3 class=\"rate\">Rate schedule: 1500@3s,3000@2s</h3>")
        .contains("Intended and achieved rate per interval")
        .contains("Backlog: operations due and not done");
    String intended = HtmlReportTest.pathData(html, "intended");
    String achieved = HtmlReportTest.pathData(html, "achieved");
    String backlog = HtmlReportTest.pathData(html, "backlog");
    assertThat(HtmlReportTest.points(intended)).isGreaterThanOrEqualTo(5);
    assertThat(HtmlReportTest.points(achieved)).isEqualTo(HtmlReportTest.points(intended));
    assertThat(HtmlReportTest.points(backlog)).isEqualTo(HtmlReportTest.points(intended));
    assertThat(html)
        .contains("data-rule=\"slo\" data-at=\"4.0\"")
        .contains("p99&lt;10ms broken at 4 s, at ~3000 ops/s")
        .contains("this store stops coping at ~3000 ops/s; it never held again from 4 s")
        .as("the break for good is the first break: one rule")
        .doesNotContain("data-rule=\"slo-for-good\"");
  }
}
