/**
 * The acknowledged-write audit ({@code --verify}): while a phase runs, each worker remembers every
 * write it finished in its own {@link io.hbload.core.audit.WriteLog} (key number, what it wrote,
 * whether the store acknowledged it, when it started and ended); after the phase the logs are
 * resolved into one {@link io.hbload.core.audit.AuditSet} (per key what the store must hold now),
 * which {@link io.hbload.core.audit.ReadBack} reads back through the binding into an {@link
 * io.hbload.core.audit.AuditReport}: acknowledged, present, lost, changed, unknown. {@link
 * io.hbload.core.audit.AuditFile} keeps the set for {@code hbload verify} later. Sits beside {@code
 * exec}: the loops only hand it finished writes.
 */
package io.hbload.core.audit;
