package io.hbload.core.suite;

import io.hbload.core.config.SpecException;
import io.hbload.core.export.ResultFiles;
import io.hbload.core.read.TextFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A suite directory's state, {@code suite.manifest}: the plan it runs (a one-line description that
 * a resumed suite must match) and each step that finished, with what its files do not hold (the
 * block-cache counts). Text, one record a line, rewritten whole (through a temp file) after every
 * step, so an interrupted suite leaves a valid one:
 *
 * <pre>
 * hbload-suite 1
 * plan workloads=a,c rounds=3 discard=1 duration=10s ...
 * done load
 * done 2 c cache 90 10 90 10 0 0      (round, workload, block-cache counts or "cache -")
 * </pre>
 *
 * Not thread-safe: the suite's controller thread owns it.
 */
public final class SuiteManifest {
  public static final String FILE = "suite.manifest";
  private static final String MAGIC = "hbload-suite 1";

  /** The block-cache counts of a {@code done} line, in order: {@link CacheCounts}' components. */
  private static final List<String> CACHE_FIELDS =
      List.of("hits", "misses", "l1Hits", "l1Misses", "l2Hits", "l2Misses");

  private final Path file;
  private final String plan;
  private boolean loaded;
  private final Map<String, CacheCounts> runs = new LinkedHashMap<>();

  private SuiteManifest(Path dir, String plan) {
    this.file = dir.resolve(FILE);
    this.plan = plan;
  }

  /** A new suite's manifest in {@code dir}, written at once. */
  public static SuiteManifest create(Path dir, String plan) throws IOException {
    SuiteManifest m = new SuiteManifest(dir, plan);
    m.save();
    return m;
  }

  /** Whether {@code dir} holds a suite. */
  public static boolean isSuite(Path dir) {
    return Files.isRegularFile(dir.resolve(FILE));
  }

  /**
   * Reads a suite's manifest whatever its plan (to read its results, as compare does); a foreign
   * one is bad input.
   */
  public static SuiteManifest read(Path dir) {
    return read(dir, null);
  }

  /**
   * Reads a suite's manifest; a missing or foreign one, or a plan other than {@code expectedPlan},
   * is bad input.
   */
  public static SuiteManifest read(Path dir, String expectedPlan) {
    Path f = dir.resolve(FILE);
    if (!Files.isRegularFile(f)) {
      throw new SpecException(
          dir + " is not a suite directory (cannot read " + FILE + ": no such file)");
    }
    // streamed and bounded: a manifest is a line a finished step, a damaged or foreign file must
    // not take the JVM
    List<String> lines = new ArrayList<>();
    TextFile.forEachLine(
        f,
        4096,
        (n, line) -> {
          if (n > 1_000_000) {
            throw TextFile.bad(f, n, "more lines than a suite writes");
          }
          lines.add(line);
        });
    if (lines.isEmpty()
        || !lines.get(0).equals(MAGIC)
        || lines.size() < 2
        || !lines.get(1).startsWith("plan ")) {
      throw new SpecException(f + " is not an hbload suite manifest");
    }
    String plan = lines.get(1).substring("plan ".length());
    if (expectedPlan != null && !plan.equals(expectedPlan)) {
      throw new SpecException(
          dir
              + " holds another suite ("
              + plan
              + "); resume it with the options it was started"
              + " with");
    }
    SuiteManifest m = new SuiteManifest(dir, plan);
    for (int i = 2; i < lines.size(); i++) {
      String line = lines.get(i);
      String where = f + " line " + (i + 1);
      String[] f2 = line.trim().split("\\s+");
      if (f2.length == 2 && f2[0].equals("done") && f2[1].equals("load")) {
        m.loaded = true;
      } else if (f2.length >= 5 && f2[0].equals("done") && f2[3].equals("cache")) {
        CacheCounts cache = null;
        if (f2.length == 4 + CACHE_FIELDS.size()) {
          long[] c = new long[CACHE_FIELDS.size()];
          for (int k = 0; k < c.length; k++) {
            c[k] = count(where, "block-cache count " + CACHE_FIELDS.get(k), f2[4 + k], 0);
          }
          cache = new CacheCounts(c[0], c[1], c[2], c[3], c[4], c[5]);
        } else if (!(f2.length == 5 && f2[4].equals("-"))) {
          throw new SpecException(where + ": unreadable line '" + line + "'");
        }
        long round = count(where, "round", f2[1], 1);
        if (round > Integer.MAX_VALUE) { // no suite has that many rounds
          throw new SpecException(where + ": round '" + f2[1] + "' is out of range");
        }
        m.runs.put(key((int) round, f2[2]), cache);
      } else if (!line.isBlank()) {
        throw new SpecException(where + ": unreadable line '" + line + "'");
      }
    }
    return m;
  }

  /**
   * A whole number of a {@code done} line, at least {@code min}: anything else (text, a sign, NaN,
   * a number past a long) is a damaged manifest, named by its line and field.
   */
  private static long count(String where, String field, String text, long min) {
    long v;
    try {
      v = Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new SpecException(
          where + ": " + field + " '" + text + "' is not a whole number (from " + min + ")");
    }
    if (v < min) {
      throw new SpecException(where + ": " + field + " '" + text + "' is below " + min);
    }
    return v;
  }

  private static String key(int round, String workload) {
    return round + " " + workload;
  }

  /** The plan line the suite was started with ({@code workloads=a,c rounds=3 discard=1 ...}). */
  public String plan() {
    return plan;
  }

  public boolean loaded() {
    return loaded;
  }

  /**
   * Whether the manifest lists this run as finished (its files may still have been removed since).
   */
  public boolean done(int round, String workload) {
    return runs.containsKey(key(round, workload));
  }

  /** The finished run's block-cache counts, null when it had none. */
  public CacheCounts cache(int round, String workload) {
    return runs.get(key(round, workload));
  }

  public void markLoaded() throws IOException {
    loaded = true;
    save();
  }

  public void markDone(int round, String workload, CacheCounts cache) throws IOException {
    runs.put(key(round, workload), cache);
    save();
  }

  /** Forgets a run whose files are gone, so that it is run again. */
  public void forget(int round, String workload) throws IOException {
    if (runs.containsKey(key(round, workload))) {
      runs.remove(key(round, workload));
      save();
    }
  }

  private void save() throws IOException {
    StringBuilder sb =
        new StringBuilder(MAGIC).append('\n').append("plan ").append(plan).append('\n');
    if (loaded) {
      sb.append("done load\n");
    }
    runs.forEach(
        (k, c) -> {
          sb.append("done ").append(k).append(" cache");
          if (c == null) {
            sb.append(" -");
          } else {
            for (long v :
                new long[] {
                  c.hits(), c.misses(), c.l1Hits(), c.l1Misses(), c.l2Hits(), c.l2Misses()
                }) {
              sb.append(' ').append(v);
            }
          }
          sb.append('\n');
        });
    byte[] bytes = sb.toString().getBytes(StandardCharsets.UTF_8);
    ResultFiles.write(file, out -> out.write(bytes));
  }

  /** Runs listed as finished, as {@code round workload} keys, in the order they finished. */
  public List<String> finished() {
    return new ArrayList<>(runs.keySet());
  }
}
