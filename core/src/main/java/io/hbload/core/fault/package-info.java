/**
 * Faults as part of a benchmark phase: the binding's {@link io.hbload.core.fault.FaultTarget}
 * carries out the actions of the spec's {@link io.hbload.core.config.FaultSchedule}, the engine
 * fires them on the phase's clock from a thread of its own beside the load ({@link
 * io.hbload.core.fault.FaultRunner}), and after the phase {@link io.hbload.core.fault.FaultImpact}
 * reads what each cost the clients out of the 1 s interval series: the worst latency, the p99
 * against the baseline before it, the seconds without service and the time to recover. The result
 * is a {@link io.hbload.core.fault.FaultReport} among the run's figures. Core knows no store: what
 * an action does is the target's.
 */
package io.hbload.core.fault;
