/**
 * DataNodes stopped in the middle of a timed dfsio pass: which ones ({@link
 * io.hbload.hdfs.fault.DataNodeVictims}), how they are stopped (in process, or the user's {@code
 * --fault-exec}), the pass's calls split at the fault ({@link io.hbload.hdfs.fault.CallWindows}),
 * and HDFS's repair watched from the NameNode's block locations and the DataNodes' counters ({@link
 * io.hbload.hdfs.fault.RedundancyWatch}), put together by {@link
 * io.hbload.hdfs.fault.DataNodeFaultPass} into a {@link io.hbload.hdfs.report.DataNodeFaultResult}.
 */
package io.hbload.hdfs.fault;
