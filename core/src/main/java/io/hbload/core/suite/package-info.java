/**
 * After the runs: a suite's rounds x workloads put together into one result table, from the kept
 * rounds only (the first rounds are warm-up and discarded, as the seed's method does), with
 * percentiles from the kept rounds' summed histograms beside the mean and spread of the per-round
 * figures, rendered as text, markdown, CSV and JSON.
 */
package io.hbload.core.suite;
