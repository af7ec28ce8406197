package io.hbload.hdfs.report;

import io.hbload.hdfs.config.BadInputException;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Where the runs of one dfsio command go: the report in the chosen format, TestDFSIO's result log
 * appended to a file when asked, and the verdict on the bytes read. Stateless.
 */
public final class DfsioReport {
  /** How the report is printed. */
  public enum Format {
    /** Side-by-side table ({@link TextReport}). */
    TEXT,
    /** One JSON array ({@link JsonReport}). */
    JSON,
    /** TestDFSIO's result-log blocks ({@link DfsioLog}). */
    LOG;

    /**
     * By name, case-insensitive.
     *
     * @throws BadInputException naming the formats
     */
    public static Format parse(String text) {
      for (Format f : values()) {
        if (f.name().equalsIgnoreCase(text.strip())) {
          return f;
        }
      }
      throw new BadInputException("--format must be text, json or log, got '" + text + "'");
    }

    /** The runs in this format. */
    public String render(List<RunResult> runs) {
      return switch (this) {
        case JSON -> JsonReport.render(runs);
        case LOG -> log(runs);
        default -> TextReport.render(runs);
      };
    }

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private DfsioReport() {}

  /**
   * Where the result log goes ({@code --result-log}); the CLI appends through a temp file, never in
   * place.
   */
  @FunctionalInterface
  public interface ResultLog {
    /** Nowhere: no {@code --result-log}. */
    ResultLog NONE = text -> {};

    void append(String text) throws IOException;
  }

  /**
   * Prints the report to {@code out}, appends the result log to {@code resultLog} (TestDFSIO's
   * {@code TestDFSIO_results.log} lines), and checks what was read.
   *
   * @return the one-line reason the run failed (bytes that did not verify), or empty when it did
   *     not
   */
  public static Optional<String> publish(
      List<RunResult> runs, Format format, ResultLog resultLog, PrintWriter out)
      throws IOException {
    out.print(format.render(runs));
    out.flush();
    resultLog.append(log(runs));
    long mismatched = runs.stream().mapToLong(RunResult::mismatchedBytes).sum();
    return mismatched > 0
        ? Optional.of(mismatched + " bytes read did not match what was written")
        : Optional.empty();
  }

  private static String log(List<RunResult> runs) {
    StringBuilder log = new StringBuilder();
    runs.forEach(r -> log.append(DfsioLog.render(r)));
    return log.toString();
  }
}
