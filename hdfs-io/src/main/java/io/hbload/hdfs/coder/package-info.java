/**
 * The ISA-L raw coder for Hadoop (JNI library, factory registered as {@code rs_isal}), the coder
 * preference logic, and the coder benchmark. The encoder/decoder adapters live in {@code
 * org.apache.hadoop.io.erasurecode.rawcoder} because Hadoop keeps their state classes
 * package-private.
 */
package io.hbload.hdfs.coder;
