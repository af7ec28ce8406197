package io.hbload.core.testing;

import io.hbload.core.binding.Binding;
import io.hbload.core.binding.Fields;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.ScanSink;
import io.hbload.core.binding.Status;
import io.hbload.core.binding.Values;

/**
 * A blocking binding for engine tests where the operation does not matter, only how long it takes
 * and how it ends: every read, scan, update, insert and delete goes to {@link #call}, arguments
 * unread (the blocking side of {@link OneCallAsyncBinding}). Thread-safety is the subclass's: the
 * engine calls it from the worker's thread only.
 */
public abstract class OneCallBinding implements Binding {
  /** Carries out one operation and says how it ended. */
  protected abstract Status call();

  @Override
  public final Status read(String table, Key key, Fields fields, RowSink result) {
    return call();
  }

  @Override
  public final Status scan(
      String table, Key startKey, int recordCount, Fields fields, ScanSink result) {
    return call();
  }

  @Override
  public final Status update(String table, Key key, Values values) {
    return call();
  }

  @Override
  public final Status insert(String table, Key key, Values values) {
    return call();
  }

  @Override
  public final Status delete(String table, Key key) {
    return call();
  }
}
