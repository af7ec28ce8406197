package io.hbload.core.audit;

import io.hbload.core.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * One run's acknowledged-write audit while it runs: hands each worker of each phase (the load the
 * engine runs before a run included) a {@link WriteLog} of its own, and after the run resolves them
 * into the {@link AuditSet} the read-back checks. Thread-safe: workers take their logs from their
 * own threads; {@link #resolve} is called after every worker ended.
 */
public final class WriteAudit {
  private final long originNanos;
  private final List<WriteLog> logs = new ArrayList<>();

  /** An audit whose ticks count from now on {@code clock}, the run's. */
  public WriteAudit(Clock clock) {
    this.originNanos = clock.nanoTime();
  }

  /** A new worker's log. */
  public synchronized WriteLog newLog() {
    WriteLog log = new WriteLog(originNanos);
    logs.add(log);
    return log;
  }

  /** Writes remembered so far, over every log. */
  public synchronized long writes() {
    return logs.stream().mapToLong(WriteLog::size).sum();
  }

  /** The bytes the logs take. */
  public synchronized long bytes() {
    return logs.stream().mapToLong(WriteLog::bytes).sum();
  }

  /** Forgets every write remembered so far, keeping the logs' storage (a benchmark's loop). */
  public synchronized void clear() {
    for (int i = 0; i < logs.size(); i++) {
      logs.get(i).clear();
    }
  }

  /** Every log resolved into what the store must hold; after the workers ended. */
  public synchronized AuditSet resolve() {
    return AuditSet.resolve(List.copyOf(logs));
  }
}
