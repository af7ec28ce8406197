/**
 * The drop-in for YCSB 0.17's own {@code site.ycsb.Client}: {@link
 * io.hbload.hbase.ycsb.HbloadHBaseClient} extends {@code site.ycsb.DB}, reads the hbase binding's
 * properties and drives the same {@code HBaseBinding} hbload uses, so a table written by either
 * reads back in the other.
 */
package io.hbload.hbase.ycsb;
