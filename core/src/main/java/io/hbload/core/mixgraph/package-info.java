/**
 * RocksDB db_bench's mixgraph model (Cao et al., "Characterizing, Modeling, and Benchmarking
 * RocksDB Key-Value Workloads at Facebook", FAST'20) as samplers: which key an operation touches
 * ({@link io.hbload.core.mixgraph.MixgraphKeys}: key ranges of two-term-exponential hotness, keys
 * within a range by a power model), how large a written value is ({@link
 * io.hbload.core.mixgraph.ValueSizes}) and how long a seek scans ({@link
 * io.hbload.core.mixgraph.SeekLengths}), both from generalized Pareto distributions, and the
 * Get/Put/Seek mix ({@link io.hbload.core.mixgraph.MixgraphModel}). Each sampler maps uniform draws
 * to values and also states its distribution (a CDF), so a run can be checked against what was
 * configured ({@link io.hbload.core.mixgraph.KolmogorovSmirnov}). Below {@code source}, whose
 * mixgraph source draws from these with its cycle's random numbers; above {@code config}.
 */
package io.hbload.core.mixgraph;
