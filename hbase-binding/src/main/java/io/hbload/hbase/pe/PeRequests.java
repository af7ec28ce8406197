package io.hbload.hbase.pe;

import io.hbload.core.binding.Status;
import java.io.IOException;
import java.util.SplittableRandom;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Consistency;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.ValueFilter;

/**
 * One client's PE requests, the same for the blocking and the async commands: the row each command
 * picks, the Put of a row (every family x column, PE-shaped values, --writeToWAL's durability), the
 * Get of a row, the Scans (--caching, --cacheBlocks, --asyncPrefetch, --scanReadType, --replicas'
 * consistency), --filterAll on every read, and the check of a read's result.
 *
 * <p>Confined to one client's thread, except {@link #check}, which is stateless and may run on
 * HBase's event-loop threads. The key and value buffers are reused; what is allocated per request
 * is what HBase's request objects need.
 */
final class PeRequests {
  private final PeSpec spec;

  /** PE's tag value length. */
  private static final int TAG_LENGTH = 256;

  /** A serialized tag's 2-byte length and 1-byte type before its value. */
  private static final int TAG_HEADER = 3;

  private final SplittableRandom random;

  /**
   * PE's families and qualifiers, shared with the blocking client's scans and checks (never written
   * after this).
   */
  final byte[][] families;

  final byte[][] qualifiers;
  private final byte[] row = new byte[PeLayout.ROW_LENGTH];
  final byte[] value;
  private final Durability durability;
  private final Consistency consistency;

  /**
   * --filterAll: PE sets its FilterAllFilter, which lives in hbase-server's tests jar and so loads
   * on a RegionServer only where that jar is deployed. A ValueFilter with NO_OP does the same with
   * a filter every server has: it reads each cell and skips it, so the row is read on the server
   * and nothing comes back. Null without --filterAll.
   */
  private final Filter filterAll;

  /**
   * The tags of the cell being built (--usetags): PE's tags, serialized as HBase keeps them; null
   * without.
   */
  private final byte[] tags;

  private final byte[] tagValue = new byte[TAG_LENGTH];

  /** --valueZipf's lengths, else null. */
  private final ZipfValueLength zipf;

  PeRequests(PeSpec spec, SplittableRandom random) {
    this.spec = spec;
    this.random = random;
    this.families = new byte[spec.table().families()][];
    for (int f = 0; f < families.length; f++) {
      families[f] = PeLayout.family(f);
    }
    this.qualifiers = new byte[spec.workload().columns()][];
    for (int c = 0; c < qualifiers.length; c++) {
      qualifiers[c] = PeLayout.qualifier(c);
    }
    this.value = new byte[spec.workload().valueSize()];
    this.durability = spec.workload().writeToWal() ? Durability.SYNC_WAL : Durability.SKIP_WAL;
    this.consistency = spec.table().replicas() > 1 ? Consistency.TIMELINE : Consistency.STRONG;
    this.tags =
        spec.workload().tags() > 0
            ? new byte[spec.workload().tags() * (TAG_HEADER + TAG_LENGTH)]
            : null;
    this.zipf =
        spec.workload().valueZipf() ? new ZipfValueLength(spec.workload().valueSize()) : null;
    this.filterAll =
        spec.scan().filterAll()
            ? new ValueFilter(CompareOperator.NO_OP, new BinaryComparator(new byte[0]))
            : null;
  }

  /** PE's random row (its getRandomRow): uniform over the key space. */
  int randomRow() {
    return random.nextInt(Integer.MAX_VALUE) % spec.rows().totalRows();
  }

  /**
   * Fills {@link #value} with a new PE-shaped value; returns its length (PE's: --valueRandom,
   * --valueZipf or fixed).
   */
  int nextValue() {
    int length =
        spec.workload().valueRandom()
            ? random.nextInt(spec.workload().valueSize())
            : zipf != null ? zipf.next(random) : spec.workload().valueSize();
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
        // a KeyValue straight from the reused buffers: it copies, so they are free again at once
        put.add(
            tags == null
                ? new KeyValue(
                    r,
                    0,
                    r.length,
                    family,
                    0,
                    family.length,
                    q,
                    0,
                    q.length,
                    HConstants.LATEST_TIMESTAMP,
                    KeyValue.Type.Put,
                    value,
                    0,
                    length)
                : new KeyValue(
                    r,
                    0,
                    r.length,
                    family,
                    0,
                    family.length,
                    q,
                    0,
                    q.length,
                    HConstants.LATEST_TIMESTAMP,
                    KeyValue.Type.Put,
                    value,
                    0,
                    length,
                    nextTags(),
                    0,
                    tags.length));
      }
    }
    put.setDurability(durability);
    return put;
  }

  /**
   * PE's tags of one cell: N tags of types 0 .. N-1, all with one new 256-byte PE-shaped value, in
   * HBase's serialized form (2-byte length of type and value, type, value), written into the reused
   * buffer.
   */
  private byte[] nextTags() {
    PeLayout.value(random, tagValue, TAG_LENGTH);
    for (int n = 0; n < spec.workload().tags(); n++) {
      int at = n * (TAG_HEADER + TAG_LENGTH);
      tags[at] = (byte) ((TAG_LENGTH + 1) >> 8);
      tags[at + 1] = (byte) (TAG_LENGTH + 1);
      tags[at + 2] = (byte) n;
      System.arraycopy(tagValue, 0, tags, at + TAG_HEADER, TAG_LENGTH);
    }
    return tags;
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
    if (filterAll != null) {
      get.setFilter(filterAll);
    }
    return get;
  }

  /**
   * A Scan of every family x column; {@code filter} (may be null) is the command's own, as {@link
   * #scanOf}.
   */
  Scan scan(Filter filter) {
    Scan scan = scanOf(filter);
    for (byte[] family : families) {
      for (byte[] q : qualifiers) {
        scan.addColumn(family, q);
      }
    }
    return scan;
  }

  /** A Scan of family info0's columns (PE's filterScan); {@code filter} as {@link #scanOf}. */
  Scan familyZeroScan(Filter filter) {
    Scan scan = scanOf(filter);
    for (byte[] q : qualifiers) {
      scan.addColumn(families[0], q);
    }
    return scan;
  }

  /**
   * PE's settings of every scan (--caching, --cacheBlocks, --asyncPrefetch, --scanReadType) and its
   * filters: the command's own {@code filter} (may be null), with --filterAll's before it in one
   * list, as PE adds them.
   */
  private Scan scanOf(Filter filter) {
    Scan scan =
        new Scan()
            .setCaching(spec.scan().caching())
            .setConsistency(consistency)
            .setCacheBlocks(spec.scan().cacheBlocks())
            .setAsyncPrefetch(spec.scan().asyncPrefetch())
            .setReadType(spec.scan().readType());
    if (filterAll != null) {
      scan.setFilter(filter == null ? filterAll : new FilterList(filterAll, filter));
    } else if (filter != null) {
      scan.setFilter(filter);
    }
    return scan;
  }

  /**
   * What a scan's next() returning null means: the end of its rows, or with --filterAll every
   * next().
   */
  Status scanEnd() {
    return filterAll != null ? Status.OK : Status.NOT_FOUND;
  }

  /**
   * OK when every requested cell is there with PE-shaped bytes of the expected length; NOT_FOUND
   * for no row, UNEXPECTED_STATE for anything else. With --filterAll, OK for no row and
   * UNEXPECTED_STATE for any: the server filtered everything out. Stateless: safe on any thread.
   */
  Status check(Result r) {
    if (filterAll != null) {
      return r == null || r.isEmpty() ? Status.OK : Status.UNEXPECTED_STATE;
    }
    if (r == null || r.isEmpty()) {
      return Status.NOT_FOUND;
    }
    Cell[] cells = r.rawCells();
    if (cells.length != families.length * qualifiers.length) {
      return Status.UNEXPECTED_STATE;
    }
    for (Cell c : cells) {
      int length = c.getValueLength();
      if ((!spec.workload().valueRandom() && zipf == null && length != spec.workload().valueSize())
          || !PeLayout.wellFormed(c.getValueArray(), c.getValueOffset(), length)) {
        return Status.UNEXPECTED_STATE;
      }
    }
    return Status.OK;
  }
}
