/**
 * hbload's HBase binding: {@link HBaseBindingProvider} is found by the engine through {@code
 * ServiceLoader}; it reads the cluster configuration ({@code conf}), sets up the table ({@code
 * table}), opens a session whose per-worker bindings issue the operations ({@code ops}, pipelined:
 * {@code async}) as the requests one builder makes for both ({@code request}), reads RegionServer
 * block-cache figures around the run ({@code metrics}) and, with no cluster configured, starts an
 * in-process mini cluster ({@code embedded}). {@code ycsb} adapts the same binding to YCSB's {@code
 * site.ycsb.DB}; {@code testkit} gives JUnit 5 tests an HBase.
 */
package io.hbload.hbase;
