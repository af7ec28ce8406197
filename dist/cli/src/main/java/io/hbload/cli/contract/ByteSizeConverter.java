package io.hbload.cli.contract;

import io.hbload.hdfs.config.Sizes;
import picocli.CommandLine;

/**
 * Byte sizes with binary units ({@code 4096}, {@code 64k}, {@code 1.5m}, {@code 32g}) for {@code
 * long} options: {@code @Option(names = "--size", converter = ByteSizeConverter.class) long
 * sizeBytes}. Parsing is hdfs-io's {@link Sizes}, the one size grammar of the CLI.
 */
public final class ByteSizeConverter implements CommandLine.ITypeConverter<Long> {
  @Override
  public Long convert(String value) {
    try {
      return Sizes.parse(value);
    } catch (RuntimeException e) {
      throw new CommandLine.TypeConversionException(
          "'" + value + "' is not a size (use e.g. 4096, 64k, 1m, 32g)");
    }
  }
}
