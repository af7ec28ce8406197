package io.hbload.core.audit;

import static io.hbload.core.TestWorkloads.workloadFile;
import static org.assertj.core.api.Assertions.assertThat;

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
import io.hbload.core.result.RunResult;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * Writes whose outcome is unknown, end to end: a store that keeps its rows in a map and, as a
 * server does when its client times out, sometimes applied an insert and still answered an error,
 * and sometimes did not apply it. Both are unknown, never a failure; the applied ones are counted
 * as unexpected; every acknowledged insert is still found.
 */
class UnknownOutcomesTest {
  @Test
  void failedInsertsAreUnknownAndTheAppliedOnesUnexpected() {
    TimingOutStore store = new TimingOutStore();
    RunResult r =
        workloadFile("a")
            .binding(store)
            .property("insertorder", "ordered")
            .recordCount(200)
            .threads(2)
            .verify()
            .load();
    AuditReport a = r.figure(AuditReport.class).orElseThrow();
    assertThat(r.errorCount()).isEqualTo(20);
    assertThat(a.unknown()).isEqualTo(20);
    assertThat(a.unexpected()).isEqualTo(10);
    assertThat(a.acknowledged()).isEqualTo(180);
    assertThat(a.present()).isEqualTo(180);
    assertThat(a.passed()).isTrue();
    assertThat(a.summary())
        .isEqualTo("acknowledged 180, present 180, lost 0, changed 0, unknown 20, unexpected 10");
  }

  /**
   * Rows in a map, by key. Of the inserts of key numbers ending in 0, those ending in 00, 20, 40,
   * ... are applied and answer ERROR; those ending in 10, 30, ... are not applied and answer ERROR.
   */
  static final class TimingOutStore implements BindingProvider {
    private final Map<String, Map<String, byte[]>> rows = new ConcurrentHashMap<>();

    @Override
    public String name() {
      return "timing-out";
    }

    @Override
    public String description() {
      return "a map whose inserts of every tenth key fail, half of them applied";
    }

    @Override
    public boolean readsBack() {
      return true;
    }

    @Override
    public BindingSession open(BindingContext context) {
      return i -> new Client();
    }

    private final class Client implements Binding {
      @Override
      public Status read(String table, Key key, Fields fields, RowSink result) {
        Map<String, byte[]> row = rows.get(key.toString());
        if (row == null) {
          return Status.NOT_FOUND;
        }
        for (Map.Entry<String, byte[]> e : row.entrySet()) {
          if (fields.isAll() || fields.name(0).equals(e.getKey())) {
            result.field(e.getKey(), e.getValue());
          }
        }
        return Status.OK;
      }

      @Override
      public Status scan(String table, Key key, int count, Fields fields, ScanSink result) {
        return Status.NOT_IMPLEMENTED;
      }

      @Override
      public Status update(String table, Key key, Values values) {
        return Status.NOT_IMPLEMENTED;
      }

      @Override
      public Status insert(String table, Key key, Values values) {
        long number = Long.parseLong(key.toString().substring("user".length()));
        boolean fails = number % 10 == 0;
        if (!fails || number % 20 == 0) {
          Map<String, byte[]> row = new HashMap<>();
          for (int i = 0; i < values.count(); i++) {
            row.put(values.name(i), values.copy(i));
          }
          rows.put(key.toString(), row);
        }
        return fails ? Status.ERROR : Status.OK;
      }

      @Override
      public Status delete(String table, Key key) {
        return Status.NOT_IMPLEMENTED;
      }
    }
  }
}
