package io.hbload.core.export;

import io.hbload.core.config.SpecException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The result files of one command, each created as its {@link ResultFile} (a private temp file
 * beside its name) when the command starts, before any work: a read-only directory, a file system
 * that refuses new files or one already full is found then, as bad input, rather than after a long
 * run whose results it would lose. Written at the end by name; {@link #close} removes the temp file
 * of every output that was not written (a failed or interrupted command leaves nothing under the
 * final names). Every command that writes result files holds them through this, so the rules live
 * in one place.
 *
 * <p>Not thread-safe: the command's thread creates, writes and closes it.
 */
public final class ResultOutputs implements AutoCloseable {
  private final Map<Path, ResultFile> files;

  private ResultOutputs(Map<Path, ResultFile> files) {
    this.files = files;
  }

  /**
   * Creates the temp file of every target now (null targets are skipped: an option not given).
   *
   * @throws SpecException naming the file and the cause when one cannot be created; none of the
   *     others is left behind
   */
  public static ResultOutputs reserve(Path... targets) {
    Map<Path, ResultFile> files = new LinkedHashMap<>();
    ResultOutputs outputs = new ResultOutputs(files);
    try {
      for (Path target : targets) {
        if (target != null && !files.containsKey(target)) {
          files.put(target, ResultFile.create(target));
        }
      }
    } catch (IOException e) {
      outputs.close();
      throw new SpecException(e.getMessage());
    }
    return outputs;
  }

  /** True when {@code target} was reserved and not yet written. */
  public boolean holds(Path target) {
    return target != null && files.containsKey(target);
  }

  /**
   * Writes the whole content of {@code target} and publishes it (see {@link ResultFile#write});
   * IOException naming the file and the cause, and then nothing under its name.
   */
  public void write(Path target, ResultFiles.Writer writer) throws IOException {
    try (ResultFile file = take(target)) {
      file.write(writer);
    }
  }

  /**
   * Appends to {@code target} (a log that grows run after run, as TestDFSIO's): what it holds now,
   * when the run has ended (not when it was reserved: another run may have appended since), then
   * {@code writer}'s records, into the temp file that replaces it only when complete, so a failed
   * write leaves the log as it was, never half a record.
   */
  public void append(Path target, ResultFiles.Writer writer) throws IOException {
    write(
        target,
        out -> {
          if (Files.isRegularFile(target)) {
            Files.copy(target, out);
          }
          writer.write(out);
        });
  }

  private ResultFile take(Path target) {
    ResultFile file = files.remove(target);
    if (file == null) {
      throw new IllegalStateException(target + " was not reserved, or is written already");
    }
    return file;
  }

  /** Removes the temp file of every output not written. */
  @Override
  public void close() {
    for (ResultFile file : files.values()) {
      try {
        file.close();
      } catch (IOException ignored) {
        // an unwritten output's temp file; what matters is the command's own outcome
      }
    }
    files.clear();
  }
}
