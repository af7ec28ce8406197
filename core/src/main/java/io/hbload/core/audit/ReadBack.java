package io.hbload.core.audit;

import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingException;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.Status;
import io.hbload.core.config.WorkloadSpec;
import io.hbload.core.keys.KeyNames;
import io.hbload.core.source.Workload;
import io.hbload.core.spec.RunSpec;
import io.hbload.core.time.Clock;
import io.hbload.core.values.DigestSink;
import io.hbload.core.values.FieldSelection;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The audit's verification pass: reads every key of an {@link AuditSet} back through the binding,
 * as fast as the store answers (blocking readers, each taking the next batch of keys in key order),
 * with a progress line every status interval, and tallies what it found into an {@link
 * AuditReport}. A read that fails is retried a few times before the key counts as unreadable. Keys
 * whose outcome is unknown are not read, except an unacknowledged insert's (to count it as
 * unexpected when there).
 *
 * <p>One pass per instance; {@link #run} blocks the calling thread until every reader ended.
 */
public final class ReadBack {
  /** Keys a reader takes at a time. */
  private static final int BATCH = 256;

  /** Attempts of one read before its key counts as unreadable. */
  private static final int ATTEMPTS = 5;

  private static final int PRESENT = 0;
  private static final int LOST = 1;
  private static final int CHANGED = 2;
  private static final int UNKNOWN = 3;
  private static final int UNEXPECTED = 4;
  private static final int UNREADABLE = 5;
  private static final int READS = 6;

  /** Opens a reading client, one per reader thread, on that thread. */
  @FunctionalInterface
  public interface Readers {
    Binding open(int index) throws BindingException;
  }

  private final AuditSet set;
  private final WorkloadSpec workload;
  private final Readers readers;
  private final int threads;
  private final Clock clock;
  private final double progressSeconds;
  private final PrintStream messages;
  private final AtomicInteger cursor = new AtomicInteger();
  private final AtomicLongArray tally = new AtomicLongArray(7);
  private final List<String> lostKeys = new ArrayList<>();
  private final List<String> changedKeys = new ArrayList<>();
  private volatile String failure;

  /**
   * @param workload the run's: its table, key format and fields
   * @param threads readers, at least 1
   * @param progressSeconds between progress lines
   */
  public ReadBack(
      AuditSet set,
      WorkloadSpec workload,
      Readers readers,
      int threads,
      Clock clock,
      double progressSeconds,
      PrintStream messages) {
    this.set = set;
    this.workload = workload;
    this.readers = readers;
    this.threads = Math.max(1, Math.min(threads, 1 + set.size() / BATCH));
    this.clock = clock;
    this.progressSeconds = Math.max(1, progressSeconds);
    this.messages = messages;
  }

  /** Readers at the least and at the most: enough calls in flight to keep a store busy. */
  static final int MIN_READERS = 8;

  static final int MAX_READERS = 64;

  /**
   * The read-back of {@code set} as a run of {@code spec} does it: the spec's workload (table, key
   * format, fields), clock and status interval; as many readers as the run kept calls in flight
   * (threads x inflight), from {@value #MIN_READERS} to {@value #MAX_READERS}, from {@code
   * workload}.
   */
  public static ReadBack of(
      AuditSet set, RunSpec spec, Workload<?, ?> workload, PrintStream messages) {
    long inFlight = (long) spec.execution().threads() * spec.execution().inflight();
    return new ReadBack(
        set,
        spec.workload(),
        workload::reader,
        (int) Math.max(MIN_READERS, Math.min(MAX_READERS, inFlight)),
        spec.execution().clock(),
        spec.execution().statusIntervalSeconds(),
        messages);
  }

  /**
   * Reads every key back; BindingException when a reader's client cannot be opened (nothing was
   * judged).
   */
  public AuditReport run() throws BindingException {
    long start = clock.nanoTime();
    messages.println(
        String.format(
            Locale.ROOT,
            "hbload: verifying %d acknowledged writes: reading back %d keys (%d threads)",
            set.writes(),
            set.size(),
            threads));
    CountDownLatch done = new CountDownLatch(threads);
    for (int t = 0; t < threads; t++) {
      int index = t;
      Thread reader =
          clock.newThread(
              () -> {
                try {
                  read(index);
                } finally {
                  done.countDown();
                }
              },
              "hbload-verify-" + t);
      reader.setDaemon(true);
      reader.start();
    }
    long step = (long) (progressSeconds * 1e9);
    long next = start + step;
    long lastReads = 0;
    boolean finished = false;
    while (!finished) {
      try {
        finished = clock.await(done, Math.max(1, next - clock.nanoTime()));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        failure = "interrupted";
        cursor.set(Integer.MAX_VALUE / 2);
      }
      long now = clock.nanoTime();
      if (!finished && now >= next) {
        long reads = tally.get(READS);
        long judged = Math.min(cursor.get(), set.size());
        messages.println(
            String.format(
                Locale.ROOT,
                "hbload: verifying: %d of %d keys taken (%.0f %%), %.0f reads/s, %d lost so far",
                judged,
                set.size(),
                100.0 * judged / Math.max(1, set.size()),
                (reads - lastReads) / (progressSeconds),
                tally.get(LOST) + tally.get(CHANGED)));
        lastReads = reads;
        next += step;
      }
    }
    if (failure != null) {
      throw new BindingException("verification failed: " + failure);
    }
    double seconds = (clock.nanoTime() - start) / 1e9;
    long present = tally.get(PRESENT);
    long lost = tally.get(LOST);
    long changed = tally.get(CHANGED);
    synchronized (lostKeys) {
      return new AuditReport(
          set.writes(),
          present + lost + changed,
          present,
          lost,
          changed,
          tally.get(UNKNOWN),
          tally.get(UNEXPECTED),
          tally.get(UNREADABLE),
          lostKeys,
          changedKeys,
          seconds,
          set);
    }
  }

  private void read(int index) {
    Binding binding;
    try {
      binding = readers.open(index);
    } catch (BindingException | RuntimeException e) {
      failure = "reader " + index + " could not start its binding: " + e.getMessage();
      cursor.set(Integer.MAX_VALUE / 2);
      return;
    }
    try {
      Key key = new Key();
      FieldSelection all = FieldSelection.all(workload);
      FieldSelection one = FieldSelection.single(workload);
      DigestSink sink = new DigestSink(workload);
      String table = workload.table();
      boolean ordered = workload.records().ordered();
      int zeroPadding = workload.records().zeroPadding();
      int fieldCount = workload.fields().count();
      int from;
      while ((from = cursor.getAndAdd(BATCH)) < set.size()) {
        int to = Math.min(set.size(), from + BATCH);
        for (int i = from; i < to; i++) {
          int state = set.state(i);
          if (state == AuditSet.UNKNOWN) {
            tally.incrementAndGet(UNKNOWN);
            continue;
          }
          KeyNames.format(set.key(i), ordered, zeroPadding, key);
          int code = set.fieldCode(i);
          boolean wholeRow = state != AuditSet.WRITTEN || code == WriteLog.ALL_FIELDS;
          FieldSelection fields = wholeRow ? all : one.select(code - 1);
          Status status = read(binding, table, key, fields, sink);
          int outcome = judge(state, status, sink, code, set.digest(i), fieldCount);
          tally.incrementAndGet(outcome);
          if (outcome == UNEXPECTED) {
            tally.incrementAndGet(UNKNOWN); // unexpected rows are among the unknown keys
          }
          if (outcome == LOST || outcome == CHANGED) {
            name(outcome == LOST ? lostKeys : changedKeys, key);
          }
        }
      }
    } catch (RuntimeException e) {
      failure = "reader " + index + ": " + e;
      cursor.set(Integer.MAX_VALUE / 2);
    } finally {
      try {
        binding.cleanup();
      } catch (BindingException | RuntimeException e) {
        messages.println("hbload: a verification reader's cleanup failed: " + e.getMessage());
      }
    }
  }

  /** A read, retried while it fails with anything but OK or NOT_FOUND. */
  private Status read(Binding binding, String table, Key key, FieldSelection fields, DigestSink s) {
    Status status = Status.ERROR;
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      tally.incrementAndGet(READS);
      status = binding.read(table, key, fields, s.reset());
      if (status == Status.OK || status == Status.NOT_FOUND) {
        return status;
      }
      try {
        clock.sleepNanos(TimeUnit.MILLISECONDS.toNanos(200L * (attempt + 1)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return status;
      }
    }
    return status;
  }

  private static int judge(
      int state, Status status, DigestSink sink, int code, int digest, int fieldCount) {
    if (status != Status.OK && status != Status.NOT_FOUND) {
      return state == AuditSet.UNACKED_INSERT ? UNKNOWN : UNREADABLE;
    }
    boolean there = status == Status.OK && (sink.fields() > 0 || sink.foreign());
    switch (state) {
      case AuditSet.UNACKED_INSERT -> {
        return there ? UNEXPECTED : UNKNOWN;
      }
      case AuditSet.DELETED -> {
        return there ? CHANGED : PRESENT;
      }
      case AuditSet.PRESENT -> {
        return there ? PRESENT : LOST;
      }
      default -> {
        if (!there) {
          return LOST;
        }
        boolean complete = code != WriteLog.ALL_FIELDS || sink.fields() == fieldCount;
        return complete && !sink.foreign() && sink.digest() == digest ? PRESENT : CHANGED;
      }
    }
  }

  private void name(List<String> keys, Key key) {
    synchronized (lostKeys) {
      if (keys.size() < AuditReport.NAMED) {
        keys.add(key.toString());
      }
    }
  }
}
