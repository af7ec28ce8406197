package io.hbload.core.source;

import io.hbload.core.binding.AsyncBinding;
import io.hbload.core.binding.AsyncWorkerClient.Completion;
import io.hbload.core.binding.Binding;
import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.ScanSink;
import io.hbload.core.binding.Status;
import io.hbload.core.binding.Values;
import io.hbload.core.measure.Measure;
import io.hbload.core.values.FieldSelection;

/**
 * YCSB's calls as steps, once for each loop: a read, scan, update, insert or delete on the worker's
 * binding with the slot's table, key, fields and values, and the VERIFY step that checks a read's
 * values in place (on the pipelined path it completes at once, on the worker's thread). {@link
 * YcsbSource} picks them; the steps themselves are stateless.
 *
 * @param <S> the loop's kind of step
 */
public record YcsbSteps<S extends Step>(S read, S scan, S update, S insert, S delete, S verify) {
  /**
   * The slot's operation as one call, {@code step}, on {@code table}, recorded under its measure.
   */
  public void one(OperationSlot<S> s, S step, String table) {
    s.operation = step.measure;
    s.composite = false;
    s.overall = null;
    s.table = table;
    s.step = step;
  }

  /** A read of the row's {@code fields} as one call, its row ignored. */
  public void readRow(OperationSlot<S> s, String table, FieldSelection fields) {
    one(s, read, table);
    s.fields = fields;
    s.sink = RowSink.IGNORE;
  }

  /** An update of the row with {@code values} as one call. */
  public void updateRow(OperationSlot<S> s, String table, Values values) {
    one(s, update, table);
    s.values = values;
  }

  /** YCSB's calls on a blocking {@link Binding}. */
  public static final YcsbSteps<BlockingStep<Binding>> BLOCKING =
      new YcsbSteps<>(
          new BlockingStep<Binding>(Measure.READ) {
            @Override
            public Status call(Binding b, OperationSlot<?> s) {
              return b.read(s.table, s.key, s.fields, s.sink);
            }
          },
          new BlockingStep<Binding>(Measure.SCAN) {
            @Override
            public Status call(Binding b, OperationSlot<?> s) {
              return b.scan(s.table, s.key, s.scanLength, s.fields, ScanSink.IGNORE);
            }
          },
          new BlockingStep<Binding>(Measure.UPDATE) {
            @Override
            public Status call(Binding b, OperationSlot<?> s) {
              return b.update(s.table, s.key, s.values);
            }
          },
          new BlockingStep<Binding>(Measure.INSERT) {
            @Override
            public Status call(Binding b, OperationSlot<?> s) {
              return b.insert(s.table, s.key, s.values);
            }
          },
          new BlockingStep<Binding>(Measure.DELETE) {
            @Override
            public Status call(Binding b, OperationSlot<?> s) {
              return b.delete(s.table, s.key);
            }
          },
          new BlockingStep<Binding>(Measure.VERIFY) {
            @Override
            public Status call(Binding b, OperationSlot<?> s) {
              return s.check.verify(s.key, s.fields);
            }
          });

  /** YCSB's calls on an {@link AsyncBinding}, issued with the slot's index. */
  public static final YcsbSteps<PipelinedStep<AsyncBinding>> PIPELINED =
      new YcsbSteps<>(
          new PipelinedStep<AsyncBinding>(Measure.READ) {
            @Override
            public void issue(AsyncBinding b, OperationSlot<?> s, Completion done) {
              b.read(s.table, s.key, s.fields, s.sink, s.index, done);
            }
          },
          new PipelinedStep<AsyncBinding>(Measure.SCAN) {
            @Override
            public void issue(AsyncBinding b, OperationSlot<?> s, Completion done) {
              b.scan(s.table, s.key, s.scanLength, s.fields, ScanSink.IGNORE, s.index, done);
            }
          },
          new PipelinedStep<AsyncBinding>(Measure.UPDATE) {
            @Override
            public void issue(AsyncBinding b, OperationSlot<?> s, Completion done) {
              b.update(s.table, s.key, s.values, s.index, done);
            }
          },
          new PipelinedStep<AsyncBinding>(Measure.INSERT) {
            @Override
            public void issue(AsyncBinding b, OperationSlot<?> s, Completion done) {
              b.insert(s.table, s.key, s.values, s.index, done);
            }
          },
          new PipelinedStep<AsyncBinding>(Measure.DELETE) {
            @Override
            public void issue(AsyncBinding b, OperationSlot<?> s, Completion done) {
              b.delete(s.table, s.key, s.index, done);
            }
          },
          new PipelinedStep<AsyncBinding>(Measure.VERIFY) {
            @Override
            public void issue(AsyncBinding b, OperationSlot<?> s, Completion done) {
              done.complete(s.index, s.check.verify(s.key, s.fields));
            }
          });
}
