package io.hbload.observe;

import io.hbload.hdfs.report.RunResult;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.concurrent.atomic.AtomicReference;

/**
 * dfsio's meters, one set per pass (tags {@code pass}: write, read, degraded-read; {@code policy}):
 * {@code hbload.dfsio.bytes} (counter, bytes moved), {@code hbload.dfsio.throughput} (MiB/s, all
 * bytes over the pass's wall time, the report's aggregate rate), {@code hbload.dfsio.files} and
 * {@code hbload.dfsio.mismatched.bytes}. Published once all passes have ended (hdfs-io measures a
 * pass as a whole, per file at its end, and hands dfsio the passes together), so a run in progress
 * shows no bytes yet. Called on the command's thread.
 */
public final class DfsioMeters {
  private final MeterRegistry registry;
  private final Tags common;

  public DfsioMeters(MetricsSession session) {
    this.registry = session.registry();
    this.common = session.tags().tags();
  }

  /** Adds one finished pass. */
  public void passFinished(RunResult pass) {
    Tags tags = common.and("pass", pass.phase(), "policy", pass.policy());
    Counter.builder("hbload.dfsio.bytes")
        .baseUnit("bytes")
        .description("Bytes written or read by the pass")
        .tags(tags)
        .register(registry)
        .increment(pass.bytes());
    Counter.builder("hbload.dfsio.files")
        .description("Files of the pass")
        .tags(tags)
        .register(registry)
        .increment(pass.files());
    Counter.builder("hbload.dfsio.mismatched")
        .baseUnit("bytes")
        .description("Read bytes that did not verify")
        .tags(tags)
        .register(registry)
        .increment(pass.mismatchedBytes());
    AtomicReference<Double> rate = new AtomicReference<>(pass.aggregateMiBps());
    Gauge.builder("hbload.dfsio.throughput", rate, AtomicReference::get)
        .baseUnit("mebibytes.per.second")
        .description("All bytes of the pass over its wall time")
        .tags(tags)
        .strongReference(true)
        .register(registry);
  }
}
