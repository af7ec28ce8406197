package io.hbload.observe;

import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;

/**
 * The tags every meter of one hbload process carries, so that many clients' series can be told
 * apart and summed: {@code workload} (bundled name or property file), {@code binding}, {@code
 * shard} (index, 0 for a whole run) and {@code host}. Immutable.
 */
public record RunTags(String workload, String binding, int shard, String host) {

  public Tags tags() {
    return Tags.of(
        Tag.of("workload", workload),
        Tag.of("binding", binding),
        Tag.of("shard", Integer.toString(shard)),
        Tag.of("host", host));
  }
}
