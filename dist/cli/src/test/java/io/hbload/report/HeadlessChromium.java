package io.hbload.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;

/**
 * Debian's Chromium, run headless on a page hbload wrote, for the ITs that check what a user
 * opening that page would see: the DOM after load, a screenshot, and the requests the page made.
 * Each run is one Chromium process with a fresh profile in the test's directory, its stdout and
 * stderr kept there as {@code NAME.out} and {@code NAME.err}; a run that does not end in 90 s is
 * killed and fails the test. Not thread-safe: one test drives it.
 */
final class HeadlessChromium {
  private static final Path BINARY = Path.of("/usr/bin/chromium");
  private final Path dir;

  private HeadlessChromium(Path dir) {
    this.dir = dir;
  }

  /**
   * Chromium working in {@code dir}; skips the calling test (a JUnit assumption) where it is not
   * installed.
   */
  static HeadlessChromium orSkip(Path dir) {
    assumeTrue(
        Files.isExecutable(BINARY),
        "Debian's chromium package is not installed (.ci/run installs it)");
    return new HeadlessChromium(dir);
  }

  /** The page's DOM after load (scripts run), as {@code --dump-dom} prints it. */
  String dom(String name, Path page) throws Exception {
    return run(name, "--dump-dom", page.toUri().toString());
  }

  /**
   * A screenshot of the page in a window of the given size, written to {@code NAME.png}; returns
   * its path.
   */
  Path screenshot(String name, int width, int height, Path page) throws Exception {
    Path png = dir.resolve(name + ".png");
    run(
        name,
        "--window-size=" + width + "," + height,
        "--screenshot=" + png,
        page.toUri().toString());
    return png;
  }

  /**
   * http(s) URLs the page requested while loading, from Chromium's own net log ({@code NAME.json}):
   * requests whose initiator is a page (Chromium's background requests say "not an origin"), each
   * with that initiator.
   */
  List<String> pageRequests(String name, Path page) throws Exception {
    Path netLog = dir.resolve(name + ".json");
    run(name, "--log-net-log=" + netLog, "--dump-dom", page.toUri().toString());
    JsonNode log = new ObjectMapper().readTree(netLog.toFile());
    List<String> out = new ArrayList<>();
    for (JsonNode e : log.path("events")) {
      JsonNode p = e.path("params");
      String url = p.path("url").asText("");
      if (p.has("initiator")
          && url.matches("(?i)https?://.*")
          && !p.path("initiator").asText().equals("not an origin")) {
        out.add(url + " from " + p.path("initiator").asText());
      }
    }
    return out;
  }

  /**
   * Asserts the screenshot is not blank: charts and tables put non-white pixels on more than 1/50
   * of it.
   */
  static void assertNotBlank(Path png) throws Exception {
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
    assertThat(ink)
        .as("non-white pixels of %dx%d", image.getWidth(), image.getHeight())
        .isGreaterThan(image.getWidth() * (long) image.getHeight() / 50);
  }

  /**
   * Runs Chromium headless with the flags that work here (no sandbox as root, no GPU, no QUIC);
   * returns stdout.
   */
  private String run(String name, String... args) throws Exception {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                BINARY.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + Files.createTempDirectory(dir, "profile-")));
    cmd.addAll(List.of(args));
    Path out = dir.resolve(name + ".out");
    Path err = dir.resolve(name + ".err");
    Process p =
        new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    try {
      assertThat(p.waitFor(90, TimeUnit.SECONDS)).as("chromium %s finished", name).isTrue();
    } finally {
      // a hung browser (and its renderer children) must not outlive the test
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
    assertThat(p.exitValue()).as("chromium %s: %s", name, Files.readString(err)).isZero();
    return Files.readString(out, StandardCharsets.UTF_8);
  }
}
