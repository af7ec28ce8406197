/**
 * When each operation is meant to start: the target-rate pacer whose intended start times make
 * latency free of coordinated omission.
 */
package io.hbload.core.schedule;
