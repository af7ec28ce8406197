package io.hbload.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of a fixed run (src/test/resources/report: a real `hbload run -w a -db basic -threads
 * 4 -target 1000 -p maxexecutiontime=8 -p status.interval=1 -p basicdb.simulatedelay=2` with --json
 * and --hlog): every series is drawn from the log's intervals, the page is self-contained and
 * forbids fetches.
 */
class HtmlReportTest {
  static final Path JSON = Path.of("src/test/resources/report/run.json");
  static final Path HLOG = Path.of("src/test/resources/report/run.hlog");

  static String fixtureReport() throws Exception {
    return HtmlReport.render(List.of(RunInput.read(JSON, List.of(HLOG), false)));
  }

  /** The path data of the series called {@code name}. */
  static String pathData(String html, String name) {
    Matcher m =
        Pattern.compile(
                "<path class=\"series\" data-series=\"" + Pattern.quote(name) + "\" d=\"([^\"]*)\"")
            .matcher(html);
    assertThat(m.find()).as("series " + name).isTrue();
    return m.group(1);
  }

  static int points(String d) {
    return d.isEmpty() ? 0 : d.split(" L").length;
  }

  @Test
  void theSettingsTableShowsTheCommandLineAndNoRawNullsOrEmptyLists(@TempDir Path dir)
      throws Exception {
    // the fixture holds "stopReason": null, "startAtEpochMillis": null and "jvmArgs": []
    String fixture = Files.readString(JSON);
    assertThat(fixture).contains("\"stopReason\": null").contains("\"jvmArgs\": []");
    Path json = dir.resolve("pe.json");
    Files.writeString(
        json,
        fixture.replaceFirst(
            "\"client\":",
            "\"commandLine\": [\"hbload\", \"pe\", \"--rows=200\", \"-p\", \"note=a b\","
                + " \"sequentialRead\", \"2\"], \"client\":"));
    String html = HtmlReport.render(List.of(RunInput.read(json, List.of(HLOG), false)));
    String settings = html.substring(html.indexOf("<h3>Environment and settings</h3>"));
    assertThat(settings)
        .contains("<th>command line</th><td>hbload pe --rows=200 -p ")
        .contains("sequentialRead 2</td>")
        .doesNotContain("<td>null</td>")
        .doesNotContain("<td>[]</td>")
        .doesNotContain("<th>stopReason</th>");
  }

  @Test
  void totalsAreMillisecondsWithTheirUnitNotThousandsOfMicroseconds() throws Exception {
    String html = fixtureReport();
    String totals =
        html.substring(
            html.indexOf("<h3>Totals</h3>"),
            html.indexOf("</table>", html.indexOf("<h3>Totals</h3>")));
    // READ in the fixture: 4,113 operations, service p50 1100.799 us, intended p99 96862.207 us,
    // intended p99.9 139984.895 us
    assertThat(totals)
        .contains("<td>READ</td><td>4,113</td><td>1.10 ms</td>")
        .contains("<td>96.9 ms</td><td>140 ms</td>")
        .contains("<td>OK 4,113</td>")
        .doesNotContain("k</td>")
        .doesNotContain("{");
    assertThat(HtmlReport.latency(65)).isEqualTo("0.065 ms");
    assertThat(HtmlReport.latency(1_480_000)).isEqualTo("1.48 s");
  }

  @Test
  void aSuitePageIsTitledWithEveryWorkloadItRan(@TempDir Path dir) throws Exception {
    String fixture = Files.readString(JSON);
    Path c = dir.resolve("c.json");
    Files.writeString(
        c,
        fixture
            .replace("\"readproportion\": \"0.5\"", "\"readproportion\": \"1\"")
            .replace("\"updateproportion\": \"0.5\"", "\"updateproportion\": \"0\""));
    RunInput a = RunInput.read(JSON, List.of(HLOG), false);
    RunInput readOnly = RunInput.read(c, List.of(HLOG), false);
    String title = HtmlReport.title(List.of(a, readOnly, a));
    assertThat(title)
        .startsWith("hbload report: 3 runs of run read 50%/update 50%, binding basic")
        .contains("; run read 100%, binding basic");
    assertThat(HtmlReport.render(List.of(a, readOnly)))
        .contains("<title>" + "hbload report: 2 runs of");
  }

  @Test
  void everyIntervalOfTheLogIsAPointOverTime() throws Exception {
    String html = fixtureReport();
    long intervals =
        Files.readAllLines(HLOG).stream().filter(l -> l.startsWith("Tag=READ.service,")).count();
    assertThat(intervals).isEqualTo(8);
    for (String name :
        List.of(
            "READ",
            "UPDATE",
            "all",
            "READ service p50",
            "READ service p99",
            "READ intended p99",
            "READ intended p99.9",
            "UPDATE service p99.9",
            "UPDATE intended p50")) {
      assertThat(points(pathData(html, name))).as(name).isEqualTo(intervals);
    }
    // the spectrum runs from p0 to p99.999 on 61 log-spaced points for each operation and kind
    for (String name :
        List.of("READ service", "READ intended", "UPDATE service", "UPDATE intended")) {
      assertThat(points(pathData(html, name))).as(name).isEqualTo(61);
    }
    assertThat(html).contains(">99.999%<").doesNotContain("99.9999%");
    assertThat(html).doesNotContain("data-series=\"CLEANUP");
  }

  @Test
  void theTitleSaysWhatRanAndTheTargetIsDrawn() throws Exception {
    String html = fixtureReport();
    assertThat(html)
        .contains(
            "<h1>hbload report: run read 50%/update 50%, binding basic, 4 threads, "
                + "target 1000 ops/s</h1>");
    assertThat(points(pathData(html, "target"))).isEqualTo(2);
  }

  @Test
  void aShortLastIntervalIsNotPlottedButCounted() {
    org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
    h.recordValue(1000);
    List<TaggedInterval> l =
        List.of(
            new TaggedInterval("READ.service", 0, 1000, h),
            new TaggedInterval("READ.service", 1000, 2000, h),
            new TaggedInterval("READ.service", 2000, 3000, h),
            new TaggedInterval("READ.service", 3000, 3040, h));
    assertThat(HtmlReport.plotted(l)).hasSize(3);
    assertThat(HtmlReport.plotted(l.subList(0, 3))).hasSize(3);
    assertThat(HtmlReport.plotted(List.of(l.get(0), l.get(3))))
        .hasSize(2); // too few to call one short
  }

  @Test
  void throughputSeriesMatchesTheLogCounts() throws Exception {
    List<TaggedInterval> log = RunInput.readLog(HLOG);
    long reads =
        log.stream()
            .filter(t -> t.tag().equals("READ.service"))
            .mapToLong(t -> t.histogram().getTotalCount())
            .sum();
    assertThat(reads).isEqualTo(4113); // the fixture JSON's READ operations
    String html = fixtureReport();
    assertThat(html).contains("<td>READ</td><td>4,113</td>");
  }

  @Test
  void selfContainedWithSettingsFromTheJson() throws Exception {
    String html = fixtureReport();
    assertThat(html)
        .contains(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"" + HtmlReport.CSP + "\">");
    assertThat(html)
        .doesNotContainPattern("(?i)(src|href)\\s*=")
        .doesNotContainPattern("(?i)https?://")
        .doesNotContain("<script");
    assertThat(html)
        .contains("<tr><th>properties.basicdb.simulatedelay</th><td>2</td></tr>")
        .contains("<tr><th>environment.javaVersion</th>")
        .contains("<tr><th>threads</th><td>4</td></tr>");
    assertThat(html).contains("not reported by the basic binding");
  }

  @Test
  void roundsSideBySideWithDiscardedGreyed() throws Exception {
    RunInput warm = RunInput.read(JSON, List.of(HLOG), true);
    RunInput kept = RunInput.read(JSON, List.of(HLOG), false);
    String html = HtmlReport.render(List.of(warm, kept));
    assertThat(html)
        .contains("Rounds side by side")
        .contains("<tr class=\"discarded\">")
        .contains("class=\"bar discarded\"")
        .contains("<section class=\"run discarded\">")
        .contains("<section class=\"run\">");
  }

  @Test
  void withoutALogTheSpectrumComesFromTheJson() throws Exception {
    String html = HtmlReport.render(List.of(RunInput.read(JSON, List.of(), false)));
    assertThat(points(pathData(html, "READ service"))).isEqualTo(7); // p50 .. p99.999
    assertThat(html).contains("No interval log given");
  }

  @Test
  void notAResultIsSaidPlainly(@TempDir Path dir) throws Exception {
    Path notJson = Files.writeString(dir.resolve("x.json"), "{\"tool\": \"other\"}");
    assertThatThrownBy(() -> RunInput.read(notJson, List.of(), false))
        .hasMessageContaining("not an hbload JSON");
    assertThatThrownBy(() -> RunInput.read(JSON, List.of(JSON), false))
        .hasMessageContaining("run.json");
  }

  /**
   * The run's tail outliers are ringed on the latency charts' p99.9 series, explained and
   * unexplained apart, their causes in the tooltip; a run without outliers has no ring.
   */
  @Test
  void tailOutliersAreRingedOnTheP999SeriesWithTheirCauses(@TempDir Path dir) throws Exception {
    List<TaggedInterval> reads =
        RunInput.read(JSON, List.of(HLOG), false).intervals().stream()
            .filter(t -> t.tag().equals("READ.service"))
            .toList();
    TaggedInterval third = reads.get(2);
    TaggedInterval fifth = reads.get(4);
    String outliers =
        "\"tailOutliers\": {\"factor\": 3.0, \"medianP999Millis\": 4.1, \"intervals\": 8,"
            + " \"explained\": 1, \"outliers\": ["
            + outlier(third, "[\"compaction 18.2 MB on localhost,16020\"]")
            + ", "
            + outlier(fifth, "[]")
            + "]}, \"client\":";
    Path json = dir.resolve("outliers.json");
    Files.writeString(json, Files.readString(JSON).replaceFirst("\"client\":", outliers));

    String html = HtmlReport.render(List.of(RunInput.read(json, List.of(HLOG), false)));

    List<String> rings =
        Pattern.compile("<circle class=\"mark\" data-mark=\"([a-z-]+)\"")
            .matcher(html)
            .results()
            .map(r -> r.group(1))
            .toList();
    // one READ and one UPDATE chart each ring the two intervals
    assertThat(rings)
        .containsExactlyInAnyOrder(
            "outlier-explained", "outlier-unexplained", "outlier-explained", "outlier-unexplained");
    assertThat(html)
        .contains("data-series=\"READ service p99.9\"")
        .containsPattern(
            "<title>tail outlier at [0-9.]+ s: p99.9 [^<]*compaction 18.2 MB on localhost,16020</title>")
        .containsPattern(
            "<title>tail outlier at [0-9.]+ s: p99.9 [^<]*no server event explains it</title>")
        .contains("tail outlier, a server event")
        .contains("tail outlier, nothing explains it");
    assertThat(fixtureReport()).doesNotContain("data-mark=\"outlier-");
  }

  private static String outlier(TaggedInterval t, String causes) {
    return "{\"startEpochMillis\": "
        + t.startEpochMillis()
        + ", \"endEpochMillis\": "
        + t.endEpochMillis()
        + ", \"p999Millis\": 20.0, \"timesMedian\": 4.9, \"causes\": "
        + causes
        + "}";
  }
}
