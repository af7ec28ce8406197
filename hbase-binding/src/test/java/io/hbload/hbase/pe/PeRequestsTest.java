package io.hbload.hbase.pe;

import static org.assertj.core.api.Assertions.assertThat;

import io.hbload.core.binding.Status;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.PageFilter;
import org.apache.hadoop.hbase.filter.ValueFilter;
import org.junit.jupiter.api.Test;

/**
 * PE's read options on the requests both the blocking and the async commands send (one builder,
 * PeRequests).
 */
class PeRequestsTest {
  private static PeRequests requests(
      boolean filterAll, boolean cacheBlocks, boolean asyncPrefetch, Scan.ReadType readType) {
    PeSpec spec =
        PeSpec.validated(
            new PeWorkload(PeTest.RANDOM_READ, 2, 10, false, false, 0, true, 0, 0),
            10,
            null,
            0,
            PeTableOptions.peDefaults(),
            new PeExecution(1, false, false, 0, 1f, 0, 0),
            new PeScanOptions(30, filterAll, cacheBlocks, asyncPrefetch, readType));
    return new PeRequests(spec, new SplittableRandom(1));
  }

  @Test
  void scansCarryCacheBlocksAsyncPrefetchAndReadType() {
    PeRequests r = requests(false, false, true, Scan.ReadType.PREAD);
    for (Scan scan : List.of(r.scan(null), r.familyZeroScan(null))) {
      assertThat(scan.getCacheBlocks()).isFalse();
      assertThat(scan.isAsyncPrefetch()).isTrue();
      assertThat(scan.getReadType()).isEqualTo(Scan.ReadType.PREAD);
      assertThat(scan.getFilter()).isNull();
    }
    PeRequests defaults = requests(false, true, false, Scan.ReadType.DEFAULT);
    assertThat(defaults.scan(null).getCacheBlocks()).isTrue();
    assertThat(defaults.scan(null).isAsyncPrefetch()).isFalse();
    assertThat(defaults.get(3).getFilter()).isNull();
  }

  @Test
  void filterAllFiltersEveryGetAndScanAndAnEmptyResultIsOk() {
    PeRequests r = requests(true, true, false, Scan.ReadType.DEFAULT);
    Get get = r.get(3);
    assertThat(get.getFilter())
        .isInstanceOfSatisfying(
            ValueFilter.class,
            f -> assertThat(f.getCompareOperator()).isEqualTo(CompareOperator.NO_OP));
    assertThat(r.scan(null).getFilter()).isInstanceOf(ValueFilter.class);
    // the command's own filter stays, beside --filterAll's
    assertThat(r.scan(new PageFilter(120)).getFilter())
        .isInstanceOfSatisfying(
            FilterList.class,
            l ->
                assertThat(l.getFilters())
                    .hasSize(2)
                    .anyMatch(ValueFilter.class::isInstance)
                    .anyMatch(PageFilter.class::isInstance));
    assertThat(r.check(Result.EMPTY_RESULT)).isEqualTo(Status.OK);
    assertThat(r.scanEnd()).isEqualTo(Status.OK);
    Result aRow =
        Result.create(
            List.of(
                new KeyValue(
                    PeLayout.rowKey(3), PeLayout.family(0), PeLayout.qualifier(0), new byte[10])));
    assertThat(r.check(aRow)).as("a row past the filter").isEqualTo(Status.UNEXPECTED_STATE);

    PeRequests plain = requests(false, true, false, Scan.ReadType.DEFAULT);
    assertThat(plain.check(Result.EMPTY_RESULT)).isEqualTo(Status.NOT_FOUND);
    assertThat(plain.scanEnd()).isEqualTo(Status.NOT_FOUND);
  }
}
