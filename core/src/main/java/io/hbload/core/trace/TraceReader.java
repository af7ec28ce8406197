package io.hbload.core.trace;

import java.io.BufferedReader;
import java.io.IOException;

/**
 * Reads a trace on a thread of its own and deals its records to the workers' {@link TraceFeed}s,
 * record n to worker n mod workers (the engine's numbering of a phase's operations), each with its
 * scheduled time in nanoseconds from the replay's start:
 *
 * <ul>
 *   <li>at a fixed rate: record n at n / rate;
 *   <li>at the trace's timing: (t - t0) / speed; a trace whose times are whole seconds (Twitter's)
 *       has its records of one second spread evenly over that second, in trace order, rather than
 *       sent in one burst (at most {@link #GROUP} records of one second are held to do so; a busier
 *       second is spread chunk by chunk). A time earlier than the one before counts as the one
 *       before: the replay never goes back.
 * </ul>
 *
 * The load pass deals instead a write of every key the trace reads before writing it ({@link
 * LoadFilter}), unpaced. A damaged line ends every feed with its file and line number. The reader
 * blocks while the workers' queues are full, so memory stays bounded; {@link #close} stops it.
 */
public final class TraceReader implements AutoCloseable {
  /** Records of one second held at most to spread them over it. */
  static final int GROUP = 1 << 18;

  private final TraceSpec spec;
  private final boolean load;
  private final TraceFeed[] feeds;
  private final TraceBatch[] filling;
  private final ReplayTally tally;
  private final Thread thread;
  private long dealt;

  // the one-second group being spread
  private final boolean spread;
  private byte[] groupOps;
  private long[] groupKeys;
  private int[] groupBytes;
  private int groupSize;
  private double groupSeconds = Double.NaN;
  private double firstSeconds = Double.NaN;
  private double lastSeconds;

  /**
   * @param load the load pass (the keys read before written) instead of the replay
   * @param tally where the replay pass reports the trace's span; null for none
   */
  public TraceReader(TraceSpec spec, boolean load, int workers, ReplayTally tally) {
    this.spec = spec;
    this.load = load;
    this.feeds = new TraceFeed[workers];
    this.filling = new TraceBatch[workers];
    for (int i = 0; i < workers; i++) {
      feeds[i] = new TraceFeed();
    }
    this.tally = tally;
    this.spread = !load && spec.opsPerSec() == 0 && spec.format() == TraceFormat.TWITTER;
    if (spread) {
      groupOps = new byte[1024];
      groupKeys = new long[1024];
      groupBytes = new int[1024];
    }
    this.thread = new Thread(this::run, load ? "hbload-trace-load" : "hbload-trace-reader");
    thread.setDaemon(true);
  }

  /** Worker {@code index}'s share. */
  public TraceFeed feed(int index) {
    return feeds[index];
  }

  public TraceReader start() {
    thread.start();
    return this;
  }

  /** Stops reading (the phase is over or stopping); the workers' feeds may end unfinished. */
  @Override
  public void close() {
    thread.interrupt();
  }

  private void run() {
    String error = null;
    try (BufferedReader in = TraceInput.open(spec.file())) {
      LoadFilter filter = load ? new LoadFilter() : null;
      TraceRecord r = new TraceRecord();
      String file = spec.file().toString();
      long lineNumber = 0;
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        lineNumber++;
        try {
          if (!spec.format().read(line, r)) {
            continue;
          }
        } catch (IllegalArgumentException e) {
          throw TraceException.at(file, lineNumber, e.getMessage());
        }
        if (load) {
          if (filter.loads(r.operation, r.keyHash)) {
            deal(0, TraceOperation.WRITE, r.keyHash, r.valueBytes);
          }
        } else {
          replay(r);
        }
        if (Thread.currentThread().isInterrupted()) {
          return;
        }
      }
      if (tally != null && !Double.isNaN(firstSeconds)) {
        tally.traceSpan(lastSeconds - firstSeconds);
      }
    } catch (InterruptedException e) {
      return; // stopped: nobody reads the feeds any more
    } catch (TraceException e) {
      error = e.getMessage();
    } catch (IOException | RuntimeException e) {
      error = "reading trace " + spec.file() + " failed: " + TraceInput.message(e);
    }
    try {
      // the records before a damaged line are replayed; the run stops where it is
      if (spread) {
        flushGroup();
      }
      for (int i = 0; i < feeds.length; i++) {
        if (filling[i] != null && filling[i].count > 0) {
          feeds[i].publish(filling[i]);
        }
        feeds[i].end(error);
      }
    } catch (InterruptedException e) {
      // stopped while ending: the workers are stopping too
    }
  }

  /** One record of the replay pass, scheduled. */
  private void replay(TraceRecord r) throws InterruptedException {
    double t = Double.isNaN(firstSeconds) ? r.seconds : Math.max(r.seconds, lastSeconds);
    if (Double.isNaN(firstSeconds)) {
      firstSeconds = t;
    }
    lastSeconds = t;
    if (spec.opsPerSec() > 0) {
      deal((long) (dealt * 1e9 / spec.opsPerSec()), r.operation, r.keyHash, r.valueBytes);
    } else if (!spread) {
      deal(nanosOf(t - firstSeconds), r.operation, r.keyHash, r.valueBytes);
    } else {
      if (t != groupSeconds || groupSize == GROUP) {
        flushGroup();
        groupSeconds = t;
      }
      if (groupSize == groupOps.length) {
        int n = Math.min(GROUP, groupSize * 2);
        groupOps = java.util.Arrays.copyOf(groupOps, n);
        groupKeys = java.util.Arrays.copyOf(groupKeys, n);
        groupBytes = java.util.Arrays.copyOf(groupBytes, n);
      }
      groupOps[groupSize] = (byte) r.operation.ordinal();
      groupKeys[groupSize] = r.keyHash;
      groupBytes[groupSize] = r.valueBytes;
      groupSize++;
    }
  }

  /** The held second's records, spread evenly over it. */
  private void flushGroup() throws InterruptedException {
    for (int i = 0; i < groupSize; i++) {
      double at = groupSeconds - firstSeconds + (double) i / groupSize;
      deal(nanosOf(at), TraceOperation.of(groupOps[i]), groupKeys[i], groupBytes[i]);
    }
    groupSize = 0;
  }

  private long nanosOf(double traceSeconds) {
    return Math.round(traceSeconds / spec.speed() * 1e9);
  }

  /** The next record to its worker. */
  private void deal(long due, TraceOperation op, long key, int bytes) throws InterruptedException {
    int w = (int) (dealt++ % feeds.length);
    TraceBatch b = filling[w];
    if (b == null) {
      b = filling[w] = feeds[w].fresh();
    }
    b.add(due, op, key, Math.max(1, Math.min(bytes, spec.maxValueBytes())));
    if (b.full()) {
      feeds[w].publish(b);
      filling[w] = null;
    }
  }
}
