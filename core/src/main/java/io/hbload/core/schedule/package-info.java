/**
 * When each operation is meant to start: the target-rate pacer whose intended start times make
 * latency free of coordinated omission, the {@link io.hbload.core.schedule.RateCurve} that turns a
 * rate schedule into intended starts (the inverse of its cumulative count), and the {@link
 * io.hbload.core.schedule.RateReport} of what a schedule asked against what was done.
 */
package io.hbload.core.schedule;
