package io.hbload.core.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

class AcknowledgedCounterTest {

  @Test
  void limitAdvancesOverTheContiguousPrefixOnly() {
    AcknowledgedCounter c = new AcknowledgedCounter(100);
    assertThat(c.limit()).isEqualTo(99);
    long a = c.next();
    long b = c.next();
    long d = c.next();
    assertThat(new long[] {a, b, d}).containsExactly(100, 101, 102);
    c.acknowledge(d);
    c.acknowledge(b);
    assertThat(c.limit()).isEqualTo(99);
    c.acknowledge(a);
    assertThat(c.limit()).isEqualTo(102);
  }

  @Test
  void rejectsDoubleAcknowledgementAndForeignNumbers() {
    AcknowledgedCounter c = new AcknowledgedCounter(10);
    c.acknowledge(c.next());
    assertThatThrownBy(() -> c.acknowledge(10)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> c.acknowledge(3)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void windowOverflowThrowsYcsbMessage() {
    AcknowledgedCounter c = new AcknowledgedCounter(0);
    long first = c.next();
    for (int i = 1; i < AcknowledgedCounter.WINDOW_SIZE; i++) {
      c.acknowledge(c.next());
    }
    // 2^20 - 1 outstanding acknowledgements behind 'first' fill the window but one slot (first's).
    long overflowing = c.next();
    assertThatThrownBy(() -> c.acknowledge(overflowing))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Too many unacknowledged insertion keys.");
    c.acknowledge(first);
    assertThat(c.limit()).isEqualTo(AcknowledgedCounter.WINDOW_SIZE - 1);
    c.acknowledge(overflowing);
    assertThat(c.limit()).isEqualTo(overflowing);
  }

  @Test
  void wrapsTheWindowManyTimes() {
    AcknowledgedCounter c = new AcknowledgedCounter(7);
    Random rnd = new Random(3);
    List<Long> batch = new ArrayList<>();
    for (int round = 0; round < 40; round++) {
      batch.clear();
      for (int i = 0; i < 100_000; i++) {
        batch.add(c.next());
      }
      Collections.shuffle(batch, rnd);
      for (long v : batch) {
        c.acknowledge(v);
      }
      assertThat(c.limit()).isEqualTo(7 + (round + 1) * 100_000L - 1);
    }
  }

  /**
   * Four inserters acknowledge out of order while a reader checks that the limit never covers a
   * number not yet acknowledged and never goes backwards; at the end every number is covered. Races
   * are probabilistic on two cores, so the test repeats.
   */
  @RepeatedTest(3)
  void concurrentAcknowledgementsNeverExposeUnacknowledgedKeys() throws Exception {
    final int threads = 4;
    final int perThread = 500_000;
    final long start = 1000;
    AcknowledgedCounter c = new AcknowledgedCounter(start);
    AtomicIntegerArray acked = new AtomicIntegerArray(threads * perThread);
    AtomicBoolean done = new AtomicBoolean();
    AtomicLong highest = new AtomicLong(start - 1);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    CountDownLatch go = new CountDownLatch(1);
    List<Thread> inserters = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      final int seed = t;
      inserters.add(
          new Thread(
              () -> {
                try {
                  go.await();
                  Random rnd = new Random(seed);
                  // Batches of 1, 6, 11 and 16: some threads acknowledge at once and race to
                  // advance the limit,
                  // others hold gaps open.
                  long[] pending = new long[1 + 5 * seed];
                  int n = 0;
                  for (int i = 0; i < perThread; i++) {
                    // A thread descheduled while it holds a number lets the others run more than
                    // the window ahead of it, which YCSB's counter rightly refuses. Inserts that
                    // take microseconds never get there, so the inserters keep to half a window;
                    // each waits only between batches, holding no unacknowledged number: a thread
                    // that waited in the middle of its batch held the limit back for every other
                    // waiting thread, and all four spun for ever (seen once at load 5).
                    while (n == 0
                        && highest.get() - c.limit() > AcknowledgedCounter.WINDOW_SIZE / 2) {
                      Thread.yield();
                    }
                    pending[n] = c.next();
                    highest.accumulateAndGet(pending[n++], Math::max);
                    if (n == pending.length || i == perThread - 1) {
                      // Acknowledge this thread's batch in a random order, as inserts of varying
                      // latency would.
                      for (int j = n - 1; j > 0; j--) {
                        int k = rnd.nextInt(j + 1);
                        long tmp = pending[j];
                        pending[j] = pending[k];
                        pending[k] = tmp;
                      }
                      for (int j = 0; j < n; j++) {
                        acked.set((int) (pending[j] - start), 1);
                        c.acknowledge(pending[j]);
                      }
                      n = 0;
                    }
                  }
                } catch (Throwable e) {
                  failure.compareAndSet(null, e);
                }
              }));
    }
    Thread reader =
        new Thread(
            () -> {
              long last = start - 1;
              while (!done.get()) {
                long limit = c.limit();
                if (limit < last) {
                  failure.compareAndSet(
                      null, new AssertionError("limit went back from " + last + " to " + limit));
                }
                for (long v = Math.max(start, last + 1); v <= limit; v++) {
                  if (acked.get((int) (v - start)) == 0) {
                    failure.compareAndSet(
                        null, new AssertionError("limit " + limit + " covers unacknowledged " + v));
                  }
                }
                last = limit;
              }
            });
    inserters.forEach(Thread::start);
    reader.start();
    go.countDown();
    for (Thread t : inserters) {
      t.join();
    }
    done.set(true);
    reader.join();
    assertThat(failure.get()).isNull();
    assertThat(c.limit()).isEqualTo(start + (long) threads * perThread - 1);
  }
}
