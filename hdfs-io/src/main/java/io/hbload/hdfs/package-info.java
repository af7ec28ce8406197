/**
 * hbload dfsio: a streaming replication-vs-erasure-coding benchmark for HDFS (TestDFSIO without
 * MapReduce) with an ISA-L raw coder. Flow: {@code config} (validated specs) -> {@code cluster}
 * (embedded MiniDFSCluster or a real HDFS) -> {@code stream} (writers/readers over a deterministic
 * content pattern) -> {@code report}; {@code coder} plugs ISA-L into Hadoop. Entry points: {@link
 * io.hbload.hdfs.DfsioPasses} (one call per CLI command) and {@link
 * io.hbload.hdfs.report.DfsioReport}; {@link Dfsio} for single passes.
 */
package io.hbload.hdfs;
