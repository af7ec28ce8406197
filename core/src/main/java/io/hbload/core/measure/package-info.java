/**
 * Latency and outcome recording: one recorder per worker (no shared lock, no allocation in steady
 * state), swapped every interval by the reporter, which merges intervals and keeps run totals.
 * Nanoseconds throughout; reports convert to YCSB's microseconds.
 */
package io.hbload.core.measure;
