package io.hbload.hbase.pe;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.Status;
import io.hbload.core.exec.PipelinedOperations;
import io.hbload.core.measure.Measure;
import io.hbload.hbase.async.PerSlot;
import java.io.IOException;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;

/**
 * One client's PE async command as the operations its pipelined worker keeps in flight, one per row of its range as
 * {@link PeOperations} steps them (same rows, keys, values, sample and --measureAfter), issued on HBase's
 * {@link org.apache.hadoop.hbase.client.AsyncTable}:
 * <ul>
 *   <li>asyncSequentialWrite / asyncRandomWrite: {@code AsyncTable.put} of row i / a random row. PE's async writes
 *       never buffer (no AsyncBufferedMutator, whatever --autoFlush says), and neither do these. HBase 2.5's
 *       AsyncSequentialWriteTest puts each row twice (once before its multiPut branch, once in it); one put per row
 *       here, as the blocking commands do.</li>
 *   <li>asyncSequentialRead / asyncRandomRead: {@code AsyncTable.get} of row i / a random row (randomRead's choice),
 *       the result checked on the completing thread as the blocking reads check theirs.</li>
 *   <li>asyncScan: as PE's AsyncScanTest, one scanner per client from its first row ({@code AsyncTable.getScanner},
 *       which fetches ahead asynchronously) and one row per operation; a row is handed over in order, so an
 *       operation completes within its call and --inflight adds nothing to this one.</li>
 * </ul>
 * With the default of 1 operation in flight a client waits for each completion before the next call, as PE waits on
 * each future, so figures compare with {@code hbase pe}; {@code --inflight N} keeps N outstanding.
 *
 * <p>Confined to its worker's thread except the per-slot callbacks, which run once per operation on the completing
 * thread and only check the result and complete the slot. One callback per slot is kept and reused: what a call
 * allocates is what HBase needs (its request, future and listener node).
 */
final class PeAsyncOperations implements PipelinedOperations {
  private final PeSpec spec;
  private final PeTest test;
  private final PeAsyncClient client;
  private final PeRequests requests;
  private final boolean run;
  private final AtomicInteger loadRows;
  private final int firstRow;
  private final int everyN;
  private int next;
  /** Calls issued and not yet seen completed by the worker (gets and puts of the run). */
  private int outstanding;
  private final PerSlot<SlotCallback> callbacks = new PerSlot<>(SlotCallback::new);
  private ResultScanner scanner;

  PeAsyncOperations(PeSpec spec, PeAsyncClient client, SplittableRandom random, boolean run,
      AtomicInteger loadRows) {
    this.spec = spec;
    this.test = spec.test();
    this.client = client;
    this.requests = new PeRequests(spec, random);
    this.run = run;
    this.loadRows = loadRows;
    this.firstRow = spec.firstRow(client.index);
    this.next = firstRow;
    this.everyN = spec.everyN();
    client.attach(this);
  }

  boolean measuredRun() {
    return run;
  }

  /**
   * The load the engine runs first when the embedded cluster starts empty and the command reads: sequentialWrite's
   * rows 0 .. totalRows-1 through {@code AsyncTable.put}, shared out through one counter.
   */
  @Override
  public Measure load(int slot, AsyncBinding.Completion done) {
    int i = loadRows.getAndIncrement();
    if (i >= spec.totalRows()) {
      return null;
    }
    SlotCallback c = callback(slot, done, true, false);
    try {
      client.table.put(requests.put(i)).whenComplete(c);
    } catch (IOException | RuntimeException e) {
      done.complete(slot, Status.ERROR);
    }
    return Measure.INSERT;
  }

  @Override
  public Measure transaction(int slot, AsyncBinding.Completion done) {
    int i = next++;
    if (i % everyN != 0) {
      return null; // not in PE's sample
    }
    SlotCallback c = callback(slot, done, i - firstRow > spec.measureAfter(), test.measure() == Measure.READ);
    if (test != PeTest.ASYNC_SCAN) {
      c.pending = true;
      if (++outstanding > client.mostInFlight) {
        client.mostInFlight = outstanding;
      }
    }
    try {
      switch (test) {
        case ASYNC_SEQUENTIAL_WRITE -> client.table.put(requests.put(i)).whenComplete(c);
        case ASYNC_RANDOM_WRITE -> client.table.put(requests.put(requests.randomRow())).whenComplete(c);
        case ASYNC_SEQUENTIAL_READ -> client.table.get(requests.get(i)).whenComplete(c);
        case ASYNC_RANDOM_READ -> client.table.get(requests.get(requests.randomRow())).whenComplete(c);
        case ASYNC_SCAN -> done.complete(slot, scanNext());
        default -> throw new IllegalStateException(test.command() + " is not an async command");
      }
    } catch (IOException | RuntimeException e) {
      done.complete(slot, Status.ERROR);
    }
    return test.measure();
  }

  /** PE's AsyncScanTest: one scanner from the client's first row, one row per operation. */
  private Status scanNext() throws IOException {
    if (scanner == null) {
      scanner = client.table.getScanner(requests.scan().withStartRow(PeLayout.rowKey(firstRow)));
      client.rowsExpected = Math.max(0, Math.min(spec.perClientRows(), spec.totalRows() - firstRow));
    }
    return scanner.next() == null ? Status.NOT_FOUND : Status.OK;
  }

  private SlotCallback callback(int slot, AsyncBinding.Completion done, boolean measured, boolean read) {
    SlotCallback c = callbacks.at(slot);
    // written before the call registers the callback: the future's completion sees them
    c.done = done;
    c.measured = measured;
    c.read = read;
    c.pending = false;
    return c;
  }

  /** Counts rows and bad reads, and records PE's per-client latency of the measured rows. */
  @Override
  public boolean completed(int slot, Status status, long serviceNanos) {
    SlotCallback c = callbacks.at(slot);
    if (c.pending) {
      outstanding--;
    }
    if (!run) {
      return true; // the load before a read command: in YCSB's report, not in PE's lines
    }
    if (test == PeTest.ASYNC_SCAN) {
      if (status.isOk()) {
        client.rowsScanned++;
      }
    } else if (c.read && (status == Status.NOT_FOUND || status == Status.UNEXPECTED_STATE)) {
      client.badValues++;
    }
    if (!c.measured) {
      return false; // before --measureAfter: PE does not measure it
    }
    client.latencyNanos.recordValue(Math.max(0, serviceNanos));
    return true;
  }

  @Override
  public boolean cancelled(int slot) {
    return !run || callbacks.at(slot).measured;
  }

  /** At the client's end (inside its elapsed time, as PE's takedown): closes the scanner. */
  void finish() {
    if (scanner != null) {
      scanner.close();
      scanner = null;
    }
  }

  /** One slot's completion: checks a read's result (stateless, safe on HBase's threads) and completes the slot. */
  private final class SlotCallback implements BiConsumer<Object, Throwable> {
    private final int slot;
    AsyncBinding.Completion done;
    boolean measured;
    boolean read;
    /** Counted in {@link #outstanding}; worker thread only. */
    boolean pending;

    SlotCallback(int slot) {
      this.slot = slot;
    }

    @Override
    public void accept(Object result, Throwable error) {
      Status status = error != null ? Status.ERROR : read ? requests.check((Result) result) : Status.OK;
      done.complete(slot, status);
    }
  }
}
