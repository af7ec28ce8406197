/**
 * Between the operation and the client: {@link YcsbRequests} turns one YCSB operation (key, fields,
 * values, record count) into the HBase Get, Scan, Put or Delete, the one builder both the blocking
 * ({@code ops}) and the async ({@code async}) binding send, so the two paths make the server do the
 * same work. PE's requests are PE's own ({@code pe}).
 */
package io.hbload.hbase.request;
