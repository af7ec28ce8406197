package io.hbload.hbase.ops;

import io.hbload.core.binding.RowSink;
import io.hbload.core.binding.ScanSink;
import org.apache.hadoop.hbase.Cell;

/**
 * Copies the cells HBase returned into the engine's sinks: one place for the blocking and the async
 * binding, so both hand a read's fields and a scan's rows over alike (qualifier and value, straight
 * from the cells' arrays).
 */
public final class ResultSinks {
  private ResultSinks() {}

  /** A row's fields into {@code sink}. */
  public static void fields(Cell[] cells, RowSink sink) {
    for (Cell c : cells) {
      sink.field(
          c.getQualifierArray(),
          c.getQualifierOffset(),
          c.getQualifierLength(),
          c.getValueArray(),
          c.getValueOffset(),
          c.getValueLength());
    }
  }

  /** One scanned row into {@code sink}, keyed by its row key; a row without cells adds nothing. */
  public static void row(Cell[] cells, ScanSink sink) {
    if (cells.length > 0) {
      Cell first = cells[0];
      fields(cells, sink.row(first.getRowArray(), first.getRowOffset(), first.getRowLength()));
    }
  }
}
