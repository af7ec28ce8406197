package io.hbload.hbase.pe;

import io.hbload.core.binding.AsyncWorkerClient;
import io.hbload.core.binding.Status;
import io.hbload.core.measure.Measure;
import io.hbload.core.measure.Measures;
import io.hbload.core.source.OperationSlot;
import io.hbload.core.source.PipelinedStep;
import io.hbload.hbase.async.PerSlot;
import java.io.IOException;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;

/**
 * One client's PE async command as the operation source of its pipelined worker, which keeps
 * several in flight, one per row of its range as {@link PeSource} draws them (same rows, keys,
 * values, sample and --measureAfter), each a step the source issues itself on its client's {@link
 * PeAsyncCalls} (HBase's {@link org.apache.hadoop.hbase.client.AsyncTable}); the engine's loop
 * stamps and records each:
 *
 * <ul>
 *   <li>asyncSequentialWrite / asyncRandomWrite: {@code AsyncTable.put} of row i / a random row.
 *       PE's async writes never buffer (no AsyncBufferedMutator, whatever --autoFlush says), and
 *       neither do these. HBase 2.5's AsyncSequentialWriteTest puts each row twice (once before its
 *       multiPut branch, once in it); one put per row here, as the blocking commands do.
 *   <li>asyncSequentialRead / asyncRandomRead: {@code AsyncTable.get} of row i / a random row
 *       (randomRead's choice), the result checked on the completing thread as the blocking reads
 *       check theirs.
 *   <li>asyncScan: as PE's AsyncScanTest, one scanner per client from its first row ({@code
 *       AsyncTable.getScanner}, which fetches ahead asynchronously) and one row per operation; a
 *       row is handed over in order, so an operation completes within its call and --inflight adds
 *       nothing to this one.
 * </ul>
 *
 * With the default of 1 operation in flight a client waits for each completion before the next
 * call, as PE waits on each future, so figures compare with {@code hbase pe}; {@code --inflight N}
 * keeps N outstanding.
 *
 * <p>Confined to its worker's thread except the per-slot callbacks, which run once per operation on
 * the completing thread and only check the result and complete the slot. One callback per slot is
 * kept and reused: what a call allocates is what HBase needs (its request, future and listener
 * node).
 */
final class PeAsyncSource extends PeRows<PipelinedStep<PeAsyncClient>> {
  private final PeAsyncCalls client;

  /** Calls issued and not yet seen completed by the worker (gets and puts of the run). */
  private int outstanding;

  private final PerSlot<SlotCallback> callbacks = new PerSlot<>(SlotCallback::new);
  private ResultScanner scanner;
  private long rowsScanned;
  private long rowsExpected;
  private long badValues;
  private int mostInFlight;

  PeAsyncSource(
      PeSpec spec,
      PeAsyncClient client,
      SplittableRandom random,
      boolean run,
      AtomicInteger loadRows,
      Measures measures) {
    super(spec, client.index, random, run, loadRows);
    this.client = client;
    client.attach(this);
    steps(new Call(test.measure(measures)), new Call(Measure.INSERT));
  }

  /**
   * The step of every operation of this source: its call on the worker's async client, which is the
   * one this source was made for ({@link #client}).
   */
  private final class Call extends PipelinedStep<PeAsyncClient> {
    Call(Measure measure) {
      super(measure);
    }

    @Override
    public void issue(PeAsyncClient on, OperationSlot<?> s, AsyncWorkerClient.Completion done) {
      PeAsyncSource.this.issue(s, done);
    }
  }

  /**
   * Issues the slot's row on the async table; the callback (or this call, for asyncScan) completes
   * the slot.
   */
  private void issue(OperationSlot<?> s, AsyncWorkerClient.Completion done) {
    int i = (int) s.number;
    int slot = s.index;
    if (!run) {
      SlotCallback c = callback(slot, done, false);
      try {
        client.put(requests.put(i)).whenComplete(c);
      } catch (IOException | RuntimeException e) {
        done.complete(slot, Status.ERROR);
      }
      return;
    }
    SlotCallback c = callback(slot, done, test.measureName().equals(Measure.READ.reportName()));
    if (test != PeTest.ASYNC_SCAN) {
      c.pending = true;
      if (++outstanding > mostInFlight) {
        mostInFlight = outstanding;
      }
    }
    try {
      switch (test) {
        case ASYNC_SEQUENTIAL_WRITE -> client.put(requests.put(i)).whenComplete(c);
        case ASYNC_RANDOM_WRITE -> client.put(requests.put(requests.randomRow())).whenComplete(c);
        case ASYNC_SEQUENTIAL_READ -> client.get(requests.get(i)).whenComplete(c);
        case ASYNC_RANDOM_READ -> client.get(requests.get(requests.randomRow())).whenComplete(c);
        case ASYNC_SCAN -> done.complete(slot, scanNext());
        default -> throw new IllegalStateException(test.command() + " is not an async command");
      }
    } catch (IOException | RuntimeException e) {
      done.complete(slot, Status.ERROR);
    }
  }

  /** PE's AsyncScanTest: one scanner from the client's first row, one row per operation. */
  private Status scanNext() throws IOException {
    if (scanner == null) {
      scanner = client.scanner(requests.scan(null).withStartRow(PeLayout.rowKey(firstRow)));
      rowsExpected =
          spec.scan().filterAll()
              ? 0
              : Math.max(
                  0, Math.min(spec.rows().perClientRows(), spec.rows().totalRows() - firstRow));
    }
    return scanner.next() == null ? requests.scanEnd() : Status.OK;
  }

  private SlotCallback callback(int slot, AsyncWorkerClient.Completion done, boolean read) {
    SlotCallback c = callbacks.at(slot);
    // written before the call registers the callback: the future's completion sees them
    c.done = done;
    c.read = read;
    c.pending = false;
    return c;
  }

  /**
   * Counts rows and bad reads, on the worker's thread, once the engine has recorded the operation.
   */
  @Override
  public Next completed(OperationSlot<PipelinedStep<PeAsyncClient>> s, boolean finishing) {
    SlotCallback c = callbacks.at(s.index);
    if (c.pending) {
      outstanding--;
    }
    if (!run) {
      return Next.DONE; // the load before a read command: in YCSB's report, not in PE's lines
    }
    if (test == PeTest.ASYNC_SCAN) {
      if (s.status.isOk() && !spec.scan().filterAll()) { // with --filterAll an OK next() had no row
        rowsScanned++;
      }
    } else if (c.read && (s.status == Status.NOT_FOUND || s.status == Status.UNEXPECTED_STATE)) {
      badValues++;
    }
    return Next.DONE;
  }

  /** PE's per-client counts, read after the client's cleanup. */
  @Override
  public Map<String, Long> figures() {
    return PeClientResult.figures(rowsScanned, rowsExpected, 0, badValues, mostInFlight);
  }

  /** At the client's end (inside its elapsed time, as PE's takedown): closes the scanner. */
  void finish() {
    if (scanner != null) {
      scanner.close();
      scanner = null;
    }
  }

  /**
   * One slot's completion: checks a read's result (stateless, safe on HBase's threads) and
   * completes the slot.
   */
  private final class SlotCallback implements BiConsumer<Object, Throwable> {
    private final int slot;
    AsyncWorkerClient.Completion done;
    boolean read;

    /** Counted in {@link #outstanding}; worker thread only. */
    boolean pending;

    SlotCallback(int slot) {
      this.slot = slot;
    }

    @Override
    public void accept(Object result, Throwable error) {
      Status status =
          error != null ? Status.ERROR : read ? requests.check((Result) result) : Status.OK;
      done.complete(slot, status);
    }
  }
}
