package io.hbload.cli;

import io.hbload.cli.contract.BadInput;
import io.hbload.gc.JdkRelease;
import io.hbload.gc.format.OutputFormat;
import java.util.Arrays;
import java.util.Iterator;
import picocli.CommandLine.ITypeConverter;

/**
 * Picocli converters onto gc-tuner's own parsers, so that {@code --jdk 9} or {@code --format yaml}
 * is a parameter error like any other ({@code Invalid value for option '--format': ...}) while the
 * grammar stays in gc-tuner.
 */
final class GcTuneConverters {
  private GcTuneConverters() {}

  /** {@code --jdk}: one of the verified releases. */
  static final class Jdk implements ITypeConverter<JdkRelease> {
    @Override
    public JdkRelease convert(String value) {
      return BadInput.converted(() -> JdkRelease.parse(value));
    }
  }

  /**
   * {@code --format}: by the names users type ({@code hbase-env}), not the enum constants ({@code
   * HBASE_ENV}).
   */
  static final class Format implements ITypeConverter<OutputFormat> {
    @Override
    public OutputFormat convert(String value) {
      return BadInput.converted(() -> OutputFormat.fromCliName(value));
    }
  }

  /**
   * Completion candidates for {@code --format}; picocli would otherwise offer the enum constants,
   * which fail.
   */
  static final class FormatNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(OutputFormat.values()).map(OutputFormat::cliName).iterator();
    }
  }
}
