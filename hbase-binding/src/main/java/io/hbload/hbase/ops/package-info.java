/**
 * Third step: the operations. {@link io.hbload.hbase.ops.HBaseSession} holds the one shared {@code Connection}
 * of a run; each worker gets an {@link io.hbload.hbase.ops.HBaseBinding} with its own {@code Table} (and
 * {@code BufferedMutator} when client buffering is on) that maps YCSB's operations onto HBase calls exactly as
 * YCSB's hbase binding does.
 */
package io.hbload.hbase.ops;
