package io.hbload.core.capacity;

import io.hbload.core.config.ShardSpec;
import io.hbload.core.config.SpecException;
import io.hbload.core.export.ResultFile;
import io.hbload.core.merge.HlogMerge;
import io.hbload.core.result.RunResult;
import io.hbload.core.time.Clock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * The directory through which the N shards of one capacity search ({@code --find-max-exchange})
 * take every decision together. A search is adaptive (the next rate depends on the last step's
 * latency) and each shard sees only its own operations, so after each step every shard publishes
 * its step's interval log (the {@code --hlog} format, written to a temp file and renamed) and a
 * small file of its own figures (slot waits, rate offered and achieved, CPU, when it published),
 * waits until all N shards' files of that step are there, and merges the logs losslessly ({@link
 * HlogMerge}, as {@code hbload merge} does: summed histograms, never averaged percentiles). Every
 * shard then holds the same merged step and applies the same rule to it, so all choose the same
 * next rate without a coordinator. Steps start at agreed wall-clock instants ({@code --start-at}'s
 * mechanism): the first one a gap after the last shard joined, each next one a gap after the last
 * shard published the step before, so the shards' load overlaps.
 *
 * <p>Every wait is bounded: a shard that is missing past its deadline, or that wrote a stop file
 * (it failed or was interrupted), ends the others with a {@link ShardExchangeException} naming it.
 * Files of an earlier search are found, never merged: a shard's own files at the start (bad input),
 * a peer that joined longer ago than any shard waits, a peer's step that started at another
 * instant. Give each search an empty directory.
 *
 * <p>Files, for shard I: {@code join-I.properties}, {@code step-K-I.hlog} and {@code
 * step-K-I.properties} (written last: its presence says the log is complete), {@code
 * stop-I.properties}. Used by one search thread; not thread-safe.
 */
public final class ShardExchange {
  /**
   * How long a shard waits for the others to join, and past a step's planned end for their files.
   */
  public static final Duration DEFAULT_WAIT = Duration.ofMinutes(5);

  /**
   * Between the last shard's file and the next step's start: time for every shard to see the files
   * (polled every {@link #POLL_MILLIS}) and merge them before the instant comes.
   */
  static final long GAP_MILLIS = 1000;

  private static final long POLL_MILLIS = 50;

  private final Path dir;
  private final ShardSpec shard;
  private final Duration wait;

  /** The search's clock: join and publish stamps, deadlines and the polls between them. */
  private final Clock clock;

  /** A shard's own figures for one step, which the merged logs do not hold. */
  record ShardFigures(
      int shard,
      double offeredOpsPerSec,
      double achievedOpsPerSec,
      long slotWaits,
      long operations,
      double cpuLoad,
      long stepStartEpochMillis,
      long publishedEpochMillis) {}

  /**
   * One step of every shard: the merged result, each shard's own figures (by shard index) and when
   * the next step starts.
   */
  record MergedStep(RunResult merged, List<ShardFigures> shards, Instant nextStart) {}

  /**
   * Checks the directory now, before anything runs: bad input ({@link SpecException}, one line)
   * when it is not a writable directory or already holds files of this shard.
   *
   * @param wait how long to wait for the others to join, and past a step's planned end for their
   *     step files
   * @param clock the search's spec's: the waits and polls are on it
   */
  public ShardExchange(Path dir, ShardSpec shard, Duration wait, Clock clock) {
    this.clock = clock;
    if (!shard.sharded()) {
      throw new SpecException("--find-max-exchange: only for a sharded search (--shard I/N)");
    }
    if (!Files.isDirectory(dir)) {
      throw new SpecException("--find-max-exchange: " + dir + " is not a directory");
    }
    if (!Files.isWritable(dir)) {
      throw new SpecException("--find-max-exchange: " + dir + " is not writable");
    }
    this.dir = dir;
    this.shard = shard;
    this.wait = wait;
    List<String> own = ownFiles();
    if (!own.isEmpty()) {
      throw new SpecException(
          "--find-max-exchange: "
              + dir
              + " holds shard "
              + shard
              + "'s files of an earlier search ("
              + own.get(0)
              + "): give each search an empty directory");
    }
  }

  public ShardSpec shard() {
    return shard;
  }

  /** How long a shard waits past the planned time for the others' files. */
  long waitMillis() {
    return wait.toMillis();
  }

  /**
   * Announces this shard with {@code fingerprint} (what every shard must search alike), waits until
   * all N have joined, and returns when the first step starts. Null when {@code stop} said so while
   * waiting.
   */
  Instant join(String fingerprint, BooleanSupplier stop) {
    long joined = clock.epochMillis();
    Map<String, String> p = new TreeMap<>();
    p.put("joinedEpochMillis", Long.toString(joined));
    p.put("fingerprint", fingerprint);
    write("join-" + shard.index() + ".properties", p);
    long deadline = joined + wait.toMillis();
    Map<Integer, Map<String, String>> all =
        awaitAll("join-", ".properties", deadline, stop, "join");
    if (all == null) {
      return null;
    }
    long last = joined;
    for (Map.Entry<Integer, Map<String, String>> e : all.entrySet()) {
      Map<String, String> peer = e.getValue();
      String peerName = "shard " + e.getKey() + "/" + shard.count();
      long at = number(peer, "joinedEpochMillis", "join-" + e.getKey() + ".properties");
      if (at < joined - wait.toMillis()) {
        // no shard waits that long: a file left by an earlier search
        throw new ShardExchangeException(
            "find-max: "
                + dir
                + ": "
                + peerName
                + " joined at "
                + Instant.ofEpochMilli(at)
                + ", longer ago than any shard waits: a file of an earlier search; give each"
                + " search an empty directory");
      }
      if (!fingerprint.equals(peer.get("fingerprint"))) {
        throw new ShardExchangeException(
            "find-max: "
                + peerName
                + " searches '"
                + peer.get("fingerprint")
                + "', shard "
                + shard
                + " '"
                + fingerprint
                + "': every shard must be given the same bound and search settings");
      }
      last = Math.max(last, at);
    }
    return Instant.ofEpochMilli(last + GAP_MILLIS);
  }

  /** Where this shard writes step {@code step}'s interval log. */
  Path stepLog(int step) {
    return dir.resolve("step-" + step + "-" + shard.index() + ".hlog");
  }

  /** Publishes this shard's figures of a step whose log is published: the step is complete. */
  void publish(int step, ShardFigures figures) {
    Map<String, String> p = new TreeMap<>();
    p.put("offeredOpsPerSec", Double.toString(figures.offeredOpsPerSec()));
    p.put("achievedOpsPerSec", Double.toString(figures.achievedOpsPerSec()));
    p.put("slotWaits", Long.toString(figures.slotWaits()));
    p.put("operations", Long.toString(figures.operations()));
    p.put("cpuLoad", Double.toString(figures.cpuLoad()));
    p.put("stepStartEpochMillis", Long.toString(figures.stepStartEpochMillis()));
    p.put("publishedEpochMillis", Long.toString(clock.epochMillis()));
    write("step-" + step + "-" + shard.index() + ".properties", p);
  }

  /**
   * Waits (until {@code deadline}, epoch ms) for every shard's files of {@code step}, checks they
   * are of the step that started at {@code start}, and merges them. Null when {@code stop} said so
   * while waiting.
   */
  MergedStep gather(int step, Instant start, long deadline, BooleanSupplier stop) {
    Map<Integer, Map<String, String>> done =
        awaitAll("step-" + step + "-", ".properties", deadline, stop, "step " + step);
    if (done == null) {
      return null;
    }
    List<ShardFigures> figures = new ArrayList<>();
    List<Path> logs = new ArrayList<>();
    long lastPublished = 0;
    for (Map.Entry<Integer, Map<String, String>> e : done.entrySet()) {
      Map<String, String> p = e.getValue();
      String file = "step-" + step + "-" + e.getKey();
      String props = file + ".properties";
      ShardFigures f =
          new ShardFigures(
              e.getKey(),
              rate(p, "offeredOpsPerSec", props),
              rate(p, "achievedOpsPerSec", props),
              number(p, "slotWaits", props),
              number(p, "operations", props),
              cpuLoad(p, props),
              number(p, "stepStartEpochMillis", props),
              number(p, "publishedEpochMillis", props));
      if (f.stepStartEpochMillis() != start.toEpochMilli()) {
        throw new ShardExchangeException(
            "find-max: "
                + dir
                + ": shard "
                + e.getKey()
                + "/"
                + shard.count()
                + "'s step "
                + step
                + " started at "
                + Instant.ofEpochMilli(f.stepStartEpochMillis())
                + ", this shard's at "
                + start
                + ": a file of an earlier search; give each search an empty directory");
      }
      figures.add(f);
      logs.add(dir.resolve(file + ".hlog"));
      lastPublished = Math.max(lastPublished, f.publishedEpochMillis());
    }
    RunResult merged = HlogMerge.merge(logs).result();
    return new MergedStep(merged, figures, Instant.ofEpochMilli(lastPublished + GAP_MILLIS));
  }

  /**
   * Tells the other shards this one stopped ({@code reason}), so that they end now instead of at
   * their deadline. Best effort: a directory that cannot be written leaves them their deadline.
   */
  void stop(String reason) {
    Map<String, String> p = new TreeMap<>();
    p.put("reason", reason);
    try {
      write("stop-" + shard.index() + ".properties", p);
    } catch (RuntimeException e) {
      // the others then stop at their deadline
    }
  }

  /**
   * Each shard's file named {@code prefix + I + suffix}, once all N are there (by shard index);
   * null when {@code stop} said so first. A peer's stop file, or the deadline, ends the wait with a
   * {@link ShardExchangeException}.
   */
  private Map<Integer, Map<String, String>> awaitAll(
      String prefix, String suffix, long deadline, BooleanSupplier stop, String what) {
    TreeMap<Integer, Map<String, String>> found = new TreeMap<>();
    while (true) {
      for (int i = 0; i < shard.count(); i++) {
        if (!found.containsKey(i)) {
          Map<String, String> p = read(dir.resolve(prefix + i + suffix));
          if (p != null) {
            found.put(i, p);
          }
        }
      }
      if (found.size() == shard.count()) {
        return found;
      }
      for (int i = 0; i < shard.count(); i++) {
        Map<String, String> stopped =
            i == shard.index() ? null : read(dir.resolve("stop-" + i + ".properties"));
        if (stopped != null) {
          throw new ShardExchangeException(
              "find-max: shard "
                  + i
                  + "/"
                  + shard.count()
                  + " stopped: "
                  + stopped.getOrDefault("reason", "no reason given"));
        }
      }
      if (stop.getAsBoolean()) {
        return null;
      }
      long now = clock.epochMillis();
      if (now >= deadline) {
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < shard.count(); i++) {
          if (!found.containsKey(i)) {
            missing.add(i);
          }
        }
        throw new ShardExchangeException(
            "find-max: shard(s) "
                + missing
                + " of "
                + shard.count()
                + " wrote no "
                + what
                + " file in "
                + dir
                + " by "
                + Instant.ofEpochMilli(deadline)
                + " (waited "
                + wait.toSeconds()
                + " s past the planned time): not started, failed or on another directory");
      }
      try {
        clock.sleep(Duration.ofMillis(Math.min(POLL_MILLIS, deadline - now)));
      } catch (InterruptedException e) {
        // the flag stays for the search's caller; the stop supplier says whether to end the wait
        Thread.currentThread().interrupt();
      }
    }
  }

  private List<String> ownFiles() {
    String suffix = "-" + shard.index();
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .map(f -> f.getFileName().toString())
          .filter(n -> n.endsWith(suffix + ".properties") || n.endsWith(suffix + ".hlog"))
          .filter(n -> n.startsWith("join-") || n.startsWith("step-") || n.startsWith("stop-"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new SpecException("--find-max-exchange: cannot list " + dir + ": " + e.getMessage());
    }
  }

  /** A file of the exchange ({@code key=value} lines), or null while it is not there. */
  private static Map<String, String> read(Path file) {
    try {
      Map<String, String> p = new TreeMap<>();
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        int eq = line.indexOf('=');
        if (eq > 0) {
          p.put(line.substring(0, eq), line.substring(eq + 1));
        }
      }
      return p;
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException e) {
      throw new UncheckedIOException("find-max: cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  /** Written to a temp file and renamed: a reader sees the whole file or none. */
  private void write(String name, Map<String, String> p) {
    StringBuilder text = new StringBuilder();
    // one line a key: a value's line breaks (a failure's message) become spaces
    p.forEach((k, v) -> text.append(k).append('=').append(v.replaceAll("\\R", " ")).append('\n'));
    byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
    try (ResultFile file = ResultFile.create(dir.resolve(name))) {
      file.write(out -> out.write(bytes));
    } catch (IOException e) {
      throw new UncheckedIOException("find-max: " + e.getMessage(), e);
    }
  }

  // The numbers of a peer's file. Its files are the peers' output, read while the search runs, so
  // a damaged one (a torn copy, another tool's file) ends the search as a failure (exit 1) naming
  // the file and the field, never as a NumberFormatException or a NaN that steers the next step.

  /** A count or an instant: a whole number, at least 0. */
  private long number(Map<String, String> p, String key, String file) {
    String text = p.get(key);
    try {
      long v = Long.parseLong(text == null ? "" : text.strip());
      if (v >= 0) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below, as a value out of range is
    }
    throw damaged(file, key, text, "a whole number, at least 0");
  }

  /** A rate in ops/s: a finite number, at least 0. */
  private double rate(Map<String, String> p, String key, String file) {
    double v = decimal(p.get(key));
    if (v >= 0) {
      return v;
    }
    throw damaged(file, key, p.get(key), "a finite number, at least 0");
  }

  /** The step's CPU load: a fraction, at least 0, or -1 where the peer's JVM could not tell. */
  private double cpuLoad(Map<String, String> p, String file) {
    double v = decimal(p.get("cpuLoad"));
    if (v >= 0 || v == -1) {
      return v;
    }
    throw damaged(file, "cpuLoad", p.get("cpuLoad"), "a finite number, at least 0, or -1");
  }

  /** The number in {@code text}; NaN (which no check passes) for none, text or infinity. */
  private static double decimal(String text) {
    try {
      double v = Double.parseDouble(text == null ? "" : text.strip());
      return Double.isFinite(v) ? v : Double.NaN;
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  private ShardExchangeException damaged(String file, String key, String text, String expected) {
    return new ShardExchangeException(
        "find-max: "
            + dir.resolve(file)
            + ": "
            + key
            + (text == null ? " is missing" : " '" + text + "' is not " + expected)
            + " (a damaged file, or not one of this search)");
  }
}
