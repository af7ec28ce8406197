/**
 * The cluster hbload uses when none is configured: HBase's own mini cluster in this JVM, on 127.0.0.1, on the
 * local file system, with info servers off and cluster logging at ERROR; its data lives in a temporary
 * directory removed on close, on failure and at JVM exit.
 */
package io.hbload.hbase.embedded;
