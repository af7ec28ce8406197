package io.hbload.hbase.request;

import io.hbload.core.binding.Fields;
import io.hbload.core.binding.Key;
import io.hbload.core.binding.Values;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.PageFilter;

/**
 * The HBase request for each of YCSB's operations, built here only, so that the blocking and the
 * async binding send the server the same thing. The cells are YCSB's hbase binding's: row = the
 * key's bytes, one family, qualifier = field name, value bytes as given; writes carry the
 * configured durability.
 *
 * <p>A scan is YCSB's hbase2 scan (start row, caching = record count, a {@link PageFilter} of the
 * record count unless {@code hbase.usepagefilter=false}, the named columns or the whole family)
 * plus {@link Scan#setLimit}: the page filter counts per region, so a scan crossing a region
 * boundary reads up to the record count again in the next region, and without a limit HBase's
 * client scanner fetches another batch when asked for a row past the cache; with the limit the
 * client scanner closes the scan as soon as it has the record count, on either client.
 *
 * <p>Confined to its owner's thread (one binding, one worker): it keeps the last page filter.
 * Allocation per call is what HBase's request objects need (the request, one copy of the row key,
 * the column set, one {@link KeyValue} per written field built straight from the engine's value
 * slice); the page filter is made again only when the record count changes.
 */
public final class YcsbRequests {
  private final byte[] family;
  private final Durability durability;
  private final boolean usePageFilter;
  // PageFilter is plain data on the client (its row counter only moves on the server), so one per
  // page size
  private PageFilter pageFilter;

  /**
   * @param family the column family every field lives in ({@code columnfamily})
   * @param durability the writes' durability ({@code durability})
   * @param usePageFilter {@code hbase.usepagefilter}: scans carry a page filter of the record count
   */
  public YcsbRequests(String family, Durability durability, boolean usePageFilter) {
    this.family = family.getBytes(StandardCharsets.UTF_8);
    this.durability = durability;
    this.usePageFilter = usePageFilter;
  }

  /** The read of {@code key}: the named fields, or the whole family. */
  public Get get(Key key, Fields fields) {
    Get get = new Get(key.array(), 0, key.length());
    if (fields.isAll()) {
      get.addFamily(family);
    } else {
      for (int i = 0, n = fields.count(); i < n; i++) {
        get.addColumn(family, fields.nameBytes(i));
      }
    }
    return get;
  }

  /**
   * The scan of {@code recordCount} rows from {@code startKey} (inclusive): the named fields, or
   * the whole family.
   */
  public Scan scan(Key startKey, int recordCount, Fields fields) {
    // withStartRow keeps the array, and the engine refills the key's buffer: copy
    Scan scan = new Scan().withStartRow(Arrays.copyOf(startKey.array(), startKey.length()));
    scan.setCaching(recordCount);
    // the scan ends after recordCount rows over all regions (the page filter limits per region
    // only)
    scan.setLimit(recordCount);
    if (usePageFilter) {
      if (pageFilter == null || pageFilter.getPageSize() != recordCount) {
        pageFilter = new PageFilter(recordCount);
      }
      scan.setFilter(pageFilter);
    }
    if (fields.isAll()) {
      scan.addFamily(family);
    } else {
      for (int i = 0, n = fields.count(); i < n; i++) {
        scan.addColumn(family, fields.nameBytes(i));
      }
    }
    return scan;
  }

  /**
   * The write of {@code values} into row {@code key} (YCSB's insert and update alike). The values
   * are copied into the Put's cells, so the engine may refill its slices as soon as this returns.
   *
   * @throws IOException as {@link Put#add} declares (not thrown for cells of the Put's own row)
   */
  public Put put(Key key, Values values) throws IOException {
    Put put = new Put(key.array(), 0, key.length());
    put.setDurability(durability);
    byte[] row = put.getRow();
    for (int i = 0, n = values.count(); i < n; i++) {
      byte[] q = values.nameBytes(i);
      // one KeyValue straight from the engine's slice: Put.addColumn would need an exact-length
      // value array
      put.add(
          new KeyValue(
              row,
              0,
              row.length,
              family,
              0,
              family.length,
              q,
              0,
              q.length,
              HConstants.LATEST_TIMESTAMP,
              KeyValue.Type.Put,
              values.array(i),
              values.offset(i),
              values.length(i)));
    }
    return put;
  }

  /** The delete of row {@code key} (every cell). */
  public Delete delete(Key key) {
    Delete delete = new Delete(key.array(), 0, key.length());
    delete.setDurability(durability);
    return delete;
  }
}
