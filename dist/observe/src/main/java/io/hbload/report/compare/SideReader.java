package io.hbload.report.compare;

import com.fasterxml.jackson.databind.JsonNode;
import io.hbload.core.config.SpecException;
import io.hbload.core.read.HlogFile;
import io.hbload.core.suite.SuiteManifest;
import io.hbload.report.ResultDocument;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * Reads one side of a comparison from what hbload wrote, every file checked by the readers the
 * report uses (a JSON of another shape, or a log of another run, is bad input naming the file):
 *
 * <ul>
 *   <li>a run's {@code --json}, its {@code --hlog} found from the JSON's {@code hbload.hlog}
 *       property (relative to the JSON's directory, then to the working directory) or beside it
 *       ({@code RUN.hlog} for {@code RUN.json}); a merged sharded run is a run;
 *   <li>a suite's {@code --out} directory: the rounds its manifest lists as done, but the discarded
 *       warm-up rounds, one group per workload;
 *   <li>a dfsio {@code --json}: one group per pass (its phase; and its storage policy where a
 *       result holds several passes of one phase).
 * </ul>
 *
 * Several inputs on a side are its rounds. Stateless.
 */
public final class SideReader {
  /** The group of a side made of runs' JSON files. */
  public static final String RUN_GROUP = "run";

  private static final Pattern DISCARD = Pattern.compile("(?:^| )discard=(\\d+)(?: |$)");

  private SideReader() {}

  /** Reads a side from its inputs (one or more files or suite directories, all of one kind). */
  public static Side read(String label, List<Path> inputs) throws IOException {
    if (inputs.isEmpty()) {
      throw new SpecException(label + ": no input");
    }
    Map<String, List<Round>> groups = new LinkedHashMap<>();
    List<Path> read = new ArrayList<>();
    Side.Kind kind = null;
    for (Path in : inputs) {
      Side.Kind k;
      if (Files.isDirectory(in)) {
        k = Side.Kind.RUN;
        suite(in, groups, read);
      } else {
        JsonNode doc = ResultDocument.readTree(in);
        if (doc != null && doc.isArray()) {
          k = Side.Kind.DFSIO;
          dfsio(in, doc, groups);
          read.add(in);
        } else {
          k = Side.Kind.RUN;
          groups
              .computeIfAbsent(RUN_GROUP, g -> new ArrayList<>())
              .add(run(in, in.getFileName().toString(), read));
        }
      }
      if (kind != null && kind != k) {
        throw new SpecException(
            label
                + ": "
                + in
                + " is a "
                + name(k)
                + " result, the side's other inputs "
                + name(kind)
                + " results");
      }
      kind = k;
    }
    return new Side(label, kind, groups, read);
  }

  private static String name(Side.Kind kind) {
    return kind == Side.Kind.DFSIO ? "dfsio" : "load/run";
  }

  /** A run's JSON and its log, checked to be of the same run. */
  static Round run(Path json, String label, List<Path> read) throws IOException {
    JsonNode doc = ResultDocument.read(json);
    Path hlog = hlogOf(json, doc);
    HlogFile log = HlogFile.read(hlog, true);
    ResultDocument.sameRun(json, doc, log);
    Map<String, List<Histogram>> intervals = new TreeMap<>();
    log.forEachInterval(
        i -> {
          if (!HlogFile.warmup(i.tag())) {
            intervals.computeIfAbsent(i.tag(), t -> new ArrayList<>()).add(i.histogram());
          }
        });
    if (intervals.isEmpty()) {
      throw new SpecException(
          hlog + ": no measured interval histograms (a run that measured nothing)");
    }
    read.add(json);
    read.add(hlog);
    return new Round(label, doc, intervals);
  }

  private static Path hlogOf(Path json, JsonNode doc) {
    List<Path> candidates = new ArrayList<>();
    String named = doc.path("properties").path("hbload.hlog").asText("");
    if (!named.isEmpty()) {
      Path p = Path.of(named);
      Path dir = json.toAbsolutePath().getParent();
      if (!p.isAbsolute() && dir != null) {
        candidates.add(dir.resolve(p.getFileName()));
        candidates.add(dir.resolve(p));
      }
      candidates.add(p);
    }
    String file = json.getFileName().toString();
    String stem = file.endsWith(".json") ? file.substring(0, file.length() - 5) : file;
    candidates.add(json.resolveSibling(stem + ".hlog"));
    for (Path c : candidates) {
      if (Files.isRegularFile(c)) {
        return c;
      }
    }
    throw new SpecException(
        json
            + ": its interval log is not found (looked for "
            + candidates.get(0)
            + (candidates.size() > 1 ? " and " + candidates.get(candidates.size() - 1) : "")
            + "); compare needs the"
            + " run's --hlog beside its --json");
  }

  /** A suite's kept rounds: done in its manifest and past the discarded warm-up rounds. */
  private static void suite(Path dir, Map<String, List<Round>> groups, List<Path> read)
      throws IOException {
    SuiteManifest manifest = SuiteManifest.read(dir);
    Matcher m = DISCARD.matcher(manifest.plan());
    if (!m.find()) {
      throw new SpecException(dir.resolve(SuiteManifest.FILE) + ": its plan has no discard=N");
    }
    int discard = Integer.parseInt(m.group(1));
    Map<String, TreeMap<Integer, Round>> rounds = new LinkedHashMap<>();
    for (String done : manifest.finished()) {
      String[] f = done.split(" ", 2);
      int round = Integer.parseInt(f[0]);
      if (round <= discard) {
        continue;
      }
      String step = "round" + round + "-" + f[1];
      Round r = run(dir.resolve(step + ".json"), dir.getFileName() + "/" + step, read);
      rounds.computeIfAbsent(f[1], w -> new TreeMap<>()).put(round, r);
    }
    if (rounds.isEmpty()) {
      throw new SpecException(
          dir + ": the suite has no kept round yet (" + discard + " discarded)");
    }
    read.add(dir.resolve(SuiteManifest.FILE));
    rounds.forEach(
        (w, byRound) -> groups.computeIfAbsent(w, g -> new ArrayList<>()).addAll(byRound.values()));
  }

  /** A dfsio result: an array of passes, each checked for the figures compare reads. */
  private static void dfsio(Path file, JsonNode doc, Map<String, List<Round>> groups) {
    if (doc.isEmpty()) {
      throw new SpecException(file + ": a dfsio result with no pass");
    }
    int i = 0;
    for (JsonNode pass : doc) {
      i++;
      for (String text : new String[] {"phase", "policy", "start"}) {
        if (!pass.path(text).isTextual()) {
          throw notDfsio(file, text);
        }
      }
      for (String count : new String[] {"files", "bytes", "wallNanos"}) {
        if (!pass.path(count).canConvertToLong()
            || !pass.path(count).isIntegralNumber()
            || pass.path(count).asLong() < 0) {
          throw notDfsio(file, count);
        }
      }
      for (String rate : new String[] {"throughputMiBps", "avgIoRateMiBps", "aggregateMiBps"}) {
        if (!pass.path(rate).isNumber()
            || !Double.isFinite(pass.path(rate).asDouble())
            || pass.path(rate).asDouble() < 0) {
          throw notDfsio(file, rate);
        }
      }
      // by phase, so that replication and erasure coding compare; by policy too where one result
      // holds both
      String phase = pass.path("phase").asText();
      long samePhase =
          java.util.stream.StreamSupport.stream(doc.spliterator(), false)
              .filter(p -> p.path("phase").asText().equals(phase))
              .count();
      String group = samePhase > 1 ? phase + " " + pass.path("policy").asText() : phase;
      groups
          .computeIfAbsent(group, g -> new ArrayList<>())
          .add(new Round(file.getFileName() + "#" + i, pass, Map.of()));
    }
  }

  private static SpecException notDfsio(Path file, String field) {
    return new SpecException(
        file
            + ": not an hbload JSON result (run or dfsio): '"
            + field
            + "' is missing or not a figure");
  }
}
