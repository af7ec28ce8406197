/**
 * Dataset sizing for {@code hbload plan}: how many bytes a workload's row takes in HBase, how much
 * memory a cluster caches it in (L1, L2, OS page cache), and which recordcounts fall in which
 * caching regime.
 */
package io.hbload.hbase.sizing;
