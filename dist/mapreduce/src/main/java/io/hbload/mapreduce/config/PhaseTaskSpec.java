package io.hbload.mapreduce.config;

import io.hbload.core.config.Phase;
import io.hbload.core.config.PropertyNames;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * What every map task of a {@code load}/{@code run} job is told: the phase, the run's merged
 * properties (as the driver's command line made them, with the cluster's client settings added),
 * how many shards there are and the shared start. A task adds only what is its own ({@link
 * #forShard}) and hands the result to the spec parser, so a shard's spec is parsed exactly as a
 * single-host run's is. Immutable.
 *
 * @param properties the run's merged properties, in their order
 */
public record PhaseTaskSpec(
    Phase phase, int shards, long startAtEpochMillis, Map<String, String> properties) {
  public PhaseTaskSpec {
    if (shards < 1) {
      throw new IllegalArgumentException("shards " + shards);
    }
    properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
  }

  /** Writes this into a job's configuration. */
  public void writeTo(Configuration conf) {
    conf.set(JobKeys.PHASE, phase.name());
    conf.setInt(JobKeys.SHARDS, shards);
    conf.setLong(JobKeys.START_AT, startAtEpochMillis);
    properties.forEach((k, v) -> conf.set(JobKeys.PROPERTY_PREFIX + k, v));
  }

  /** Reads what {@link #writeTo} wrote; an incomplete configuration is a bug, not input. */
  public static PhaseTaskSpec readFrom(Configuration conf) {
    Map<String, String> properties = new LinkedHashMap<>();
    // the raw values: Configuration#get would expand ${...} inside a property's value
    for (Map.Entry<String, String> e : conf) {
      if (e.getKey().startsWith(JobKeys.PROPERTY_PREFIX)) {
        properties.put(e.getKey().substring(JobKeys.PROPERTY_PREFIX.length()), e.getValue());
      }
    }
    String phase = conf.get(JobKeys.PHASE);
    if (phase == null || properties.isEmpty()) {
      throw new IllegalStateException(
          "not an hbload mapreduce job: " + JobKeys.PHASE + " or properties missing");
    }
    return new PhaseTaskSpec(
        Phase.valueOf(phase),
        conf.getInt(JobKeys.SHARDS, 0),
        conf.getLong(JobKeys.START_AT, 0),
        properties);
  }

  /**
   * Shard {@code index}'s properties: the run's, plus its shard, the shared start instant, and
   * where its log and JSON go (files of the task attempt, committed only if the attempt succeeds).
   */
  public Map<String, String> forShard(int index, Path hlog, Path json) {
    Map<String, String> mine = new LinkedHashMap<>(properties);
    mine.put(PropertyNames.SHARD, index + "/" + shards);
    mine.put(PropertyNames.START_AT, Long.toString(startAtEpochMillis));
    mine.put(PropertyNames.HLOG_FILE, hlog.toString());
    mine.put(PropertyNames.JSON_FILE, json.toString());
    return mine;
  }
}
