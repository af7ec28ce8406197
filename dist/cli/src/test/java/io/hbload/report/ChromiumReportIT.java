package io.hbload.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.hbload.cli.HbloadCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbload report} of the fixture run opened in headless Chromium (Debian's package): the
 * plots rendered (the DOM after load has every expected series with path data; the screenshot is
 * not blank) and the page makes no network request (Chromium's own net log has no request from the
 * page, and a probe image pointed at a local server, which a page without the report's policy does
 * fetch, is not fetched from inside the report). About 10 s.
 */
class ChromiumReportIT {
  @Test
  void reportRendersOfflineInChromium(@TempDir Path dir) throws Exception {
    HeadlessChromium chromium = HeadlessChromium.orSkip(dir);
    Path report = dir.resolve("report.html");
    var cl = HbloadCommand.commandLine();
    StringWriter err = new StringWriter();
    cl.setErr(new PrintWriter(err, true));
    Path observe =
        Path.of("../observe"); // HtmlReportTest's fixed run lives beside the report code, in
    // dist/observe
    assertThat(
            cl.execute(
                "report",
                observe.resolve(HtmlReportTest.JSON).toString(),
                observe.resolve(HtmlReportTest.HLOG).toString(),
                "-o",
                report.toString()))
        .as(err.toString())
        .isZero();

    // the plots, as the browser built them
    String dom = chromium.dom("dom", report);
    for (String name :
        List.of(
            "all",
            "READ",
            "UPDATE",
            "READ service p99",
            "READ intended p99",
            "UPDATE service p50",
            "READ service",
            "READ intended",
            "UPDATE service",
            "UPDATE intended")) {
      Matcher m =
          Pattern.compile("data-series=\"" + Pattern.quote(name) + "\" d=\"(M[^\"]+)\"")
              .matcher(dom);
      assertThat(m.find()).as("series %s with path data in the rendered DOM", name).isTrue();
      assertThat(m.group(1).split(" L").length).as(name).isGreaterThan(5);
    }
    assertThat(dom)
        .contains("content=\"" + HtmlReport.CSP + "\"")
        .doesNotContainPattern("(?i)https?://");

    // the screenshot is not blank: charts and tables put thousands of non-white pixels on it
    Path png = chromium.screenshot("report", 1100, 2400, report);
    HeadlessChromium.assertNotBlank(png);
    Path keep = Path.of("target/report-screenshot.png");
    Files.copy(png, keep, java.nio.file.StandardCopyOption.REPLACE_EXISTING);

    // no request from the page: the net log names none with a page initiator
    assertThat(chromium.pageRequests("net", report)).isEmpty();

    // and the policy is what stops one: a probe image aimed at a local server is fetched from a
    // plain page, not from
    // inside the report
    AtomicInteger hits = new AtomicInteger();
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 4);
    server.createContext(
        "/probe.png",
        ex -> {
          hits.incrementAndGet();
          ex.sendResponseHeaders(404, -1);
          ex.close();
        });
    server.start();
    try {
      String probe =
          "<img src=\"http://127.0.0.1:" + server.getAddress().getPort() + "/probe.png\">";
      Path plain =
          Files.writeString(
              dir.resolve("plain.html"), "<!DOCTYPE html><html><body>" + probe + "</body></html>");
      chromium.dom("plain", plain);
      assertThat(hits.get())
          .as("the probe works: a page without the policy fetches it")
          .isPositive();
      hits.set(0);
      String html = Files.readString(report).replace("<body>", "<body>" + probe);
      Path probed = Files.writeString(dir.resolve("probed.html"), html);
      chromium.dom("probed", probed);
      assertThat(hits.get()).as("requests from inside the report").isZero();
    } finally {
      server.stop(0);
    }
  }
}
