/**
 * Live metrics for watching a run (Micrometer, served to Prometheus or pushed to a Pushgateway).
 * Sits beside the reporter, never on the hot path: {@link RunMeters} is a {@link
 * io.hbload.core.exec.RunListener} fed from the interval snapshots the status line and the
 * HdrHistogram log already get, so watching costs nothing per operation. The HdrHistogram recorders
 * stay the source of every reported figure; these meters are for dashboards.
 */
package io.hbload.observe;
