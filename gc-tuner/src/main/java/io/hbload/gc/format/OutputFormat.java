package io.hbload.gc.format;

import com.fasterxml.jackson.core.JsonGenerator;
import io.hbload.core.export.Json;
import io.hbload.gc.ByteSize;
import io.hbload.gc.Explanation;
import io.hbload.gc.InvalidInputException;
import io.hbload.gc.TuningInput;
import io.hbload.gc.TuningResult;
import java.io.IOException;
import java.util.Locale;

/**
 * How the options are printed. With {@code explain}, the text formats get the reasoning as {@code
 * #} comment lines (valid in {@code hbase-env.sh} and, on JDK 9+, in a {@code java @argfile}); JSON
 * always carries it. Stateless, thread-safe.
 */
public enum OutputFormat {
  /** One JVM options line (the default). */
  OPTS("opts") {
    @Override
    String body(TuningResult r) {
      return r.optionsLine() + "\n";
    }
  },
  /**
   * An {@code hbase-env.sh} line. The existing value is kept in front, and HBASE_REGIONSERVER_OPTS
   * comes after HBASE_HEAPSIZE's {@code -Xmx} on the command line, so these heap flags win (last
   * occurrence wins).
   */
  HBASE_ENV("hbase-env") {
    @Override
    String body(TuningResult r) {
      return "export HBASE_REGIONSERVER_OPTS=\"$HBASE_REGIONSERVER_OPTS "
          + r.optionsLine()
          + "\"\n";
    }
  },
  /** One option a line, for {@code java @file} (JDK 9+) or a service manager's jvm.options. */
  JVM_OPTIONS("jvm-options") {
    @Override
    String body(TuningResult r) {
      StringBuilder sb = new StringBuilder();
      if (!r.input().jdk().supportsArgFiles()) {
        sb.append(
            "# JDK 8 has no @argfiles: feed these lines to your launcher, not to java @file\n");
      }
      r.optionTexts().forEach(o -> sb.append(o).append('\n'));
      return sb.toString();
    }
  },
  /** Options, inputs, derived numbers, explanations and warnings. */
  JSON("json") {
    @Override
    String body(TuningResult r) {
      return Json.write(Json.Layout.INDENTED, g -> json(g, r)) + "\n";
    }
  };

  private final String cliName;

  OutputFormat(String cliName) {
    this.cliName = cliName;
  }

  /** The name used by {@code --format}. */
  public String cliName() {
    return cliName;
  }

  abstract String body(TuningResult r);

  /** Renders the result; explanations as comments first when asked (JSON always includes them). */
  public String render(TuningResult r, boolean explain) {
    if (this == JSON || !explain) {
      return body(r);
    }
    StringBuilder sb = new StringBuilder();
    for (Explanation e : r.explanations()) {
      sb.append("# ").append(e.rule()).append(": ").append(e.decision()).append('\n');
      sb.append("#   source: ").append(e.source()).append('\n');
    }
    for (String w : r.warnings()) {
      sb.append("# warning: ").append(w).append('\n');
    }
    return sb.append(body(r)).toString();
  }

  /**
   * @throws IllegalArgumentException for a name that is not a format
   */
  public static OutputFormat fromCliName(String name) {
    for (OutputFormat f : values()) {
      if (f.cliName.equals(name.toLowerCase(Locale.ROOT))) {
        return f;
      }
    }
    throw new InvalidInputException(
        "unknown format '" + name + "' (use opts, hbase-env, jvm-options, json)");
  }

  static void json(JsonGenerator g, TuningResult r) throws IOException {
    TuningInput in = r.input();
    g.writeStartObject();
    g.writeNumberField("jdk", in.jdk().feature());
    g.writeStringField("heap", ByteSize.format(in.heapBytes()));
    g.writeNumberField("cpus", in.cpus());
    g.writeArrayFieldStart("options");
    for (String o : r.optionTexts()) {
      g.writeString(o);
    }
    g.writeEndArray();

    g.writeObjectFieldStart("inputs");
    g.writeStringField("heap", ByteSize.format(in.heapBytes()));
    g.writeNumberField("heapBytes", in.heapBytes());
    g.writeNumberField("cpus", in.cpus());
    g.writeNumberField("pauseMillis", in.pauseMillis());
    g.writeNumberField("jdk", in.jdk().feature());
    Json.finiteOrNull(g, "evacuationRateGBps", in.evacuationRateGibPerSec());
    g.writeStringField("evacuationRateSource", in.evacuationRateSource());
    g.writeNumberField("bucketCacheBytes", in.bucketCacheBytes());
    g.writeStringField("gcLogFile", in.gcLogFile());
    g.writeNumberField("machineMemoryBytes", in.machineMemoryBytes());
    g.writeEndObject();

    TuningResult.Derived d = r.derived();
    g.writeObjectFieldStart("derived");
    g.writeNumberField("parallelGCThreads", d.parallelGcThreads());
    g.writeNumberField("concGCThreads", d.concGcThreads());
    g.writeNumberField("g1NewSizePercent", d.g1NewSizePercent());
    g.writeStringField("edenTarget", ByteSize.format(d.edenTargetBytes()));
    g.writeStringField("regionSize", ByteSize.format(d.regionSizeBytes()));
    g.writeStringField(
        "maxDirectMemorySize",
        d.maxDirectMemoryBytes() == 0 ? null : ByteSize.format(d.maxDirectMemoryBytes()));
    g.writeEndObject();

    g.writeArrayFieldStart("explanations");
    for (Explanation e : r.explanations()) {
      g.writeStartObject();
      g.writeStringField("rule", e.rule());
      g.writeStringField("decision", e.decision());
      g.writeStringField("source", e.source());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("warnings");
    for (String w : r.warnings()) {
      g.writeString(w);
    }
    g.writeEndArray();
    g.writeEndObject();
  }
}
