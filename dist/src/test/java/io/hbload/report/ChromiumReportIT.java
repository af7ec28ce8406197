package io.hbload.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.hbload.cli.HbloadCommand;
import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hbload report} of the fixture run opened in headless Chromium (Debian's package): the plots rendered (the
 * DOM after load has every expected series with path data; the screenshot is not blank) and the page makes no network
 * request (Chromium's own net log has no request from the page, and a probe image pointed at a local server, which a
 * page without the report's policy does fetch, is not fetched from inside the report). About 10 s.
 */
class ChromiumReportIT {
  static final Path CHROMIUM = Path.of("/usr/bin/chromium");

  @Test
  void reportRendersOfflineInChromium(@TempDir Path dir) throws Exception {
    assumeTrue(Files.isExecutable(CHROMIUM), "Debian's chromium package is not installed (.ci/run installs it)");
    Path report = dir.resolve("report.html");
    var cl = HbloadCommand.commandLine();
    StringWriter err = new StringWriter();
    cl.setErr(new PrintWriter(err, true));
    assertThat(cl.execute("report", HtmlReportTest.JSON.toString(), HtmlReportTest.HLOG.toString(), "-o",
        report.toString())).as(err.toString()).isZero();

    // the plots, as the browser built them
    String dom = chromium(dir, "dom", "--dump-dom", report.toUri().toString());
    for (String name : List.of("all", "READ", "UPDATE", "READ service p99", "READ intended p99", "UPDATE service p50",
        "READ service", "READ intended", "UPDATE service", "UPDATE intended")) {
      Matcher m = Pattern.compile("data-series=\"" + Pattern.quote(name) + "\" d=\"(M[^\"]+)\"").matcher(dom);
      assertThat(m.find()).as("series %s with path data in the rendered DOM", name).isTrue();
      assertThat(m.group(1).split(" L").length).as(name).isGreaterThan(5);
    }
    assertThat(dom).contains("content=\"" + HtmlReport.CSP + "\"").doesNotContainPattern("(?i)https?://");

    // the screenshot is not blank: charts and tables put thousands of non-white pixels on it
    Path png = dir.resolve("report.png");
    chromium(dir, "shot", "--window-size=1100,2400", "--screenshot=" + png, report.toUri().toString());
    BufferedImage image = ImageIO.read(png.toFile());
    long ink = 0;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        int rgb = image.getRGB(x, y) & 0xffffff;
        if (((rgb >> 16) & 0xff) < 230 || ((rgb >> 8) & 0xff) < 230 || (rgb & 0xff) < 230) {
          ink++;
        }
      }
    }
    assertThat(ink).as("non-white pixels of %dx%d", image.getWidth(), image.getHeight())
        .isGreaterThan(image.getWidth() * (long) image.getHeight() / 50);
    Path keep = Path.of("target/report-screenshot.png");
    Files.copy(png, keep, java.nio.file.StandardCopyOption.REPLACE_EXISTING);

    // no request from the page: the net log names none with a page initiator (Chromium's own background requests
    // say "not an origin")
    Path netLog = dir.resolve("net.json");
    chromium(dir, "net", "--log-net-log=" + netLog, "--dump-dom", report.toUri().toString());
    assertThat(pageRequests(netLog)).isEmpty();

    // and the policy is what stops one: a probe image aimed at a local server is fetched from a plain page, not from
    // inside the report
    AtomicInteger hits = new AtomicInteger();
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 4);
    server.createContext("/probe.png", ex -> {
      hits.incrementAndGet();
      ex.sendResponseHeaders(404, -1);
      ex.close();
    });
    server.start();
    try {
      String probe = "<img src=\"http://127.0.0.1:" + server.getAddress().getPort() + "/probe.png\">";
      Path plain = Files.writeString(dir.resolve("plain.html"), "<!DOCTYPE html><html><body>" + probe + "</body></html>");
      chromium(dir, "plain", "--dump-dom", plain.toUri().toString());
      assertThat(hits.get()).as("the probe works: a page without the policy fetches it").isPositive();
      hits.set(0);
      String html = Files.readString(report).replace("<body>", "<body>" + probe);
      Path probed = Files.writeString(dir.resolve("probed.html"), html);
      chromium(dir, "probed", "--dump-dom", probed.toUri().toString());
      assertThat(hits.get()).as("requests from inside the report").isZero();
    } finally {
      server.stop(0);
    }
  }

  /** Runs Chromium headless with the flags that work here and a fresh profile; returns its stdout. */
  static String chromium(Path dir, String name, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--user-data-dir=" + Files.createTempDirectory(dir, "profile-")));
    cmd.addAll(List.of(args));
    Path out = dir.resolve(name + ".out");
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(dir.resolve(name + ".err").toFile())
        .start();
    assertThat(p.waitFor(90, TimeUnit.SECONDS)).as("chromium %s finished", name).isTrue();
    assertThat(p.exitValue()).as("chromium %s: %s", name, Files.readString(dir.resolve(name + ".err"))).isZero();
    return Files.readString(out, StandardCharsets.UTF_8);
  }

  /** http(s) URLs of requests whose initiator is a page (anything but the browser itself). */
  static List<String> pageRequests(Path netLog) throws Exception {
    JsonNode log = new ObjectMapper().readTree(netLog.toFile());
    List<String> out = new ArrayList<>();
    for (JsonNode e : log.path("events")) {
      JsonNode p = e.path("params");
      String url = p.path("url").asText("");
      if (p.has("initiator") && url.matches("(?i)https?://.*") && !p.path("initiator").asText().equals("not an origin")) {
        out.add(url + " from " + p.path("initiator").asText());
      }
    }
    return out;
  }
}
