/**
 * Third step: the operations. {@link HBaseSession} holds the one shared {@code Connection} of a
 * run; each worker gets an {@link HBaseBinding} with its own {@code Table} (and {@code
 * BufferedMutator} when client buffering is on) that sends the requests {@link
 * io.hbload.hbase.request.YcsbRequests} builds for YCSB's operations (YCSB's hbase binding's cells
 * and scan, plus a scan limit), the same the async binding sends.
 */
package io.hbload.hbase.ops;
