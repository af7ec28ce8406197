package io.hbload.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbload.cli.CommandOutput;
import io.hbload.cli.FindMaxArgs;
import io.hbload.cli.HbloadCommand;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbload run --find-max 'p99<10ms' --json F --html F} of one worker against 2 ms calls
 * (about 500 ops/s), opened in headless Chromium: the hockey stick the browser built has a dot per
 * step of the JSON on both curves, inside the plot, and the bound, the rate found, the first broken
 * rate and the knee as lines at the JSON's values; the screenshot is not blank. About 15 s.
 */
class FindMaxChromiumIT {
  @Test
  void theHockeyStickRendersInChromium(@TempDir Path dir) throws Exception {
    HeadlessChromium chromium = HeadlessChromium.orSkip(dir);
    Path html = dir.resolve("find.html");
    Path json = dir.resolve("find.json");
    CommandOutput run =
        CommandOutput.of(
            HbloadCommand.commandLine(),
            FindMaxArgs.twoMillisecondSearch("--json", json.toString(), "--html", html.toString()));
    assertThat(run.exit()).as(run.err()).isZero();
    JsonNode found = new ObjectMapper().readTree(json.toFile()).path("findMax");
    int steps = found.path("steps").size();
    assertThat(steps).as(run.err()).isGreaterThanOrEqualTo(3);

    String dom = chromium.dom("find", html);
    for (String series : List.of("intended p99", "service p99", "achieved")) {
      assertThat(FindMaxHtmlTest.dotLabels(dom, series)).as(series).hasSize(steps);
      for (double cx : attribute(dom, series, "cx")) {
        assertThat(cx).as("%s dot inside the plot", series).isBetween(70.0, 570.0);
      }
    }
    assertThat(FindMaxHtmlTest.ruleAt(dom, "bound")).isEqualTo("10.0");
    for (String[] rule :
        new String[][] {
          {"found", "sustainedOpsPerSec"},
          {"first-broken", "firstBrokenOpsPerSec"},
          {"knee", "kneeOpsPerSec"}
        }) {
      JsonNode at = found.path(rule[1]);
      if (at.isNumber()) {
        assertThat(FindMaxHtmlTest.ruleAt(dom, rule[0]))
            .as(rule[0])
            .isEqualTo(String.format(Locale.ROOT, "%.1f", at.asDouble()));
      } else {
        assertThat(dom).as(rule[0] + " not concluded").doesNotContain("data-rule=\"" + rule[0]);
      }
    }
    assertThat(found.path("sustainedOpsPerSec").isNumber()).as(run.err()).isTrue();
    HeadlessChromium.assertNotBlank(chromium.screenshot("find", 1100, 1400, html));
  }

  /** A numeric attribute of every dot of {@code series}. */
  private static List<Double> attribute(String dom, String series, String name) {
    Matcher m =
        Pattern.compile(
                "<circle class=\"point\" data-series=\""
                    + Pattern.quote(series)
                    + "\"[^>]* "
                    + name
                    + "=\"([0-9.]+)\"")
            .matcher(dom);
    List<Double> out = new ArrayList<>();
    while (m.find()) {
      out.add(Double.parseDouble(m.group(1)));
    }
    return out;
  }
}
