package io.hbload.gc.format;

import io.hbload.gc.ByteSize;
import io.hbload.gc.InvalidInputException;
import io.hbload.gc.Explanation;
import io.hbload.gc.TuningInput;
import io.hbload.gc.TuningResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How the options are printed. With {@code explain}, the text formats get the reasoning as {@code #} comment lines
 * (valid in {@code hbase-env.sh} and, on JDK 9+, in a {@code java @argfile}); JSON always carries it. Stateless,
 * thread-safe.
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
     * An {@code hbase-env.sh} line. The existing value is kept in front, and HBASE_REGIONSERVER_OPTS comes after
     * HBASE_HEAPSIZE's {@code -Xmx} on the command line, so these heap flags win (last occurrence wins).
     */
    HBASE_ENV("hbase-env") {
        @Override
        String body(TuningResult r) {
            return "export HBASE_REGIONSERVER_OPTS=\"$HBASE_REGIONSERVER_OPTS " + r.optionsLine() + "\"\n";
        }
    },
    /** One option a line, for {@code java @file} (JDK 9+) or a service manager's jvm.options. */
    JVM_OPTIONS("jvm-options") {
        @Override
        String body(TuningResult r) {
            StringBuilder sb = new StringBuilder();
            if (!r.input().jdk().supportsArgFiles()) {
                sb.append("# JDK 8 has no @argfiles: feed these lines to your launcher, not to java @file\n");
            }
            r.optionTexts().forEach(o -> sb.append(o).append('\n'));
            return sb.toString();
        }
    },
    /** Options, inputs, derived numbers, explanations and warnings. */
    JSON("json") {
        @Override
        String body(TuningResult r) {
            return Json.write(toMap(r)) + "\n";
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

    /** @throws IllegalArgumentException for a name that is not a format */
    public static OutputFormat fromCliName(String name) {
        for (OutputFormat f : values()) {
            if (f.cliName.equals(name.toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        throw new InvalidInputException("unknown format '" + name + "' (use opts, hbase-env, jvm-options, json)");
    }

    static Map<String, Object> toMap(TuningResult r) {
        TuningInput in = r.input();
        Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("heap", ByteSize.format(in.heapBytes()));
        inputs.put("heapBytes", in.heapBytes());
        inputs.put("cpus", in.cpus());
        inputs.put("pauseMillis", in.pauseMillis());
        inputs.put("jdk", in.jdk().feature());
        inputs.put("evacuationRateGBps", in.evacuationRateGibPerSec());
        inputs.put("evacuationRateSource", in.evacuationRateSource());
        inputs.put("bucketCacheBytes", in.bucketCacheBytes());
        inputs.put("gcLogFile", in.gcLogFile());
        inputs.put("machineMemoryBytes", in.machineMemoryBytes());

        TuningResult.Derived d = r.derived();
        Map<String, Object> derived = new LinkedHashMap<>();
        derived.put("parallelGCThreads", d.parallelGcThreads());
        derived.put("concGCThreads", d.concGcThreads());
        derived.put("g1NewSizePercent", d.g1NewSizePercent());
        derived.put("edenTarget", ByteSize.format(d.edenTargetBytes()));
        derived.put("regionSize", ByteSize.format(d.regionSizeBytes()));
        derived.put("maxDirectMemorySize", d.maxDirectMemoryBytes() == 0 ? null : ByteSize.format(d.maxDirectMemoryBytes()));

        List<Object> explanations = new ArrayList<>();
        for (Explanation e : r.explanations()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("rule", e.rule());
            m.put("decision", e.decision());
            m.put("source", e.source());
            explanations.add(m);
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("jdk", in.jdk().feature());
        root.put("heap", ByteSize.format(in.heapBytes()));
        root.put("cpus", in.cpus());
        root.put("options", r.optionTexts());
        root.put("inputs", inputs);
        root.put("derived", derived);
        root.put("explanations", explanations);
        root.put("warnings", r.warnings());
        return root;
    }
}
