package io.hbload.core.testing;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.Fields;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.ScanSink;
import io.hbload.core.binding.Values;

/**
 * An async binding for engine tests where the operation does not matter, only when (and whether) it
 * completes: every read, scan, update, insert and delete goes to {@link #call}, arguments unread.
 * Thread-safety is the subclass's: the engine calls {@link #call} from the worker's thread only.
 */
public abstract class OneCallAsyncBinding implements AsyncBinding {
  /**
   * Issues one operation for {@code slot}; completes it through {@code done} at once, later on
   * another thread, or never, as the test needs.
   */
  protected abstract void call(int slot, Completion done);

  @Override
  public final void read(
      String table, Key key, Fields fields, RowSink result, int slot, Completion done) {
    call(slot, done);
  }

  @Override
  public final void scan(
      String table,
      Key startKey,
      int recordCount,
      Fields fields,
      ScanSink result,
      int slot,
      Completion done) {
    call(slot, done);
  }

  @Override
  public final void update(String table, Key key, Values values, int slot, Completion done) {
    call(slot, done);
  }

  @Override
  public final void insert(String table, Key key, Values values, int slot, Completion done) {
    call(slot, done);
  }

  @Override
  public final void delete(String table, Key key, int slot, Completion done) {
    call(slot, done);
  }
}
