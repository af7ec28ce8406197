package io.hbload.hbase.pe;

import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;

/**
 * The typed extension of a PE client's {@link io.hbload.core.binding.AsyncBinding}: the calls PE's
 * async commands make on HBase's {@link org.apache.hadoop.hbase.client.AsyncTable}, which {@link
 * PeAsyncSource}'s steps issue. Issued on the client's worker; the futures complete on HBase's
 * threads.
 */
interface PeAsyncCalls {
  CompletableFuture<Void> put(Put put);

  CompletableFuture<Result> get(Get get);

  /**
   * PE's AsyncScanTest scanner, which fetches ahead asynchronously and hands rows over in order.
   */
  ResultScanner scanner(Scan scan);
}
