/**
 * After the run, for many clients: the shards' HdrHistogram logs merged losslessly into one run's
 * result ({@link HlogMerge}), reported as any single run is.
 */
package io.hbload.core.merge;
