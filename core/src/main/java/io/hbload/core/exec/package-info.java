/**
 * Runs a phase: worker threads perform YCSB CoreWorkload operations through a binding on the schedule,
 * the calling thread reports every interval; {@link io.hbload.core.exec.Runner} opens and closes the
 * binding's session and loads first when the store starts empty.
 */
package io.hbload.core.exec;
