package io.hbload.core.exec;

import static io.hbload.core.TestWorkloads.workloadFile;
import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.Hbload;
import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.Binding;
import io.hbload.core.binding.BindingContext;
import io.hbload.core.binding.BindingProvider;
import io.hbload.core.binding.BindingSession;
import io.hbload.core.binding.Fields;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.ScanSink;
import io.hbload.core.binding.Status;
import io.hbload.core.binding.Values;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The same seed draws the same operations whatever the split of the phase: every call the engine
 * makes (which call, its key, fields, values, scan length) is hashed, and the multiset of hashes of
 * a run is the same on 1, 2 and 4 threads, on 2 shards of 2 threads each, and on pipelined workers,
 * and differs for another seed. Workloads without run-phase inserts (whose key numbers come from a
 * shared counter, in the order the inserts happen) and with read-modify-write, whose update values
 * are drawn when its read completes, after other operations drew on a pipelined worker.
 */
@Timeout(120)
class SameOperationsForAnySplitTest {
  private static final long OPERATIONS = 20_000;

  @ParameterizedTest
  @ValueSource(strings = {"a", "c", "f", "mixgraph_allrandom"})
  void theSameSeedDrawsTheSameOperationsForAnySplit(String workload) {
    long oneThread = digest(workload, 42, 1, 1, 1);
    assertThat(digest(workload, 42, 2, 1, 1)).as("2 threads").isEqualTo(oneThread);
    assertThat(digest(workload, 42, 4, 1, 1)).as("4 threads").isEqualTo(oneThread);
    assertThat(digest(workload, 42, 2, 2, 1)).as("2 shards of 2 threads").isEqualTo(oneThread);
    assertThat(digest(workload, 42, 2, 1, 4)).as("2 pipelined workers").isEqualTo(oneThread);
    assertThat(digest(workload, 43, 1, 1, 1)).as("another seed").isNotEqualTo(oneThread);
  }

  /** The digest of every call of a run of the workload, its shards run one after the other. */
  private static long digest(String workload, long seed, int threads, int shards, int inflight) {
    Recorder calls = new Recorder();
    for (int shard = 0; shard < shards; shard++) {
      Hbload run =
          workloadFile(workload)
              .binding(calls)
              .recordCount(1_000)
              .operationCount(OPERATIONS)
              .threads(threads)
              .seed(seed)
              .property("hbload.inflight", Integer.toString(inflight));
      if (shards > 1) {
        run.property("hbload.shard", shard + "/" + shards);
      }
      assertThat(run.run().operations()).isPositive();
    }
    List<Long> all;
    synchronized (calls.hashes) {
      all = new ArrayList<>(calls.hashes);
    }
    assertThat(all.size()).as("calls").isGreaterThanOrEqualTo((int) OPERATIONS);
    all.sort(null);
    long h = 0xCBF29CE484222325L;
    for (long x : all) {
      h = (h ^ x) * 0x100000001B3L;
    }
    return h;
  }

  /** A store that answers every call at once and hashes what it was asked. */
  private static final class Recorder implements BindingProvider {
    final List<Long> hashes = new ArrayList<>();

    @Override
    public String name() {
      return "test-recorder";
    }

    @Override
    public String description() {
      return "hashes every call";
    }

    @Override
    public boolean supportsAsync() {
      return true;
    }

    @Override
    public BindingSession open(BindingContext context) {
      return new BindingSession() {
        @Override
        public Binding newBinding(int workerIndex) {
          return new Calls();
        }

        @Override
        public AsyncBinding newAsyncBinding(int workerIndex) {
          return new AsyncCalls(new Calls());
        }
      };
    }

    void add(long hash) {
      synchronized (hashes) {
        hashes.add(hash);
      }
    }

    private final class Calls implements Binding {
      private static long mix(long h, long x) {
        return (h ^ x) * 0x100000001B3L;
      }

      private static long key(long h, Key key) {
        for (int i = 0; i < key.length(); i++) {
          h = mix(h, key.array()[i]);
        }
        return h;
      }

      private static long fields(long h, Fields fields) {
        if (fields == null || fields.isAll()) {
          return mix(h, -1);
        }
        for (int i = 0; i < fields.count(); i++) {
          h = mix(h, fields.fieldIndex(i));
        }
        return h;
      }

      private static long values(long h, Values values) {
        for (int i = 0; i < values.count(); i++) {
          h = mix(h, values.fieldIndex(i));
          byte[] a = values.array(i);
          for (int b = values.offset(i); b < values.offset(i) + values.length(i); b++) {
            h = mix(h, a[b]);
          }
        }
        return h;
      }

      @Override
      public Status read(String table, Key key, Fields fields, RowSink result) {
        add(fields(key(1, key), fields));
        return Status.OK;
      }

      @Override
      public Status scan(String table, Key startKey, int count, Fields fields, ScanSink result) {
        add(mix(fields(key(2, startKey), fields), count));
        return Status.OK;
      }

      @Override
      public Status update(String table, Key key, Values values) {
        add(values(key(3, key), values));
        return Status.OK;
      }

      @Override
      public Status insert(String table, Key key, Values values) {
        add(values(key(4, key), values));
        return Status.OK;
      }

      @Override
      public Status delete(String table, Key key) {
        add(key(5, key));
        return Status.OK;
      }
    }

    /** The same hashes on the pipelined path, each call completed before it returns. */
    private static final class AsyncCalls implements AsyncBinding {
      private final Calls calls;

      AsyncCalls(Calls calls) {
        this.calls = calls;
      }

      @Override
      public void read(String t, Key key, Fields fields, RowSink r, int slot, Completion done) {
        done.complete(slot, calls.read(t, key, fields, r));
      }

      @Override
      public void scan(
          String t, Key key, int n, Fields fields, ScanSink r, int slot, Completion done) {
        done.complete(slot, calls.scan(t, key, n, fields, r));
      }

      @Override
      public void update(String t, Key key, Values values, int slot, Completion done) {
        done.complete(slot, calls.update(t, key, values));
      }

      @Override
      public void insert(String t, Key key, Values values, int slot, Completion done) {
        done.complete(slot, calls.insert(t, key, values));
      }

      @Override
      public void delete(String t, Key key, int slot, Completion done) {
        done.complete(slot, calls.delete(t, key));
      }
    }
  }
}
