package io.hbload.hbase.embedded;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * A JVM of its own for an embedded cluster, started with the user's flags (seed 001: the same suite
 * against a RegionServer with default and with tuned G1). The child runs the same program ({@code
 * mainClass}, this JVM's class path) with the given arguments, so the cluster is still started by
 * the one owner of embedded start-up; this class only launches, relays and stops.
 *
 * <p>The child's standard output and error are relayed line by line, once its program has started:
 * until then they are held, so that a JVM that dies of its flags at once (a heap too small to load
 * the program) is reported as its reason in one line ({@link #awaitStart()}), not as its traces.
 * Its standard input is a pipe it is told to watch ({@link #exitWhenStdinCloses()}): when this JVM
 * dies, even by SIGKILL, the pipe closes and the child shuts down, removing its data, instead of
 * living on as an orphan. At this JVM's exit (Ctrl-C) a shutdown hook stops the child with SIGTERM
 * and waits for its own shutdown hooks to remove its files.
 *
 * <p>Thread-safe: {@link #close()} may race with the shutdown hook; both end in the same state.
 */
public final class ClusterJvm implements AutoCloseable {
  /**
   * What HBase needs on JDK 17 and that {@code hbload.jar} gets from its manifest's {@code
   * Add-Opens}, which applies only to {@code java -jar}; the child is started with {@code -cp}.
   */
  static final List<String> JDK17_OPENS =
      List.of(
          "--add-opens=java.base/java.lang=ALL-UNNAMED",
          "--add-opens=java.base/java.nio=ALL-UNNAMED",
          "--add-opens=java.base/java.util=ALL-UNNAMED");

  /** Launcher options that take their value as the next word. */
  private static final Set<String> TAKES_NEXT_WORD =
      Set.of(
          "--add-opens",
          "--add-exports",
          "--add-reads",
          "--add-modules",
          "--patch-module",
          "--limit-modules",
          "--enable-native-access");

  /** Launcher options that would replace what the child runs. */
  private static final Set<String> REFUSED =
      Set.of(
          "-jar",
          "-cp",
          "-classpath",
          "--class-path",
          "-m",
          "--module",
          "-p",
          "--module-path",
          "-version",
          "--version",
          "-help",
          "--help",
          "-?");

  /** System properties of this JVM that say where the child may write; passed on. */
  private static final List<String> INHERITED_PROPERTIES =
      List.of("java.io.tmpdir", "test.build.data.basedirectory");

  /** How long the child gets to shut its cluster down and remove its files. */
  private static final long STOP_SECONDS = 60;

  private static final long CHECK_SECONDS = 60;

  /** Lines of a child that has not started its program yet, kept for its reason: the first ones. */
  private static final int MAX_HELD_LINES = 1000;

  /**
   * What frames a JVM's reason rather than giving it: its start-up error preamble, the launcher's
   * sign-off, and stack frames.
   */
  private static final Pattern NOT_A_REASON =
      Pattern.compile(
          "Error occurred during initialization of VM|.*Could not create the Java Virtual Machine.*"
              + "|Error: A fatal exception has occurred.*|at .*|\\.\\.\\. \\d+ more");

  /** Unified logging's decorations ({@code [0.001s][error][logging] }), before a logged reason. */
  private static final Pattern DECORATIONS = Pattern.compile("^(\\[[^\\]]*\\])+\\s*");

  /** What the JVM puts before an uncaught exception: the exception names the reason. */
  private static final Pattern UNCAUGHT =
      Pattern.compile("^(Exception in thread \"[^\"]*\"|Exception:)\\s*");

  private final Process process;
  private final List<String> options;
  private final Thread hook;
  private final List<Thread> relays;
  private final StartGate gate;

  private ClusterJvm(Process process, List<String> options, List<Thread> relays, StartGate gate) {
    this.process = process;
    this.options = options;
    this.relays = relays;
    this.gate = gate;
    this.hook = new Thread(this::stop, "hbload-cluster-jvm-stop");
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /**
   * The flags in {@code text}, split at white space (as the shell would split an unquoted {@code
   * $(hbload gc-tune)}; quoting inside is not supported).
   *
   * @throws IllegalArgumentException a word that is not a JVM option, or one that would change what
   *     the child runs ({@code -jar}, {@code -cp}, ...); the message is one line
   */
  public static List<String> parseOptions(String text) {
    if (text.isBlank()) {
      throw new IllegalArgumentException("no JVM options given");
    }
    List<String> words = List.of(text.strip().split("\\s+"));
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      if (REFUSED.contains(w)) {
        throw new IllegalArgumentException(
            w + " is not allowed: the cluster JVM runs hbload's own class path and main class");
      }
      if (TAKES_NEXT_WORD.contains(w) && i + 1 < words.size()) {
        i++; // its value, e.g. java.base/java.io=ALL-UNNAMED
      } else if (!w.startsWith("-")) {
        throw new IllegalArgumentException(
            "'" + w + "' is not a JVM option (each word must start with -)");
      }
    }
    return words;
  }

  /**
   * Starts {@code java <options> -version} with these options and returns why it refused them (its
   * first error line), or null when it started. A second or less; the cluster is not started.
   */
  public static String refusal(List<String> options) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(javaBinary());
    command.addAll(options);
    command.add("-version");
    Path output = Files.createTempFile("hbload-jvm-check-", ".txt");
    try {
      Process p =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .start();
      if (!p.waitFor(CHECK_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return "java with these options did not start in " + CHECK_SECONDS + " s";
      }
      if (p.exitValue() == 0) {
        return null;
      }
      return reason(Files.readAllLines(output, StandardCharsets.ISO_8859_1), p.exitValue());
    } finally {
      Files.deleteIfExists(output);
    }
  }

  /**
   * Why a JVM that printed {@code lines} ended with {@code exit}: the first line that says
   * something ("Too small maximum heap", "Unrecognized VM option 'X'", "java.lang.OutOfMemoryError:
   * Java heap space"), without the preamble and sign-off around it, log decorations, or stack
   * frames.
   */
  static String reason(List<String> lines, int exit) {
    for (String line : lines) {
      String l =
          UNCAUGHT.matcher(DECORATIONS.matcher(line.strip()).replaceFirst("")).replaceFirst("");
      if (!l.isEmpty() && !NOT_A_REASON.matcher(l).matches()) {
        return l;
      }
    }
    return "java exited with " + exit;
  }

  /**
   * Starts {@code mainClass args} in a new JVM with {@code options} (after the ones HBase needs, so
   * the user's win where they overlap), relaying its output lines to {@code out} and {@code err}
   * from its first line that starts with {@code startedPrefix} (the program's own first message,
   * which says it runs) on; lines before it are held until then. The arguments should make the
   * child call {@link #exitWhenStdinCloses()}.
   */
  public static ClusterJvm start(
      List<String> options,
      String mainClass,
      List<String> args,
      String startedPrefix,
      Consumer<String> out,
      Consumer<String> err)
      throws IOException {
    Process p = new ProcessBuilder(command(options, mainClass, args)).start();
    StartGate gate = new StartGate(startedPrefix);
    List<Thread> relays =
        List.of(
            relay(p.getInputStream(), line -> gate.line(out, line), "hbload-cluster-jvm-out"),
            relay(p.getErrorStream(), line -> gate.line(err, line), "hbload-cluster-jvm-err"));
    return new ClusterJvm(p, List.copyOf(options), relays, gate);
  }

  /**
   * Waits until the child's program has started (null) or the child has ended before that: then
   * returns why, from what it printed ({@link #reason}), which was not relayed.
   */
  public String awaitStart() throws InterruptedException {
    while (!gate.started.await(20, TimeUnit.MILLISECONDS)) {
      if (!process.isAlive()) {
        int exit = waitFor(); // every line read, so the gate has seen the program's, if it printed
        return gate.started.getCount() == 0 ? null : reason(gate.held(), exit);
      }
    }
    return null;
  }

  /**
   * The child's output until its program has started: held, then relayed in the order read.
   * Thread-safe: both relay threads pass through it.
   */
  private static final class StartGate {
    private final String startedPrefix;
    private final List<Runnable> held = new ArrayList<>();
    private final List<String> heldLines = new ArrayList<>();
    private final CountDownLatch started = new CountDownLatch(1);

    StartGate(String startedPrefix) {
      this.startedPrefix = startedPrefix;
    }

    synchronized void line(Consumer<String> to, String line) {
      if (started.getCount() > 0 && line.startsWith(startedPrefix)) {
        held.forEach(Runnable::run);
        held.clear();
        heldLines.clear();
        started.countDown();
      }
      if (started.getCount() == 0) {
        to.accept(line);
      } else if (held.size() < MAX_HELD_LINES) {
        held.add(() -> to.accept(line));
        heldLines.add(line);
      }
    }

    synchronized List<String> held() {
      return List.copyOf(heldLines);
    }
  }

  static List<String> command(List<String> options, String mainClass, List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(javaBinary());
    command.addAll(JDK17_OPENS);
    for (String name : INHERITED_PROPERTIES) {
      String value = System.getProperty(name);
      if (value != null) {
        command.add("-D" + name + "=" + value);
      }
    }
    command.addAll(options);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(mainClass);
    command.addAll(args);
    return command;
  }

  private static String javaBinary() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static Thread relay(InputStream in, Consumer<String> to, String name) {
    Thread t =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                  to.accept(line);
                }
              } catch (IOException closed) {
                // the child is gone: nothing more to relay
              }
            },
            name);
    t.setDaemon(true);
    t.start();
    return t;
  }

  /**
   * In the child: exits (running the shutdown hooks that stop the cluster and remove its files)
   * when standard input reaches its end, which is when the parent JVM is gone. Returns at once.
   */
  public static void exitWhenStdinCloses() {
    Thread watch =
        new Thread(
            () -> {
              try {
                while (System.in.read() >= 0) {
                  // the parent writes nothing; only the end of the pipe matters
                }
              } catch (IOException closed) {
                // the same: the parent is gone
              }
              System.exit(1);
            },
            "hbload-parent-watch");
    watch.setDaemon(true);
    watch.start();
  }

  /** The child's process id, for {@code jcmd} and for finding its GC log. */
  public long pid() {
    return process.pid();
  }

  /** The user's flags the child was started with. */
  public List<String> options() {
    return options;
  }

  /**
   * Waits for the child to end and for its last output lines to be relayed; returns its exit code.
   */
  public int waitFor() throws InterruptedException {
    int exit = process.waitFor();
    for (Thread t : relays) {
      t.join(TimeUnit.SECONDS.toMillis(5));
    }
    return exit;
  }

  /** Stops the child (SIGTERM, so its shutdown hooks remove its files) and waits; idempotent. */
  @Override
  public void close() {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException alreadyShuttingDown) {
      // the hook is running or about to: it stops the child
    }
    stop();
  }

  private void stop() {
    if (!process.isAlive()) {
      return;
    }
    process.destroy();
    try {
      if (!process.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
      for (Thread t : relays) {
        t.join(TimeUnit.SECONDS.toMillis(2));
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
