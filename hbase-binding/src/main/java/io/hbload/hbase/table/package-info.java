/**
 * Second step of a session: the table. Creates it pre-split with YCSB-style split points and the
 * chosen column family options, checks an existing one (table present, family present), drops it
 * only when asked, and waits for compactions between load and run.
 */
package io.hbload.hbase.table;
