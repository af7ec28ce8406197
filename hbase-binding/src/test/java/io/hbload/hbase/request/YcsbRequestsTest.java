package io.hbload.hbase.request;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.binding.Key;
import io.hbload.hbase.ycsb.ArrayFields;
import io.hbload.hbase.ycsb.ArrayValues;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.PageFilter;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** The requests for YCSB's operations: YCSB's hbase2 cells and scan, plus the scan's limit. */
class YcsbRequestsTest {
  private static final byte[] FAMILY = Bytes.toBytes("family");

  private final YcsbRequests withPageFilter = new YcsbRequests("family", Durability.SYNC_WAL, true);
  private final YcsbRequests withoutPageFilter =
      new YcsbRequests("family", Durability.ASYNC_WAL, false);

  @Test
  void scanStartsAtTheKeyAndStopsAfterTheRecordCountWithOrWithoutThePageFilter() {
    Key key = new Key().set("user1234");
    Scan scan = withPageFilter.scan(key, 25, new ArrayFields().set(null));
    key.set("user9999");
    assertThat(Bytes.toString(scan.getStartRow()))
        .as("a copy of the key, not its reused buffer")
        .isEqualTo("user1234");
    assertThat(scan.includeStartRow()).isTrue();
    assertThat(scan.getStopRow()).isEmpty();
    assertThat(scan.getLimit()).isEqualTo(25);
    assertThat(scan.getCaching()).isEqualTo(25);
    assertThat(scan.getFilter()).isInstanceOf(PageFilter.class);
    assertThat(((PageFilter) scan.getFilter()).getPageSize()).isEqualTo(25);
    assertThat(scan.getFamilyMap()).containsOnlyKeys(FAMILY);
    assertThat(scan.getFamilyMap().get(FAMILY)).as("the whole family").isNull();

    Scan plain = withoutPageFilter.scan(new Key().set("user1234"), 25, new ArrayFields().set(null));
    assertThat(plain.getFilter()).isNull();
    assertThat(plain.getLimit()).isEqualTo(25);
    assertThat(plain.getCaching()).isEqualTo(25);
  }

  @Test
  void scanOfNamedFieldsAsksForThoseColumnsOnly() {
    Scan scan =
        withPageFilter.scan(
            new Key().set("user1"), 10, new ArrayFields().set(List.of("field3", "field0")));
    assertThat(qualifiers(scan.getFamilyMap().get(FAMILY))).containsExactly("field0", "field3");
  }

  @Test
  void thePageFilterIsMadeAgainOnlyWhenTheRecordCountChanges() {
    ArrayFields all = new ArrayFields().set(null);
    Key key = new Key().set("user1");
    PageFilter first = (PageFilter) withPageFilter.scan(key, 10, all).getFilter();
    assertThat(withPageFilter.scan(key, 10, all).getFilter()).isSameAs(first);
    PageFilter other = (PageFilter) withPageFilter.scan(key, 11, all).getFilter();
    assertThat(other).isNotSameAs(first);
    assertThat(other.getPageSize()).isEqualTo(11);
  }

  @Test
  void getAsksForTheNamedFieldsOrTheWholeFamily() {
    Get all = withPageFilter.get(new Key().set("user42"), new ArrayFields().set(null));
    assertThat(Bytes.toString(all.getRow())).isEqualTo("user42");
    assertThat(all.getFamilyMap()).containsOnlyKeys(FAMILY);
    assertThat(all.getFamilyMap().get(FAMILY)).isNull();

    Get some =
        withPageFilter.get(
            new Key().set("user42"), new ArrayFields().set(List.of("field1", "field7")));
    assertThat(qualifiers(some.getFamilyMap().get(FAMILY))).containsExactly("field1", "field7");
  }

  @Test
  void putCarriesOneCellPerFieldCopiedFromTheValuesWithTheDurability() throws Exception {
    byte[] v0 = "value-zero".getBytes(StandardCharsets.UTF_8);
    byte[] v1 = "value-one".getBytes(StandardCharsets.UTF_8);
    ArrayValues values = new ArrayValues().add("field0", v0).add("field1", v1);
    Put put = withPageFilter.put(new Key().set("user7"), values);
    v0[0] = 'X';
    assertThat(Bytes.toString(put.getRow())).isEqualTo("user7");
    assertThat(put.getDurability()).isEqualTo(Durability.SYNC_WAL);
    List<String> cells = new ArrayList<>();
    for (Cell c : put.getFamilyCellMap().get(FAMILY)) {
      assertThat(CellUtil.cloneRow(c)).isEqualTo(Bytes.toBytes("user7"));
      assertThat(c.getTimestamp()).as("the server's time").isEqualTo(HConstants.LATEST_TIMESTAMP);
      cells.add(
          Bytes.toString(CellUtil.cloneQualifier(c))
              + "="
              + Bytes.toString(CellUtil.cloneValue(c)));
    }
    assertThat(cells)
        .as("values copied when built")
        .containsExactly("field0=value-zero", "field1=value-one");
    assertThat(withoutPageFilter.put(new Key().set("user7"), values).getDurability())
        .isEqualTo(Durability.ASYNC_WAL);
  }

  @Test
  void deleteRemovesTheWholeRowWithTheDurability() {
    Delete delete = withoutPageFilter.delete(new Key().set("user8"));
    assertThat(Bytes.toString(delete.getRow())).isEqualTo("user8");
    assertThat(delete.getFamilyCellMap()).as("no family or column named: every cell").isEmpty();
    assertThat(delete.getDurability()).isEqualTo(Durability.ASYNC_WAL);
  }

  private static List<String> qualifiers(Iterable<byte[]> qualifiers) {
    List<String> out = new ArrayList<>();
    for (byte[] q : qualifiers) {
      out.add(Bytes.toString(q));
    }
    return out;
  }
}
