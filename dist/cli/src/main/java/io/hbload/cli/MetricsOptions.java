package io.hbload.cli;

import io.hbload.cli.contract.Requires;
import io.hbload.observe.MetricsSession;
import io.hbload.observe.MetricsTarget;
import io.hbload.observe.RunTags;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/**
 * {@code --metrics}, {@code --metrics-bind}, {@code --metrics-linger}: live metrics for any command
 * that runs load. A mixin, so a command plugs it in with one line ({@code @Mixin MetricsOptions
 * metrics = new MetricsOptions();}) and then opens its session around its work with {@link #open}.
 */
public final class MetricsOptions {
  @Option(
      names = "--metrics",
      paramLabel = "prometheus[:PORT]|pushgateway:URL",
      converter = TargetConverter.class,
      description =
          "Live metrics: serve /metrics for Prometheus (default port "
              + MetricsTarget.DEFAULT_PORT
              + "; 0 picks a free one), or push to a Pushgateway every status interval and at the end")
  MetricsTarget target;

  @Requires("--metrics")
  @Option(
      names = "--metrics-bind",
      paramLabel = "ADDR",
      defaultValue = "127.0.0.1",
      description =
          "Address the /metrics endpoint listens on (default: ${DEFAULT-VALUE}; 0.0.0.0 for every interface)")
  String bind;

  @Requires("--metrics")
  @Option(
      names = "--metrics-linger",
      paramLabel = "DURATION",
      defaultValue = "0s",
      description =
          "Keep serving the final values this long after the command's work ends, so that a scrape "
              + "after a short run still sees them (e.g. 2x the scrape interval; default: ${DEFAULT-VALUE})")
  Duration linger;

  /**
   * The session when {@code --metrics} was given; a port that cannot be bound is bad input (exit
   * 2).
   */
  Optional<MetricsSession> open(CommandLine commandLine, RunTags tags, PrintStream messages) {
    if (target == null) {
      return Optional.empty();
    }
    try {
      InetAddress.getByName(bind);
    } catch (UnknownHostException e) {
      throw new CommandLine.ParameterException(
          commandLine, "--metrics-bind: unknown address '" + bind + "'");
    }
    try {
      return Optional.of(new MetricsSession(target, bind, linger, tags, messages));
    } catch (IOException e) {
      throw new CommandLine.ParameterException(
          commandLine,
          "--metrics: cannot serve on " + bind + ":" + target.port() + ": " + e.getMessage());
    }
  }

  /** Parses {@code --metrics}' value; a bad one is a parameter error naming the option. */
  static final class TargetConverter implements ITypeConverter<MetricsTarget> {
    @Override
    public MetricsTarget convert(String value) {
      try {
        return MetricsTarget.parse(value);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }
}
