package io.hbload.hbase.pe;

import io.hbload.core.binding.Status;
import java.io.IOException;
import java.util.SplittableRandom;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Consistency;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;

/**
 * One client's PE requests, the same for the blocking and the async commands: the row each command picks, the Put of
 * a row (every family x column, PE-shaped values, --writeToWAL's durability), the Get of a row, the Scan of its
 * columns (--caching, --replicas' consistency), and the check of a read's result.
 *
 * <p>Confined to one client's thread, except {@link #check}, which is stateless and may run on HBase's event-loop
 * threads. The key and value buffers are reused; what is allocated per request is what HBase's request objects need.
 */
final class PeRequests {
  private final PeSpec spec;
  private final SplittableRandom random;
  /** PE's families and qualifiers, shared with the blocking client's scans and checks (never written after this). */
  final byte[][] families;
  final byte[][] qualifiers;
  private final byte[] row = new byte[PeLayout.ROW_LENGTH];
  final byte[] value;
  private final Durability durability;
  private final Consistency consistency;

  PeRequests(PeSpec spec, SplittableRandom random) {
    this.spec = spec;
    this.random = random;
    this.families = new byte[spec.families()][];
    for (int f = 0; f < families.length; f++) {
      families[f] = PeLayout.family(f);
    }
    this.qualifiers = new byte[spec.columns()][];
    for (int c = 0; c < qualifiers.length; c++) {
      qualifiers[c] = PeLayout.qualifier(c);
    }
    this.value = new byte[spec.valueSize()];
    this.durability = spec.writeToWal() ? Durability.SYNC_WAL : Durability.SKIP_WAL;
    this.consistency = spec.replicas() > 1 ? Consistency.TIMELINE : Consistency.STRONG;
  }

  /** PE's random row (its getRandomRow): uniform over the key space. */
  int randomRow() {
    return random.nextInt(Integer.MAX_VALUE) % spec.totalRows();
  }

  /** Fills {@link #value} with a new PE-shaped value; returns its length (random with --valueRandom). */
  int nextValue() {
    int length = spec.valueRandom() ? random.nextInt(spec.valueSize()) : spec.valueSize();
    PeLayout.value(random, value, length);
    return length;
  }

  /** Row {@code rowNumber}'s Put: every family x column a new value. */
  Put put(int rowNumber) throws IOException {
    PeLayout.rowKey(rowNumber, row);
    Put put = new Put(row, 0, row.length);
    byte[] r = put.getRow();
    for (byte[] family : families) {
      for (byte[] q : qualifiers) {
        int length = nextValue();
        // a KeyValue straight from the reused buffer: it copies, so the buffer is free again at once
        put.add(new KeyValue(r, 0, r.length, family, 0, family.length, q, 0, q.length, HConstants.LATEST_TIMESTAMP,
            KeyValue.Type.Put, value, 0, length));
      }
    }
    put.setDurability(durability);
    return put;
  }

  /** Row {@code rowNumber}'s Get of every family x column. */
  Get get(int rowNumber) {
    PeLayout.rowKey(rowNumber, row);
    Get get = new Get(row, 0, row.length);
    for (byte[] family : families) {
      for (byte[] q : qualifiers) {
        get.addColumn(family, q);
      }
    }
    get.setConsistency(consistency);
    return get;
  }

  /** A Scan of every family x column with --caching. */
  Scan scan() {
    Scan scan = new Scan().setCaching(spec.caching()).setConsistency(consistency);
    for (byte[] family : families) {
      for (byte[] q : qualifiers) {
        scan.addColumn(family, q);
      }
    }
    return scan;
  }

  /**
   * OK when every requested cell is there with PE-shaped bytes of the expected length; NOT_FOUND for no row,
   * UNEXPECTED_STATE for anything else. Stateless: safe on any thread.
   */
  Status check(Result r) {
    if (r == null || r.isEmpty()) {
      return Status.NOT_FOUND;
    }
    Cell[] cells = r.rawCells();
    if (cells.length != families.length * qualifiers.length) {
      return Status.UNEXPECTED_STATE;
    }
    for (Cell c : cells) {
      int length = c.getValueLength();
      if ((!spec.valueRandom() && length != spec.valueSize())
          || !PeLayout.wellFormed(c.getValueArray(), c.getValueOffset(), length)) {
        return Status.UNEXPECTED_STATE;
      }
    }
    return Status.OK;
  }
}
