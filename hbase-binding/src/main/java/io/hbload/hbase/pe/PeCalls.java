package io.hbload.hbase.pe;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;

/**
 * The typed extension of a PE client's {@link io.hbload.core.binding.Binding}: the HBase calls PE's
 * commands make, which YCSB's binding has no method for (increment, append, check-and-*, PE's own
 * Get, Put and Scan requests). {@link PeSource}'s steps call it; the engine's loop times and
 * records each step around the call. Confined to the client's worker.
 */
interface PeCalls {
  /**
   * One row's put: through the client's buffered mutator when it has one (PE's
   * BufferedMutatorTest), else sent.
   */
  void put(Put put) throws IOException;

  /** A --multiPut batch, sent as one call. */
  void put(List<Put> puts) throws IOException;

  Result get(Get get) throws IOException;

  /** A --multiGet batch, sent as one call. */
  Result[] get(List<Get> gets) throws IOException;

  ResultScanner scanner(Scan scan) throws IOException;

  void increment(Increment increment) throws IOException;

  void append(Append append) throws IOException;

  /**
   * PE's check-and-set calls: the builder of a conditional mutation of {@code row} in {@code
   * family}.
   */
  Table.CheckAndMutateBuilder checkAndMutate(byte[] row, byte[] family);
}
