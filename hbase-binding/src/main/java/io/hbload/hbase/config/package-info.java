/**
 * First step of the HBase binding: its property names ({@link io.hbload.hbase.config.HBaseProperties}) and the
 * parser that turns them into typed {@link io.hbload.hbase.config.HBaseSettings} at spec time, in the same pass
 * and error list as the engine's properties.
 */
package io.hbload.hbase.config;
